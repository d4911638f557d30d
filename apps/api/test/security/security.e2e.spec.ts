import * as fs from 'node:fs';
import * as path from 'node:path';
import request from 'supertest';
import { accountStreamId, accountDecider } from '@inkprint/accounts-domain';
import { handleCommand, type EventStore } from '@inkprint/eventstore';
import { describeWithService } from '@inkprint/testing';
import { totp } from '../../src/admin/mfa/totp';
import { EVENT_STORE } from '../../src/platform/tokens';
import { startTestApp, type TestApp, type TestBackend } from '../support/test-app';

const SUPER = { email: 'root@inkprint.test', password: 'Sup3r-secret!' };
const PASSWORD = 'Corr3ct-horse';

/**
 * Issue 25, written as the attacks an outside tester ran against a fresh clone: each test sends the request the
 * attacker sent and expects the refusal. Run on PGlite and on PostgreSQL.
 */
function securitySuite(backend: () => TestBackend) {
  let t: TestApp;
  let n = 0;
  const stamp = Date.now().toString(36);
  const email = (tag: string) => `${tag}-${++n}-${stamp}@example.com`;
  const http = () => request(t.server);
  const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

  async function latestMail(to: string, kind: 'verification_code' | 'admin_invite'): Promise<string> {
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

  let root: string;

  beforeAll(async () => {
    t = await startTestApp(backend(), {
      env: { SUPER_ADMIN_EMAIL: SUPER.email, SUPER_ADMIN_PASSWORD: SUPER.password },
      label: 'security',
    });
    root = (await http().post('/auth/login').send(SUPER).expect(200)).body.tokens.accessToken;
  }, 120_000);

  afterAll(async () => {
    await t?.close();
  });

  describe('item 1 (high): a revoked admin cannot restore their role with the invite they once accepted', () => {
    it('replaying the same token after revocation is refused, and so is any invite issued before it', async () => {
      const b = await signUp('admin-b');
      const issue = async () => {
        await http().post('/admin/invites').set(bearer(root)).send({ email: b.email }).expect(201);
        return /invite\?token=([A-Za-z0-9_-]+)/.exec(await latestMail(b.email, 'admin_invite'))![1];
      };
      const first = await issue();
      // A second invite, issued while the first is still pending and kept by B for later.
      const kept = await issue().catch(() => undefined);
      await http().post('/admin/invites/accept').set(bearer(b.token)).send({ token: first }).expect(200);
      await http().get('/admin/dashboard').set(bearer(b.token)).expect(200);

      await http().post(`/admin/admins/${b.id}/revoke`).set(bearer(root)).expect(200);
      await http().get('/admin/dashboard').set(bearer(b.token)).expect(403);

      const replay = await http().post('/admin/invites/accept').set(bearer(b.token)).send({ token: first });
      expect(replay.status).toBe(409);
      expect(replay.body).toMatchObject({
        code: 'INVITE_NOT_PENDING',
        message: 'This invitation has already been used.',
      });
      if (kept) {
        const older = await http().post('/admin/invites/accept').set(bearer(b.token)).send({ token: kept });
        expect(older.status).toBe(404);
        expect(older.body.code).toBe('INVITE_NOT_FOUND');
      }
      await http().get('/admin/dashboard').set(bearer(b.token)).expect(403);
      const me = await http().get('/auth/me').set(bearer(b.token)).expect(200);
      expect(me.body.user.role).toBe('user');

      // A new invite, issued after the revocation, is the way back in.
      const fresh = await issue();
      await http().post('/admin/invites/accept').set(bearer(b.token)).send({ token: fresh }).expect(200);
      await http().get('/admin/dashboard').set(bearer(b.token)).expect(200);
    });
  });

  describe('item 2 (high): one sign-up cannot stall the admin read models', () => {
    it.each([
      ['a NUL', 'a\u0000b'],
      ['a lone surrogate', 'x\ud800y'],
      ['a bell', 'ding\u0007'],
    ])('refuses %s in the name at the boundary with VALIDATION_ERROR, and in any other field', async (_what, name) => {
      const res = await http()
        .post('/auth/register')
        .send({ name, email: email('nul'), password: PASSWORD });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('VALIDATION_ERROR');
      expect(res.body.details.fields.name).toEqual([
        'Remove control characters and invalid characters from this field.',
      ]);
      const login = await http()
        .post('/auth/login')
        .send({ email: `x${name}@example.com`, password: PASSWORD });
      expect(login.status).toBe(400);
      expect(login.body.code).toBe('VALIDATION_ERROR');
    });

    it('an event a projection cannot apply, written straight into the log, is parked: later sign-ups still reach the directory, /health says degraded, /metrics counts it', async () => {
      const store = t.app.get<EventStore>(EVENT_STORE);
      const id = `00000000-0000-4000-8000-${Date.now().toString(16).padStart(12, '0').slice(-12)}`;
      const at = new Date().toISOString();
      await handleCommand(
        store,
        accountStreamId(id),
        accountDecider,
        {
          type: 'RegisterAccount',
          data: {
            accountId: id,
            email: `poison-${stamp}@example.com`,
            name: 'Mallory\u0000',
            passwordHash: 'x'.repeat(60),
            codeHash: 'c'.repeat(64),
            codeExpiresAt: new Date(Date.parse(at) + 600_000).toISOString(),
            at,
          },
        },
        { metadata: { actor: { type: 'system', id: 'test' }, correlationId: id } },
      );

      // Someone signs up after the poisoned event: they reach the admin directory within seconds.
      const after = await signUp('after-poison');
      const deadline = Date.now() + 30_000;
      let listed = false;
      while (!listed && Date.now() < deadline) {
        const res = await http().get('/admin/users').query({ q: after.email }).set(bearer(root)).expect(200);
        listed = res.body.users.some((u: { id: string }) => u.id === after.id);
        if (!listed) await new Promise((r) => setTimeout(r, 200));
      }
      expect(listed).toBe(true);

      const health = await http().get('/health').expect(200);
      expect(health.body.status).toBe('degraded');
      expect(health.body.checks.projections.status).toBe('degraded');
      expect(health.body.checks.projections.deadLetters).toBeGreaterThan(0);
      const metrics = (await http().get('/metrics').expect(200)).text;
      expect(metrics).toMatch(/inkprint_projection_dead_letters\{projection="users"\} [1-9]/);
      // A plan change on an account that signed up afterwards is applied and answered normally.
      await http().post(`/admin/users/${after.id}/plan`).set(bearer(root)).send({ planSlug: 'pro' }).expect(200);
    });
  });

  describe('item 4 (medium): a password reset, a disable or an erasure ends every session of the account', () => {
    it('after a reset the old access token no longer answers /auth/me and the old refresh token no longer rotates', async () => {
      const address = email('reset');
      await http()
        .post('/auth/register')
        .send({ name: 'Reset Tester', email: address, password: PASSWORD })
        .expect(201);
      const code = /\b(\d{6})\b/.exec(await latestMail(address, 'verification_code'))?.[1];
      const signedIn = (await http().post('/auth/verify-otp').send({ email: address, otp: code }).expect(200)).body;
      const { accessToken, refreshToken } = signedIn.tokens;
      await http().get('/auth/me').set(bearer(accessToken)).expect(200);

      await http().post('/auth/forgot-password').send({ email: address }).expect(200);
      const mail = (await http().get('/dev/mailbox/latest').query({ to: address, kind: 'password_reset' }).expect(200))
        .body.text as string;
      const token = new URL(/https?:\/\/\S+reset-password\?token=[^\s"<]+/.exec(mail)![0]).searchParams.get('token')!;
      await http().post('/auth/reset-password').send({ token, password: 'N3w-password!' }).expect(200);

      const me = await http().get('/auth/me').set(bearer(accessToken));
      expect(me.status).toBe(401);
      expect(me.body.details.reason).toBe('session_ended');
      const refresh = await http().post('/auth/refresh').send({ refreshToken });
      expect(refresh.status).toBe(401);
      expect(refresh.body.code).toBe('SESSION_EXPIRED');
      // A sign-in with the new password works as before.
      const fresh = await http().post('/auth/login').send({ email: address, password: 'N3w-password!' }).expect(200);
      await http().get('/auth/me').set(bearer(fresh.body.tokens.accessToken)).expect(200);
    });

    it('disabling an account ends its sessions, and its refresh token is not burnt by the attempt', async () => {
      const u = await signUp('disabled');
      const login = await http().post('/auth/login').send({ email: u.email, password: PASSWORD }).expect(200);
      await http().post(`/admin/users/${u.id}/status`).set(bearer(root)).send({ status: 'disabled' }).expect(200);
      await http().get('/auth/me').set(bearer(login.body.tokens.accessToken)).expect(401);
      const first = await http().post('/auth/refresh').send({ refreshToken: login.body.tokens.refreshToken });
      expect(first.status).toBe(401);
      expect(first.body.code).toBe('SESSION_EXPIRED');
      // The same answer again: the attempt on a disabled account was not taken as a reuse of a rotated token.
      const second = await http().post('/auth/refresh').send({ refreshToken: login.body.tokens.refreshToken });
      expect(second.body.code).toBe('SESSION_EXPIRED');
    });
  });

  describe('item 8 (low): the same answers for known and unknown addresses', () => {
    it('register, resend-otp, verify-otp and forgot-password answer alike whether the address has an account or not', async () => {
      const known = await signUp('known');
      const unknown = email('unknown');
      const pair = async (path: string, body: (address: string) => object) => {
        const a = await http().post(path).send(body(known.email));
        const b = await http().post(path).send(body(unknown));
        return [a, b] as const;
      };
      const [regKnown, regUnknown] = await pair('/auth/register', (address) => ({
        name: 'Probe',
        email: address,
        password: PASSWORD,
      }));
      expect(regKnown.status).toBe(regUnknown.status);
      expect(regKnown.body.message).toBe(regUnknown.body.message);
      const [verifyKnown, verifyUnknown] = await pair('/auth/verify-otp', (address) => ({
        email: address,
        otp: '000000',
      }));
      expect([verifyKnown.status, verifyKnown.body.code]).toEqual([400, 'OTP_INVALID']);
      expect([verifyUnknown.status, verifyUnknown.body.code, verifyUnknown.body.message]).toEqual([
        400,
        'OTP_INVALID',
        verifyKnown.body.message,
      ]);
      const [forgotKnown, forgotUnknown] = await pair('/auth/forgot-password', (address) => ({ email: address }));
      expect(forgotKnown.body).toEqual(forgotUnknown.body);
      // resend-otp for a verified address and for one never seen: the same answer, and no code goes out.
      const resendKnown = await http().post('/auth/resend-otp').send({ email: known.email, purpose: 'verification' });
      const resendNobody = await http()
        .post('/auth/resend-otp')
        .send({ email: email('nobody'), purpose: 'verification' });
      expect(resendKnown.status).toBe(resendNobody.status);
      expect(resendKnown.body.message).toBe(resendNobody.body.message);
    });
  });

  describe('item 7 (low): a request that returns no result is not charged', () => {
    it('a text with NUL or a lone surrogate is refused before anything is counted (it used to fail after the job, counted)', async () => {
      const guest = (await http().post('/auth/guest/session').expect(201)).body as { guestId: string; token: string };
      const prose = 'A plain paragraph about the weather in the hills and the long walk home. '.repeat(8);
      for (const bad of [`${prose}\u0000`, `${prose}\ud800`]) {
        const res = await http()
          .post('/ai/detect?mode=fast')
          .set('X-Guest-Token', guest.token)
          .send({ guestId: guest.guestId, text: bad });
        expect([res.status, res.body.code]).toEqual([400, 'VALIDATION_ERROR']);
      }
      const requests = await http()
        .get('/auth/requests')
        .query({ guestId: guest.guestId })
        .set('X-Guest-Token', guest.token)
        .expect(200);
      expect(requests.body.requests.detector.requestsToday).toBe(0);
      // (Failures after the job and requests cut off by a crash are given back too: ai.handlers.int.spec.ts and
      // interrupted-runs.e2e.spec.ts, issue 25 item 7.)
    });
  });

  describe('item 6 (medium/low): a pending registration cannot be taken over by someone who cannot read the mailbox', () => {
    it("signing up again after the cooldown sends a new code but keeps the first sign-up's password", async () => {
      const address = email('victim');
      await http().post('/auth/register').send({ name: 'Victim', email: address, password: PASSWORD }).expect(201);
      // The attacker re-registers the same pending address (the cooldown is 120 s: jump the clock past it).
      jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'setTimeout', 'setInterval', 'queueMicrotask'] });
      try {
        jest.setSystemTime(Date.now() + 121_000);
        await http()
          .post('/auth/register')
          .send({ name: 'Attacker', email: address, password: 'Att4cker-pass!' })
          .expect(201);
        const code = /\b(\d{6})\b/.exec(await latestMail(address, 'verification_code'))?.[1];
        const verified = await http().post('/auth/verify-otp').send({ email: address, otp: code }).expect(200);
        expect(verified.body.user.name).toBe('Victim');
        await http().post('/auth/login').send({ email: address, password: 'Att4cker-pass!' }).expect(401);
        await http().post('/auth/login').send({ email: address, password: PASSWORD }).expect(200);
      } finally {
        jest.useRealTimers();
      }
    });
  });
}

