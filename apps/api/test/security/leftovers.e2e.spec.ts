import { Writable } from 'node:stream';
import request from 'supertest';
import { configureLogging } from '@inkprint/job-bus';
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

describe('issue 39 item 7 (low): no e-mail address in a log line', () => {
  let t: TestApp;
  let logs = '';
  const http = () => request(t.server);
  const stamp = Date.now().toString(36);
  const ALICE = `alice.private-${stamp}@example.com`;
  const ROOT = `root.private-${stamp}@inkprint.test`;
  beforeAll(async () => {
    t = await startTestApp(
      { kind: 'pglite' },
      {
        env: { LOG_LEVEL: 'debug', SUPER_ADMIN_EMAIL: ROOT, SUPER_ADMIN_PASSWORD: SUPER.password },
        label: 'email_logs',
        // Every log line of the API, the super admin's bootstrap included.
        logDestination: new Writable({
          write(chunk: Buffer, _encoding, done) {
            logs += chunk.toString();
            done();
          },
        }),
      },
    );
  }, 120_000);
  afterAll(async () => {
    configureLogging({ level: 'silent', format: 'json', name: 'api' });
    await t?.close();
  });

  it('sign-up, verification, a reset and the super admin bootstrap log the account, never its address', async () => {
    await http().post('/auth/register').send({ name: 'Alice', email: ALICE, password: 'Corr3ct-horse' }).expect(201);
    const mail = await http().get('/dev/mailbox/latest').query({ to: ALICE, kind: 'verification_code' }).expect(200);
    const otp = /\b(\d{6})\b/.exec(mail.body.text as string)![1];
    await http().post('/auth/verify-otp').send({ email: ALICE, otp }).expect(200);
    await http().post('/auth/forgot-password').send({ email: ALICE }).expect(200);
    const reset = await http().get('/dev/mailbox/latest').query({ to: ALICE, kind: 'password_reset' }).expect(200);
    const link = /https?:\/\/\S+reset-password\?token=[^\s"<]+/.exec(reset.body.text as string)![0];
    const token = new URL(link).searchParams.get('token');
    await http().post('/auth/reset-password').send({ token, password: 'N3w-corr3ct-horse' }).expect(200);
    await http().post('/auth/forgot-password').send({ email: ROOT }).expect(200);

    // The lines are there (the test reads the log), in a masked form...
    expect(logs).toContain('super admin r***@inkprint.test ready');
    expect(logs).toMatch(/verification_code e-mail to a\*\*\*@example\.com stored/);
    expect(logs).toMatch(/password_reset e-mail to a\*\*\*@example\.com stored/);
    // ...and neither address appears anywhere, whatever its case or URL encoding.
    for (const address of [ALICE, ROOT]) {
      const local = address.split('@')[0];
      expect(logs.toLowerCase()).not.toContain(local.toLowerCase());
    }
  });
});

describe('issue 39 item 7 (low): a common password is refused at sign-up and at a reset', () => {
  let t: TestApp;
  const http = () => request(t.server);
  const stamp = Date.now().toString(36);
  beforeAll(async () => {
    t = await startTestApp({ kind: 'pglite' }, { label: 'common_passwords' });
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  const POLICY = {
    status: 400,
    code: 'VALIDATION_ERROR',
    details: {
      fields: {
        password: [
          'Password must be at least 8 characters and include at least 3 of: lowercase, uppercase, number, symbol.',
        ],
      },
    },
  };

  it('sign-up with Passw0rd (and its kin) is refused with the policy message; a strong password is accepted', async () => {
    for (const [i, password] of ['Passw0rd', 'P@ssw0rd', 'Password1', 'Qwerty123!'].entries()) {
      const email = `common-${i}-${stamp}@example.com`;
      const res = await http().post('/auth/register').send({ name: 'Common', email, password }).expect(400);
      expect(res.body).toMatchObject(POLICY);
      // Nothing was started for the address: no code was sent.
      await http().get('/dev/mailbox/latest').query({ to: email, kind: 'verification_code' }).expect(404);
    }
    const email = `strong-${stamp}@example.com`;
    await http().post('/auth/register').send({ name: 'Strong', email, password: 'Tr0mbone-sunrise' }).expect(201);
  });

  it('a reset to Passw0rd is refused (the old password still works, the link still works for a strong one)', async () => {
    const email = `reset-${stamp}@example.com`;
    await http().post('/auth/register').send({ name: 'Reset', email, password: 'Corr3ct-horse' }).expect(201);
    const mail = await http().get('/dev/mailbox/latest').query({ to: email, kind: 'verification_code' }).expect(200);
    const otp = /\b(\d{6})\b/.exec(mail.body.text as string)![1];
    await http().post('/auth/verify-otp').send({ email, otp }).expect(200);
    await http().post('/auth/forgot-password').send({ email }).expect(200);
    const reset = await http().get('/dev/mailbox/latest').query({ to: email, kind: 'password_reset' }).expect(200);
    const link = /https?:\/\/\S+reset-password\?token=[^\s"<]+/.exec(reset.body.text as string)![0];
    const token = new URL(link).searchParams.get('token');

    const refused = await http().post('/auth/reset-password').send({ token, password: 'Passw0rd' }).expect(400);
    expect(refused.body).toMatchObject(POLICY);
    await http().post('/auth/login').send({ email, password: 'Corr3ct-horse' }).expect(200);
    await http().post('/auth/login').send({ email, password: 'Passw0rd' }).expect(401);

    await http().post('/auth/reset-password').send({ token, password: 'Tr0mbone-sunrise' }).expect(200);
    await http().post('/auth/login').send({ email, password: 'Tr0mbone-sunrise' }).expect(200);
  });
});
