import request from 'supertest';
import { HealthIndicatorRegistry } from '../../src/health';
import { startTestApp, type TestApp } from '../support/test-app';

const SUPER = { email: 'root@inkprint.test', password: 'Sup3r-secret!' };
const METRICS_TOKEN = 'a-metrics-token-of-the-operator';

/**
 * Issue 39, the pieces of item 7 left after the second round, written as the attacks: the request an outsider sends
 * and what they must not learn or be let do.
 */
describe('issue 39 item 7 (low): production /health shows internal details only with the metrics token', () => {
  let t: TestApp;
  const http = () => request(t.server);
  beforeAll(async () => {
    t = await startTestApp(
      { kind: 'pglite' },
      {
        env: {
          NODE_ENV: 'production',
          JWT_SECRET: 'x'.repeat(48),
          METRICS_TOKEN,
          ADMIN_MFA: 'optional',
          SUPER_ADMIN_EMAIL: SUPER.email,
          SUPER_ADMIN_PASSWORD: SUPER.password,
        },
        label: 'production_health',
      },
    );
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  const internals = /database|jobBus|mail|transport|projections|languageModel|latencyMs|smtp|dev-mailbox/i;

  it('an anonymous /health and /health/ready answer the overall status and nothing else', async () => {
    for (const route of ['/health', '/health/ready']) {
      const res = await http().get(route).expect(200);
      expect(res.body).toEqual({ status: 'ok' });
      expect(res.text).not.toMatch(internals);
    }
  });

  it('a wrong token, or a user session, gets no more than an anonymous caller', async () => {
    const wrong = await http().get('/health').set('Authorization', 'Bearer not-the-metrics-token').expect(200);
    expect(wrong.body).toEqual({ status: 'ok' });
    const root = (await http().post('/auth/login').send(SUPER).expect(200)).body.tokens.accessToken as string;
    const session = await http().get('/health').set('Authorization', `Bearer ${root}`).expect(200);
    expect(session.body).toEqual({ status: 'ok' });
  });

  it('a failing component is not named to the public: 503 with the status only', async () => {
    const registry = t.app.get(HealthIndicatorRegistry);
    registry.register({
      name: 'attack-probe',
      check: async () => {
        throw new Error('secret-host.internal:5432 refused');
      },
    });
    try {
      const res = await http().get('/health').expect(503);
      expect(res.body.code).toBe('SERVICE_UNAVAILABLE');
      expect(res.text).not.toMatch(/attack-probe|secret-host/);
      const operator = await http().get('/health').set('Authorization', `Bearer ${METRICS_TOKEN}`).expect(503);
      expect(operator.body.details.failing).toEqual(['attack-probe']);
    } finally {
      registry.unregister('attack-probe');
    }
  });

  it('the metrics token (the same check as /metrics) shows every check, and so does the admin route', async () => {
    const operator = await http().get('/health').set('Authorization', `Bearer ${METRICS_TOKEN}`).expect(200);
    expect(operator.body.checks).toMatchObject({ database: { status: 'up' }, mail: { status: 'up' } });
    await http().get('/metrics').set('Authorization', `Bearer ${METRICS_TOKEN}`).expect(200);

    await http().get('/admin/health').expect(401);
    const root = (await http().post('/auth/login').send(SUPER).expect(200)).body.tokens.accessToken as string;
    const admin = await http().get('/admin/health').set('Authorization', `Bearer ${root}`).expect(200);
    expect(admin.body.checks).toMatchObject({ database: { status: 'up' }, projections: { status: 'up' } });
  });
});