describe('security (issue 25) on PGlite', () => securitySuite(() => ({ kind: 'pglite' })));

describe('item 5 (medium): the client address cannot be spoofed when no proxy is trusted (the default)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ kind: 'pglite' }, { env: { TRUST_PROXY: '' }, label: 'no-proxy' });
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it('a made-up X-Forwarded-For from loopback does not reset the sign-in throttle', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const res = await request(t.server)
        .post('/auth/login')
        .set('X-Forwarded-For', `198.51.100.${i + 1}`)
        .send({ email: 'someone@example.com', password: 'Wrong-pass1!' });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(10)).toEqual([429, 429]);
  });

  it('a made-up X-Forwarded-For does not give a fresh guest quota', async () => {
    const texts = Array.from(
      { length: 4 },
      (_, i) => `${'This is a plain paragraph about gardens and weather. '.repeat(10)} ${i}`,
    );
    const statuses: number[] = [];
    for (const [i, text] of texts.entries()) {
      const guest = (
        await request(t.server)
          .post('/auth/guest/session')
          .set('X-Forwarded-For', `203.0.113.${i + 1}`)
      ).body as { guestId: string; token: string };
      const res = await request(t.server)
        .post('/ai/detect?mode=fast')
        .set('X-Forwarded-For', `203.0.113.${i + 1}`)
        .set('X-Guest-Token', guest.token)
        .send({ guestId: guest.guestId, text });
      statuses.push(res.status);
    }
    // The guest plan allows 3 detections a day per address: the fourth is refused whatever the header says.
    expect(statuses.slice(0, 3)).toEqual([200, 200, 200]);
    expect(statuses[3]).toBe(429);
  });
});

