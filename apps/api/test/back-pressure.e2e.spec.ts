import request from 'supertest';
import { describeWithService } from '@inkprint/testing';
import { SERVICE_BUSY_MESSAGE } from '../src/http/admission-control';
import { startTestApp, type TestApp, type TestBackend } from './support/test-app';

const PASSWORD = 'Corr3ct-horse-battery';
const ROOT = { email: 'root@example.com', password: 'Sup3r-secret-pass!' };
const text = (n: number) =>
  `Reference ${n}. ` +
  'The committee met on Tuesday to review the budget and the plans for next year in detail. '.repeat(6);

/**
 * Back-pressure (issue 28 item 3): a flood of AI requests beyond what the process lets in at once is answered 503
 * SERVICE_UNAVAILABLE with Retry-After at once; every request gets an answer (none lost), only the answered ones are
 * counted against the day's requests (none charged for a shed one), and /metrics counts what was shed. The admission
 * limit is held at 3 in flight (minimum = maximum) so that a flood of 40 sheds on any machine; the test rigs leave
 * back-pressure off unless a test turns it on like this.
 */
function backPressureSuite(backend: () => TestBackend) {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp(backend(), {
      env: { SUPER_ADMIN_EMAIL: ROOT.email, SUPER_ADMIN_PASSWORD: ROOT.password, WORKER_CONCURRENCY: '1' },
      label: 'back_pressure',
      admission: { minInFlight: 3, maxInFlight: 3 },
    });
  }, 180_000);
  afterAll(() => t?.close());

  /** An Enterprise account (no daily limit, so only the admission limit refuses). */
  async function enterprise(): Promise<string> {
    const email = `flood-${Date.now().toString(36)}@example.com`;
    await request(t.server).post('/auth/register').send({ name: 'Ada Tester', email, password: PASSWORD }).expect(201);
    const mail = await request(t.server).get('/dev/mailbox/latest').query({ to: email, kind: 'verification_code' });
    const verified = await request(t.server)
      .post('/auth/verify-otp')
      .send({ email, otp: /\b(\d{6})\b/.exec(mail.body.text as string)![1] })
      .expect(200);
    const root = await request(t.server).post('/auth/login').send(ROOT).expect(200);
    await request(t.server)
      .post(`/admin/users/${verified.body.user.id}/plan`)
      .set('Authorization', `Bearer ${root.body.tokens.accessToken}`)
      .send({ planSlug: 'enterprise' })
      .expect(200);
    return verified.body.tokens.accessToken;
  }

  it('sheds what it cannot take with 503 SERVICE_UNAVAILABLE, loses none and charges only the answered', async () => {
    const token = await enterprise();
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        request(t.server)
          .post('/ai/detect?mode=fast')
          .set('Authorization', `Bearer ${token}`)
          .send({ text: text(i) }),
      ),
    );
    const ok = answers.filter((r) => r.status === 200);
    const shed = answers.filter((r) => r.status === 503);
    expect(ok.length + shed.length).toBe(40);
    expect(ok.length).toBeGreaterThanOrEqual(3);
    expect(shed.length).toBeGreaterThan(0);
    for (const r of shed) {
      expect(r.body).toEqual({
        message: SERVICE_BUSY_MESSAGE,
        status: 503,
        code: 'SERVICE_UNAVAILABLE',
        details: { reason: 'overloaded', retryAfterSeconds: 1 },
      });
      expect(r.headers['retry-after']).toBe('1');
    }
    // Every answered request has its history entry; the day's count holds exactly those.
    expect(new Set(ok.map((r) => r.body.history.id)).size).toBe(ok.length);
    const requests = await request(t.server).get('/auth/requests').set('Authorization', `Bearer ${token}`).expect(200);
    expect(requests.body.requests.detector.requestsToday).toBe(ok.length);

    const metrics = (await request(t.server).get('/metrics').expect(200)).text;
    const line = metrics.split('\n').find((l) => l.startsWith('inkprint_requests_shed_total{route="/ai/detect"}'));
    expect(Number(line?.split(' ')[1])).toBe(shed.length);
    // One limit per kind of work: the route, and a detection's mode.
    expect(metrics).toMatch(/^inkprint_ai_admission_limit\{work="\/ai\/detect\?mode=fast"\} 3$/m);
    expect(metrics).toMatch(/^inkprint_ai_requests_in_flight 0$/m);

    // Once the flood has passed, a request is let in again.
    await request(t.server)
      .post('/ai/detect?mode=fast')
      .set('Authorization', `Bearer ${token}`)
      .send({ text: text(99) })
      .expect(200);
  });

  it('never sheds the other routes', async () => {
    const answers = await Promise.all(Array.from({ length: 20 }, () => request(t.server).get('/health')));
    expect(answers.every((r) => r.status === 200)).toBe(true);
  });
}

describe('Back-pressure on embedded PGlite', () => backPressureSuite(() => ({ kind: 'pglite' })));

describeWithService('postgres', 'Back-pressure on PostgreSQL', (url) =>
  backPressureSuite(() => ({ kind: 'postgres', baseUrl: url })),
);
