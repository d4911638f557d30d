import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { describeWithService } from '@inkprint/testing';
import { startTestApp, type TestApp } from './support/test-app';

/** The value of one Prometheus sample line, or undefined when the series is absent. */
function sample(body: string, name: string, labels: Record<string, string>): number | undefined {
  const wanted = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  const line = body.split('\n').find((l) => l.startsWith(`${name}{`) && wanted.every((pair) => l.includes(pair)));
  return line === undefined ? undefined : Number(line.slice(line.lastIndexOf(' ') + 1));
}

describe('GET /metrics (Prometheus text format)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp({ kind: 'pglite' });
  }, 120_000);
  afterAll(() => t?.close());

  it('times requests per route template, never per raw URL, and exposes process metrics', async () => {
    await request(t.server).get('/health');
    await request(t.server).get('/health');
    await request(t.server).get('/ai/report/00000000-0000-4000-8000-000000000000');

    const res = await request(t.server).get('/metrics').expect(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain;.*version=0\.0\.4/); // Express adds charset=utf-8
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.text;
    expect(body).toContain('# TYPE inkprint_http_request_duration_seconds histogram');
    expect(
      sample(body, 'inkprint_http_request_duration_seconds_count', { method: 'GET', route: '/health' }),
    ).toBeGreaterThanOrEqual(2);
    // the report id is a parameter of the template, not a label value of its own
    expect(body).toMatch(/inkprint_http_request_duration_seconds_count\{[^}]*route="\/ai\/report\/:id"/);
    expect(body).not.toContain('00000000-0000-4000-8000-000000000000');
    expect(body).toContain('inkprint_api_process_cpu_seconds_total');
  });

  it('times jobs per kind and mode and records the engine time the worker reports', async () => {
    const guest = (await request(t.server).post('/auth/guest/session').expect(201)).body as {
      guestId: string;
      token: string;
    };
    const text = 'The committee met on Tuesday to review the budget. '.repeat(12);
    await request(t.server)
      .post('/ai/detect?mode=fast')
      .set('X-Guest-Token', guest.token)
      .send({ guestId: guest.guestId, text })
      .expect(200);
    const body = (await request(t.server).get('/metrics').expect(200)).text;
    expect(sample(body, 'inkprint_job_duration_seconds_count', { kind: 'detect', mode: 'fast', outcome: 'ok' })).toBe(
      1,
    );
    expect(sample(body, 'inkprint_detector_engine_seconds_count', { kind: 'detect', mode: 'fast' })).toBe(1);
    expect(body).toContain('# TYPE inkprint_jobs_in_flight gauge');
    expect(sample(body, 'inkprint_eventstore_append_seconds_count', { outcome: 'ok' })).toBeGreaterThan(0);
  });

  it('counts daily-limit refusals by feature (the usage room counts them on their way out)', async () => {
    const guest = (await request(t.server).post('/auth/guest/session').expect(201)).body as {
      guestId: string;
      token: string;
    };
    const text = 'The committee met on Tuesday to review the budget. '.repeat(12);
    // The guest plan allows 3 a day per guest and per address; earlier tests here used some of this address's.
    let refused = 0;
    for (let i = 0; i < 4 && refused === 0; i++) {
      const res = await request(t.server)
        .post('/ai/detect?mode=fast')
        .set('X-Guest-Token', guest.token)
        .send({ guestId: guest.guestId, text });
      if (res.status === 429) {
        expect(res.body.code).toBe('DAILY_LIMIT_REACHED');
        refused++;
      } else expect(res.status).toBe(200);
    }
    expect(refused).toBe(1);
    const body = (await request(t.server).get('/metrics').expect(200)).text;
    expect(sample(body, 'inkprint_quota_refusals_total', { feature: 'detector' })).toBe(1);
  });

  it('reports the lag of every projection at scrape time', async () => {
    const status = (await request(t.server).get('/health').expect(200)).body as {
      checks: { projections: { projections: Array<{ name: string }> } };
    };
    const names = status.checks.projections.projections.map((p) => p.name);
    expect(names.length).toBeGreaterThan(0);
    const body = (await request(t.server).get('/metrics').expect(200)).text;
    expect(body).toContain('# TYPE inkprint_projection_lag_events gauge');
    for (const name of names) {
      expect(sample(body, 'inkprint_projection_lag_events', { projection: name })).toBeGreaterThanOrEqual(0);
    }
  });

  it('times every projection batch and counts the events it applied', async () => {
    await request(t.server).post('/auth/guest/session').expect(201); // a GuestSessionStarted for the projections
    let body = '';
    for (const until = Date.now() + 10_000; Date.now() < until; await new Promise((r) => setTimeout(r, 50))) {
      body = (await request(t.server).get('/metrics').expect(200)).text;
      if ((sample(body, 'inkprint_projection_events_total', {}) ?? 0) > 0) break;
    }
    expect(body).toContain('# TYPE inkprint_projection_batch_seconds histogram');
    const batched = [...body.matchAll(/^inkprint_projection_batch_seconds_count\{projection="([^"]+)"\} (\d+)/gm)];
    expect(batched.length).toBeGreaterThan(0);
    for (const [, projection, count] of batched) {
      expect(Number(count)).toBeGreaterThan(0);
      expect(sample(body, 'inkprint_projection_events_total', { projection })).toBeGreaterThanOrEqual(Number(count));
    }
  });

  it('is not part of the OpenAPI document (text format, no JSON schema)', async () => {
    const doc = (await request(t.server).get('/api/docs-json').expect(200)).body as { paths: Record<string, unknown> };
    expect(doc.paths['/metrics']).toBeUndefined();
  });
});

describeWithService('postgres', 'GET /metrics in distributed mode', (postgresUrl) => {
  describeWithService('kafka', 'with Kafka and the domain-event relay', (brokers) => {
    let t: TestApp;

    beforeAll(async () => {
      const prefix = `metrics-${randomUUID().slice(0, 8)}`;
      t = await startTestApp(
        { kind: 'postgres', baseUrl: postgresUrl },
        { env: { KAFKA_BROKERS: brokers, KAFKA_TOPIC_PREFIX: prefix, WORKER_MODE: 'external' }, label: 'metrics' },
      );
    }, 120_000);
    afterAll(() => t?.close());

    it('reports the relay lag of the domain-event topic', async () => {
      const health = (await request(t.server).get('/health').expect(200)).body as {
        checks: { domainEventRelay: { topic: string } };
      };
      const body = (await request(t.server).get('/metrics').expect(200)).text;
      expect(body).toContain('# TYPE inkprint_relay_lag_events gauge');
      expect(
        sample(body, 'inkprint_relay_lag_events', { topic: health.checks.domainEventRelay.topic }),
      ).toBeGreaterThanOrEqual(0);
    });
  });
});

describe('GET /health/ready (readiness, separate from liveness)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp({ kind: 'pglite' });
  }, 120_000);
  afterAll(() => t?.close());

  it('answers 200 with only the database, job bus and projections checks', async () => {
    const res = await request(t.server).get('/health/ready').expect(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body.status).toBe('ok');
    expect(Object.keys(res.body.checks).sort()).toEqual(['database', 'jobBus', 'projections']);
  });
});