describeWithService('postgres', 'security (issue 25) on PostgreSQL', (url) =>
  securitySuite(() => ({ kind: 'postgres', baseUrl: url })),
);

describe('item 8 (low): hardening', () => {
  let t: TestApp;
  const METRICS_TOKEN = 'scrape-token-0123456789';
  beforeAll(async () => {
    t = await startTestApp({ kind: 'pglite' }, { env: { METRICS_TOKEN }, label: 'hardening' });
    fs.mkdirSync(t.config.publicWebDir, { recursive: true });
    fs.writeFileSync(
      path.join(t.config.publicWebDir, 'index.html'),
      '<!doctype html><html><body><div id="root"></div><script type="module" src="/assets/app.js"></script></body></html>',
    );
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it('every HTML answer of the apps carries a CSP without inline scripts, no framing, nosniff and a referrer policy', async () => {
    const page = await request(t.server).get('/signin').set('Accept', 'text/html').expect(200);
    const csp = page.headers['content-security-policy'];
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(page.headers['x-frame-options']).toBe('DENY');
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    expect(page.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    // The API's JSON answers too (no framing, no sniffing).
    const health = await request(t.server).get('/health');
    expect(health.headers['x-content-type-options']).toBe('nosniff');
  });

  it('/metrics wants the METRICS_TOKEN when one is set', async () => {
    expect((await request(t.server).get('/metrics').expect(401)).body.code).toBe('AUTH_REQUIRED');
    await request(t.server).get('/metrics').set('Authorization', 'Bearer wrong-token-0123456789').expect(401);
    const ok = await request(t.server).get('/metrics').set('Authorization', `Bearer ${METRICS_TOKEN}`).expect(200);
    expect(ok.text).toContain('inkprint_projection_dead_letters');
  });
});

describe('item 8 (low) and issue 30 item 11: sign-ups, guest sessions and reset mails are limited per address and target', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ kind: 'pglite' }, { env: { ABUSE_LIMITS: 'on' }, label: 'limits' });
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });
  const from = (ip: string) => ({ 'X-Forwarded-For': ip });

  it('the eleventh sign-up from one address within the hour is refused with TOO_MANY_REQUESTS; another address goes on', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const res = await request(t.server)
        .post('/auth/register')
        .set(from('198.51.100.7'))
        .send({ name: 'Bulk', email: `bulk-${i}-${Date.now()}@example.com`, password: PASSWORD });
      statuses.push(res.status);
      if (res.status === 429) expect(res.body.code).toBe('TOO_MANY_REQUESTS');
    }
    expect(statuses.slice(0, 10).every((s) => s === 201)).toBe(true);
    expect(statuses[10]).toBe(429);
    await request(t.server)
      .post('/auth/register')
      .set(from('198.51.100.8'))
      .send({ name: 'Other', email: `other-${Date.now()}@example.com`, password: PASSWORD })
      .expect(201);
  });

  it('reset mails to one target stop after 3 an hour, for known and unknown addresses alike', async () => {
    for (const target of ['nobody-here@example.com', 'someone-else@example.com']) {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) {
        statuses.push(
          (
            await request(t.server)
              .post('/auth/forgot-password')
              .set(from(`203.0.113.${40 + i}`))
              .send({ email: target })
          ).status,
        );
      }
      expect(statuses).toEqual([200, 200, 200, 429]);
    }
  });

  it('guest sessions stop after 30 an hour from one address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++)
      statuses.push((await request(t.server).post('/auth/guest/session').set(from('192.0.2.9'))).status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(30);
    expect(statuses[30]).toBe(429);
  });
});

