import { randomUUID } from 'node:crypto';
import * as path from 'node:path';
import { spawn, type ChildProcess } from 'node:child_process';
import request from 'supertest';
import type { EventStore } from '@inkprint/eventstore';
import type { JobBus } from '@inkprint/job-bus';
import { describeWithService } from '@inkprint/testing';
import { EVENT_STORE, JOB_BUS } from '../src/platform/tokens';
import { startTestApp, type TestApp } from './support/test-app';

const REPO = path.resolve(__dirname, '..', '..', '..');
const TEXT =
  'The committee reviewed the proposal in detail and concluded that further analysis is required before a decision. ' +
  'In addition, the budget should be revisited before the next meeting, and every stakeholder must be consulted. ' +
  'It is important to note that the timeline remains flexible, and the team will provide regular updates on progress. ' +
  // At least 50 words: a shorter text is too short to judge, so it is neither counted nor cached.
  'Furthermore, the committee will ensure that every recommendation is documented and shared with all departments.';

interface DetectResult {
  mode: string;
  score: number;
  engine: string;
}

async function eventually<T>(probe: () => Promise<T | undefined>, timeoutMs = 20_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe('API job bus, embedded (PGlite, in-process bus, worker threads)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ kind: 'pglite' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('reports the in-process bus in /health and runs a detect job off the event loop', async () => {
    const health = await request(t.server).get('/health').expect(200);
    expect(health.body.checks.jobBus).toMatchObject({ status: 'up', kind: 'in-process' });
    const bus = t.app.get<JobBus>(JOB_BUS);
    const result = await bus.request<DetectResult>({
      kind: 'detect',
      priority: 'normal',
      payload: { text: TEXT, mode: 'fast' },
    });
    expect(result.mode).toBe('fast');
    expect(result.score).toBeGreaterThanOrEqual(0);
    expect(result.score).toBeLessThanOrEqual(1);
  });
});

describeWithService('postgres', 'API in distributed mode', (postgresUrl) => {
  describeWithService('kafka', 'with Kafka and a separate detector-worker process', (brokers) => {
    const prefix = `e2e-${randomUUID().slice(0, 8)}`;
    let t: TestApp;
    let worker: ChildProcess;
    let workerLog = '';

    beforeAll(async () => {
      // apps/detector-worker as its own process, exactly as in production, on this test's topics.
      worker = spawn(process.execPath, ['-r', './scripts/ts-register.js', 'apps/detector-worker/src/main.ts'], {
        cwd: REPO,
        env: { ...process.env, KAFKA_BROKERS: brokers, KAFKA_TOPIC_PREFIX: prefix, WORKER_CONCURRENCY: '1' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      worker.stdout?.on('data', (d: Buffer) => (workerLog += d.toString()));
      worker.stderr?.on('data', (d: Buffer) => (workerLog += d.toString()));
      t = await startTestApp(
        { kind: 'postgres', baseUrl: postgresUrl },
        { env: { KAFKA_BROKERS: brokers, KAFKA_TOPIC_PREFIX: prefix, WORKER_MODE: 'external' }, label: 'distributed' },
      );
    }, 120_000);

    afterAll(async () => {
      await t?.close();
      if (worker && worker.exitCode === null) {
        const exited = new Promise((r) => worker.once('exit', r));
        worker.kill('SIGTERM');
        await exited;
      }
    }, 60_000);

    it('uses PostgreSQL and the Kafka bus, and the separate worker answers detect jobs', async () => {
      const health = await request(t.server).get('/health').expect(200);
      expect(health.body.checks.database).toMatchObject({ status: 'up', kind: 'postgres' });
      expect(health.body.checks.jobBus).toMatchObject({ status: 'up', kind: 'kafka', worker: 'external' });
      const bus = t.app.get<JobBus>(JOB_BUS);
      const result = await bus
        .request<DetectResult>(
          { kind: 'detect', priority: 'high', payload: { text: TEXT, mode: 'moderate' } },
          { timeoutMs: 60_000 },
        )
        .catch((error: unknown) => {
          throw new Error(`${String(error)}\nworker output:\n${workerLog}`);
        });
      expect(result.mode).toBe('moderate');
      expect(result.engine).toMatch(/onnx/);
    }, 90_000);

    it('answers the AI calls over HTTP through the separate worker process (detect with cache, humanise)', async () => {
      const ip = '198.51.100.77';
      const guest = (await request(t.server).post('/auth/guest/session').set('X-Forwarded-For', ip).expect(201)).body;
      const detect = () =>
        request(t.server)
          .post('/ai/detect?mode=strong')
          .set('X-Forwarded-For', ip)
          .set('X-Guest-Token', guest.token)
          .send({ text: TEXT, guestId: guest.guestId });
      const first = await detect();
      if (first.status !== 200) throw new Error(`${JSON.stringify(first.body)}\nworker output:\n${workerLog}`);
      expect(first.body.result).toMatchObject({ mode: 'strong', cached: false, engine: expect.stringMatching(/onnx/) });
      expect((await detect().expect(200)).body.result.cached).toBe(true);
      const humanised = await request(t.server)
        .post('/ai/humanise')
        .set('X-Forwarded-For', ip)
        .set('X-Guest-Token', guest.token)
        .send({ text: TEXT, tone: 'neutral', guestId: guest.guestId })
        .expect(200);
      expect(humanised.body.result.evaluation).toMatchObject({ verdict: expect.any(String) });
      expect(humanised.body.usage.humaniser.dailyUsed).toBe(1);
    }, 120_000);

    it('relays committed events to the domain event topic', async () => {
      const store = t.app.get<EventStore>(EVENT_STORE);
      await store.appendToStream(`e2e-${randomUUID()}`, [{ type: 'E2eHappened', data: { n: 1 } }], {
        expectedVersion: 'no_stream',
      });
      const published = await eventually(async () => {
        const res = await request(t.server).get('/health');
        const n = res.body.checks?.domainEventRelay?.published as number | undefined;
        return n && n >= 1 ? n : undefined;
      });
      expect(published).toBeGreaterThanOrEqual(1);
      // The relay's lag (committed, not yet published) drains to zero once nothing new is written.
      const lag = await eventually(async () => {
        const relay = (await request(t.server).get('/health')).body.checks?.domainEventRelay as
          { lag?: number } | undefined;
        return relay?.lag === 0 ? 0 : undefined;
      });
      expect(lag).toBe(0);
    }, 60_000);
  });
});
