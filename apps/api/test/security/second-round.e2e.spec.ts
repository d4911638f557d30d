import request from 'supertest';
import { describeWithService } from '@inkprint/testing';
import { totp } from '../../src/admin/mfa/totp';
import { startTestApp, type TestApp, type TestBackend } from '../support/test-app';

const SUPER = { email: 'root@inkprint.test', password: 'Sup3r-secret!' };
const PASSWORD = 'Corr3ct-horse';

/**
 * Issue 39, the second outside test, written as the attacks: each test sends the requests the attacker sent and
 * expects the refusal. Run on PGlite and on PostgreSQL. (Item 1, slow uploads, is slow-uploads.e2e.spec.ts: real
 * sockets and its own time-outs.)
 */
function secondRoundSuite(backend: () => TestBackend) {
  let t: TestApp;
  let n = 0;
  const stamp = Date.now().toString(36);
  const email = (tag: string) => `${tag}-${++n}-${stamp}@example.com`;
  const http = () => request(t.server);
  const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
  let root: string;

  async function latestMail(to: string, kind: string): Promise<string> {
    return (await http().get('/dev/mailbox/latest').query({ to, kind }).expect(200)).body.text;
  }

  async function signUp(tag: string): Promise<{ id: string; email: string; token: string }> {
    const address = email(tag);
    await http()
      .post('/auth/register')
      .send({ name: `${tag} Tester`, email: address, password: PASSWORD })
      .expect(201);
    const code = /\b(\d{6})\b/.exec(await latestMail(address, 'verification_code'))?.[1];
    const res = await http().post('/auth/verify-otp').send({ email: address, otp: code }).expect(200);
    return { id: res.body.user.id, email: address, token: res.body.tokens.accessToken };
  }

  const signIn = async (address: string, password = PASSWORD) =>
    (await http().post('/auth/login').send({ email: address, password }).expect(200)).body.tokens.accessToken as string;

  /** A new admin (invited by the super admin) with an authenticator app set up; returns its secret. */
  async function adminWithMfa(tag: string): Promise<{ id: string; email: string; secret: string }> {
    const b = await signUp(tag);
    await http().post('/admin/invites').set(bearer(root)).send({ email: b.email }).expect(201);
    const invite = /invite\?token=([A-Za-z0-9_-]+)/.exec(await latestMail(b.email, 'admin_invite'))![1];
    await http().post('/admin/invites/accept').set(bearer(b.token)).send({ token: invite }).expect(200);
    const secret = (await http().post('/admin/mfa/enrol').set(bearer(b.token)).expect(200)).body.secret as string;
    // Confirmed with the previous time-step's code (accepted: ±1 step), so that the test's next code is a later one.
    await http()
      .post('/admin/mfa/confirm')
      .set(bearer(b.token))
      .send({ code: totp(secret, new Date(Date.now() - 30_000)) })
      .expect(200);
    return { id: b.id, email: b.email, secret };
  }

  beforeAll(async () => {
    t = await startTestApp(backend(), {
      env: { SUPER_ADMIN_EMAIL: SUPER.email, SUPER_ADMIN_PASSWORD: SUPER.password },
      label: 'security_39',
    });
    root = (await http().post('/auth/login').send(SUPER).expect(200)).body.tokens.accessToken;
  }, 120_000);

  afterAll(async () => {
    await t?.close();
  });

  describe('item 5 (medium): one TOTP code passes one session', () => {
    it('a code that passed session A is refused on session B, and so is an earlier one; B stays locked out', async () => {
      const admin = await adminWithMfa('totp');
      const a = await signIn(admin.email);
      const b = await signIn(admin.email);
      const code = totp(admin.secret, new Date());
      await http().post('/admin/mfa/verify').set(bearer(a)).send({ code }).expect(200);
      await http().get('/admin/users').set(bearer(a)).expect(200);

      // The attacker replays the same code on another session within its 90 s of validity.
      const replay = await http().post('/admin/mfa/verify').set(bearer(b)).send({ code });
      expect([replay.status, replay.body.code]).toEqual([400, 'MFA_CODE_INVALID']);
      // An earlier code (the previous step, still inside the ±30 s window) is refused too.
      const earlier = await http()
        .post('/admin/mfa/verify')
        .set(bearer(b))
        .send({ code: totp(admin.secret, new Date(Date.now() - 30_000)) });
      expect([earlier.status, earlier.body.code]).toEqual([400, 'MFA_CODE_INVALID']);
      const locked = await http().get('/admin/users').set(bearer(b)).expect(403);
      expect(locked.body.code).toBe('MFA_REQUIRED');
      // The next code (a later time-step) passes B.
      await http()
        .post('/admin/mfa/verify')
        .set(bearer(b))
        .send({ code: totp(admin.secret, new Date(Date.now() + 30_000)) })
        .expect(200);
      await http().get('/admin/users').set(bearer(b)).expect(200);
    });
  });
}

describe('security (issue 39) on PGlite', () => secondRoundSuite(() => ({ kind: 'pglite' })));

describeWithService('postgres', 'security (issue 39) on PostgreSQL', (url) =>
  secondRoundSuite(() => ({ kind: 'postgres', baseUrl: url })),
);
