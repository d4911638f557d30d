import { Writable } from 'node:stream';
import request from 'supertest';
import { configureLogging } from '@inkprint/job-bus';
import { describeWithService, realServiceUrl } from '@inkprint/testing';
import { startWorkerProcess } from './support/worker-process';
import { startTestApp, type TestApp, type TestBackend } from './support/test-app';

jest.setTimeout(180_000);

const TEXT =
  'Artificial intelligence has transformed numerous industries by enabling unprecedented levels of automation. ' +
  'Furthermore, it is important to note that these technologies continue to evolve rapidly across every sector.';

type LogLine = Record<string, unknown>;

function parseLines(text: string): LogLine[] {
  return text
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as LogLine);
}

/** The API process's log lines, read from a sink instead of stdout. */
function captureApiLogs(): () => LogLine[] {
  let text = '';
  configureLogging({
    level: 'info',
    format: 'json',
    name: 'api',
    destination: new Writable({
      write(chunk: Buffer, _encoding, done) {
        text += chunk.toString();
        done();
      },
    }),
  });
  return () => parseLines(text);
}

/**
 * One request with `X-Request-Id: abc-123` to POST /ai/detect: the response echoes it, the API's request line and
 * the worker's job line carry it (`workerLogs` reads the worker's lines: this process in embedded mode, the worker
 * process's stdout in distributed mode).
 */
function correlationSuite(
  backend: () => TestBackend,
  env: () => Record<string, string>,
  workerLogs: (apiLogs: () => LogLine[]) => () => LogLine[],
) {
  let t: TestApp;
  let apiLogs: () => LogLine[];

  beforeAll(async () => {
    t = await startTestApp(backend(), { env: { LOG_LEVEL: 'warn', ...env() }, label: 'observability' });
    apiLogs = captureApiLogs();
  });
  afterAll(() => t?.close());

  it('carries X-Request-Id from the request through the job bus into the worker and back', async () => {
    const http = request(t.server);
    const session = (await http.post('/auth/guest/session').set('X-Forwarded-For', '198.51.100.7').expect(201)).body;
    const res = await http
      .post('/ai/detect?mode=fast')
      .set('X-Request-Id', 'abc-123')
      .set('X-Guest-Token', session.token)
      .set('X-Forwarded-For', '198.51.100.7')
      .send({ text: TEXT, guestId: session.guestId })
      .expect(200);
    expect(res.headers['x-request-id']).toBe('abc-123');
    expect(res.body.result.mode).toBe('fast');

    const requestLine = apiLogs().find((line) => line.msg === 'request' && line.route === '/ai/detect');
    expect(requestLine).toMatchObject({ correlationId: 'abc-123', method: 'POST', status: 200, context: 'HTTP' });
    expect(typeof requestLine!.ms).toBe('number');

    const worker = workerLogs(apiLogs);
    await waitFor(() => worker().some((line) => line.msg === 'job'));
    const jobLine = worker().find((line) => line.msg === 'job');
    expect(jobLine).toMatchObject({ correlationId: 'abc-123', kind: 'detect', mode: 'fast', outcome: 'ok' });
    expect(typeof jobLine!.priority).toBe('string');
  });

  it('answers a new uuid for a missing or unsafe X-Request-Id', async () => {
    const http = request(t.server);
    const fresh = await http.get('/health').expect(200);
    const unsafe = await http.get('/health').set('X-Request-Id', 'abc 123;<x>').expect(200);
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
    expect(fresh.headers['x-request-id']).toMatch(uuid);
    expect(unsafe.headers['x-request-id']).toMatch(uuid);
    expect(fresh.headers['x-request-id']).not.toBe(unsafe.headers['x-request-id']);
    const lines = apiLogs().filter((line) => line.msg === 'request' && line.path === '/health');
    expect(lines.map((line) => line.correlationId)).toEqual(
      expect.arrayContaining([fresh.headers['x-request-id'], unsafe.headers['x-request-id']]),
    );
  });
}

async function waitFor(condition: () => boolean, timeoutMs = 10_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > until) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('correlation ids, embedded (PGlite, in-process bus, worker threads)', () => {
  correlationSuite(
    () => ({ kind: 'pglite' }),
    () => ({}),
    (apiLogs) => apiLogs,
  );
});

describeWithService('kafka', 'correlation ids on PostgreSQL + Kafka with a separate worker process', (brokers) => {
  const postgres = realServiceUrl('postgres');
  const prefix = `inkprint-obs-${Date.now().toString(36)}`;
  let worker: ReturnType<typeof startWorkerProcess>;
  beforeAll(() => {
    worker = startWorkerProcess({
      KAFKA_BROKERS: brokers,
      KAFKA_TOPIC_PREFIX: prefix,
      WORKER_CONCURRENCY: '1',
      LOG_FORMAT: 'json',
      LOG_LEVEL: 'info',
    });
  });
  afterAll(() => worker?.stop(), 60_000);
  correlationSuite(
    () => ({ kind: 'postgres', baseUrl: postgres! }),
    () => ({ KAFKA_BROKERS: brokers, KAFKA_TOPIC_PREFIX: prefix, WORKER_MODE: 'external' }),
    () => () => parseLines(worker.log()).filter((line) => line.name === 'detector-worker'),
  );
});