describe('item 8 (low): /metrics is closed in production without a token, and HSTS is sent', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(
      { kind: 'pglite' },
      { env: { NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(48) }, label: 'production' },
    );
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it('answers 403 FORBIDDEN to a scrape and sends Strict-Transport-Security', async () => {
    const res = await request(t.server).get('/metrics').expect(403);
    expect(res.body.code).toBe('FORBIDDEN');
    expect(res.headers['strict-transport-security']).toContain('max-age=');
  });
});

describe('item 9: administrators pass a second factor (ADMIN_MFA=required, the production default)', () => {
  let t: TestApp;
  const http = () => request(t.server);
  const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
  const login = async () =>
    (await http().post('/auth/login').send(SUPER).expect(200)).body.tokens.accessToken as string;
  beforeAll(async () => {
    t = await startTestApp(
      { kind: 'pglite' },
      {
        env: { SUPER_ADMIN_EMAIL: SUPER.email, SUPER_ADMIN_PASSWORD: SUPER.password, ADMIN_MFA: 'required' },
        label: 'mfa',
      },
    );
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it('refuses the admin API until the factor is set up and passed; recovery codes work once; the super admin can reset', async () => {
    const first = await login();
    const refused = await http().get('/admin/dashboard').set(bearer(first)).expect(403);
    expect(refused.body).toMatchObject({ code: 'MFA_REQUIRED', details: { enrolled: false } });
    expect((await http().get('/admin/mfa').set(bearer(first)).expect(200)).body).toMatchObject({
      enrolled: false,
      required: true,
      verified: false,
    });

    // Set-up: the secret and the otpauth URI; a wrong first code is refused, the right one turns it on.
    const enrolment = (await http().post('/admin/mfa/enrol').set(bearer(first)).expect(200)).body;
    expect(enrolment.otpauthUri).toMatch(/^otpauth:\/\/totp\/Inkprint%3Aroot%40inkprint\.test\?secret=[A-Z2-7]+/);
    const wrong = await http().post('/admin/mfa/confirm').set(bearer(first)).send({ code: '000000' }).expect(400);
    expect(wrong.body.code).toBe('MFA_CODE_INVALID');
    const enabled = await http()
      .post('/admin/mfa/confirm')
      .set(bearer(first))
      .send({ code: totp(enrolment.secret, new Date()) })
      .expect(200);
    expect(enabled.body.recoveryCodes).toHaveLength(10);
    await http().get('/admin/dashboard').set(bearer(first)).expect(200);

    // A new session must pass it: the app's code, or a recovery code (once).
    const second = await login();
    const again = await http().get('/admin/dashboard').set(bearer(second)).expect(403);
    expect(again.body).toMatchObject({ code: 'MFA_REQUIRED', details: { enrolled: true } });
    await http().post('/admin/mfa/verify').set(bearer(second)).send({ code: '123456' }).expect(400);
    // (The next time-step's code: the one that confirmed the set-up is accepted only once, issue 39 item 5.)
    await http()
      .post('/admin/mfa/verify')
      .set(bearer(second))
      .send({ code: totp(enrolment.secret, new Date(Date.now() + 30_000)) })
      .expect(200);
    await http().get('/admin/dashboard').set(bearer(second)).expect(200);
    const third = await login();
    const recovery = enabled.body.recoveryCodes[0] as string;
    const used = await http()
      .post('/admin/mfa/verify')
      .set(bearer(third))
      .send({ code: recovery.toUpperCase() })
      .expect(200);
    expect(used.body.recoveryCodesLeft).toBe(9);
    const fourth = await login();
    await http().post('/admin/mfa/verify').set(bearer(fourth)).send({ code: recovery }).expect(400);

    // On the audit timeline, without the secret.
    const rootId = (await http().get('/auth/me').set(bearer(first)).expect(200)).body.user.id;
    const timeline = await http().get(`/admin/users/${rootId}/timeline`).set(bearer(first)).expect(200);
    const text = JSON.stringify(timeline.body);
    expect(text).toContain('MfaEnabled');
    expect(text).toContain('MfaRecoveryCodeUsed');
    expect(text).not.toContain(enrolment.secret);

    // An invited admin must set it up too; after a reset by the super admin, they set it up again.
    const address = `mfa-admin-${Date.now()}@example.com`;
    await http().post('/auth/register').send({ name: 'Second Admin', email: address, password: PASSWORD }).expect(201);
    const code = /\b(\d{6})\b/.exec(
      (await http().get('/dev/mailbox/latest').query({ to: address, kind: 'verification_code' }).expect(200)).body.text,
    )?.[1];
    const b = (await http().post('/auth/verify-otp').send({ email: address, otp: code }).expect(200)).body;
    await http().post('/admin/invites').set(bearer(first)).send({ email: address }).expect(201);
    const invite = /invite\?token=([A-Za-z0-9_-]+)/.exec(
      (await http().get('/dev/mailbox/latest').query({ to: address, kind: 'admin_invite' }).expect(200)).body.text,
    )![1];
    await http().post('/admin/invites/accept').set(bearer(b.tokens.accessToken)).send({ token: invite }).expect(200);
    const bToken = b.tokens.accessToken as string;
    expect((await http().get('/admin/users').set(bearer(bToken)).expect(403)).body.code).toBe('MFA_REQUIRED');
    const bSecret = (await http().post('/admin/mfa/enrol').set(bearer(bToken)).expect(200)).body.secret;
    await http()
      .post('/admin/mfa/confirm')
      .set(bearer(bToken))
      .send({ code: totp(bSecret, new Date()) })
      .expect(200);
    await http().get('/admin/users').set(bearer(bToken)).expect(200);
    // Only the super admin resets; then B's status is back to not set up.
    await http().post(`/admin/admins/${rootId}/mfa/reset`).set(bearer(bToken)).expect(403);
    await http().post(`/admin/admins/${b.user.id}/mfa/reset`).set(bearer(first)).expect(200);
    const afterReset = await http().post('/auth/login').send({ email: address, password: PASSWORD }).expect(200);
    const status = await http().get('/admin/mfa').set(bearer(afterReset.body.tokens.accessToken)).expect(200);
    expect(status.body).toMatchObject({ enrolled: false, required: true });
  });
});
