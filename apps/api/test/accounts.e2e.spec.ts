import request from 'supertest';
import { describeWithService } from '@inkprint/testing';
import { accountPlan, planBySlug } from '@inkprint/plans-domain';
import { accountStreamId } from '@inkprint/accounts-domain';
import { ERASED, type EventStore, type PersonalDataKeys } from '@inkprint/eventstore';
import type { Database } from '@inkprint/eventstore-postgresql';
import { UsageService } from '../src/usage';
import { DATABASE, EVENT_STORE, PERSONAL_DATA_KEYS } from '../src/platform/tokens';
import { startTestApp, type TestApp, type TestBackend } from './support/test-app';

/** Fakes Date only, still ticking from whatever time is set: timers, the database and the workers run for real. */
function fakeTheDateOnly(): void {
  jest.useFakeTimers({
    advanceTimers: true,
    doNotFake: [
      'hrtime',
      'nextTick',
      'performance',
      'queueMicrotask',
      'requestAnimationFrame',
      'cancelAnimationFrame',
      'requestIdleCallback',
      'cancelIdleCallback',
      'setImmediate',
      'clearImmediate',
      'setInterval',
      'clearInterval',
      'setTimeout',
      'clearTimeout',
    ],
  });
}

const SUPER = { email: 'root@inkprint.test', password: 'Sup3r-secret!' };

/** The whole accounts surface over HTTP against the real app; run on PGlite and on PostgreSQL. */
function accountsSuite(backend: () => TestBackend) {
  let t: TestApp;
  let n = 0;
  const email = (tag: string) => `${tag}-${++n}-${Date.now()}@example.com`;
  const http = () => request(t.server);

  beforeAll(async () => {
    t = await startTestApp(backend(), {
      env: { SUPER_ADMIN_EMAIL: SUPER.email, SUPER_ADMIN_PASSWORD: SUPER.password },
      label: 'accounts',
    });
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  async function codeFor(to: string): Promise<string> {
    const res = await http().get('/dev/mailbox/latest').query({ to, kind: 'verification_code' }).expect(200);
    const code = /\b(\d{6})\b/.exec(res.body.text as string)?.[1];
    if (!code) throw new Error(`no code in mail to ${to}`);
    return code;
  }

  async function signUp(tag: string, password = 'Corr3ct-horse') {
    const address = email(tag);
    await http()
      .post('/auth/register')
      .send({ name: 'Ada Lovelace', email: address, password, confirm: password })
      .expect(201);
    const res = await http()
      .post('/auth/verify-otp')
      .send({ email: address, otp: await codeFor(address) })
      .expect(200);
    return {
      email: address,
      password,
      ...(res.body as { tokens: { accessToken: string; refreshToken: string }; user: { id: string } }),
    };
  }

  describe('guest sessions', () => {
    it('starts a guest with an id, a token and the no-signup allowance', async () => {
      const res = await http().post('/auth/guest/session').expect(201);
      expect(res.body).toEqual({
        guestId: expect.stringMatching(/^[0-9a-f-]{36}$/),
        token: expect.stringMatching(/^gst_/),
        summary: {
          detector: { dailyLimit: 3, dailyUsed: 0, dailyRemaining: 3 },
          humaniser: { dailyLimit: 3, dailyUsed: 0, dailyRemaining: 3 },
          nextResets: { daily: expect.stringMatching(/T00:00:00.000Z$/) },
          plan: { slug: 'free-nosignup', name: 'No Signup' },
          subscription: { planSlug: 'free-nosignup' },
        },
      });
      const requests = await http()
        .get('/auth/requests')
        .query({ guestId: res.body.guestId })
        .set('X-Guest-Token', res.body.token)
        .expect(200);
      expect(requests.body.requests.detector).toEqual({
        dailyLimit: 3,
        requestsToday: 0,
        remaining: 3,
        resetsAt: res.body.summary.nextResets.daily,
      });
      // The web app carries the guest identity one way, in headers (X-Guest-Id with X-Guest-Token), as on the AI routes.
      const byHeader = await http()
        .get('/auth/requests')
        .set('X-Guest-Id', res.body.guestId)
        .set('X-Guest-Token', res.body.token)
        .expect(200);
      expect(byHeader.body.requests).toEqual(requests.body.requests);
    });

    it('answers GUEST_REQUIRED, GUEST_NOT_FOUND and GUEST_INVALID', async () => {
      const guest = (await http().post('/auth/guest/session').expect(201)).body;
      expect((await http().get('/auth/requests').expect(401)).body).toMatchObject({
        code: 'GUEST_REQUIRED',
        status: 401,
      });
      const unknown = await http()
        .get('/auth/requests')
        .query({ guestId: '00000000-0000-4000-8000-000000000000' })
        .set('X-Guest-Token', guest.token)
        .expect(404);
      expect(unknown.body.code).toBe('GUEST_NOT_FOUND');
      const wrong = await http()
        .get('/auth/requests')
        .query({ guestId: guest.guestId })
        .set('X-Guest-Token', 'gst_wrong')
        .expect(401);
      expect(wrong.body.code).toBe('GUEST_INVALID');
    });

    it('new guest sessions from the same address do not reset the allowance', async () => {
      const usage = t.app.get(UsageService);
      const first = (await http().post('/auth/guest/session').expect(201)).body;
      const firstGuest = { kind: 'guest' as const, guestId: first.guestId, clientKey: 'addr-e2e-reset' };
      for (let i = 0; i < 3; i++) await usage.consume(firstGuest, 'detector', { words: 10 });
      const second = (await http().post('/auth/guest/session').expect(201)).body;
      await expect(
        usage.consume({ kind: 'guest', guestId: second.guestId, clientKey: 'addr-e2e-reset' }, 'detector', {
          words: 10,
        }),
      ).rejects.toMatchObject({
        code: 'DAILY_LIMIT_REACHED',
        status: 429,
      });
      // The refused request left nothing behind in the second guest's own allowance.
      expect(
        await usage.usedToday({ kind: 'guest', guestId: second.guestId, clientKey: 'another-address' }, 'detector'),
      ).toBe(0);
    });
  });

  describe('sign-up with an e-mailed code', () => {
    it('registers, mails a 6-digit code, verifies it and signs in', async () => {
      const address = email('signup');
      const reg = await http()
        .post('/auth/register')
        .send({
          name: 'Ada Lovelace',
          email: address.toUpperCase(),
          password: 'Corr3ct-horse',
          confirm: 'Corr3ct-horse',
        })
        .expect(201);
      expect(reg.body.message).toBe('We sent a 6-digit code to your email. Enter it below within 2 minutes.');
      const pendingLogin = await http()
        .post('/auth/login')
        .send({ email: address, password: 'Corr3ct-horse' })
        .expect(403);
      expect(pendingLogin.body.code).toBe('EMAIL_NOT_VERIFIED');
      const wrongCode = await http()
        .post('/auth/verify-otp')
        .send({ email: address, otp: '000000' === (await codeFor(address)) ? '111111' : '000000' })
        .expect(400);
      expect(wrongCode.body.code).toBe('OTP_INVALID');
      const res = await http()
        .post('/auth/verify-otp')
        .send({ email: address, otp: await codeFor(address) })
        .expect(200);
      expect(res.body).toMatchObject({
        message: 'Email verified. Redirecting you...',
        tokens: { accessToken: expect.any(String), refreshToken: expect.any(String) },
        user: { email: address, name: 'Ada Lovelace', role: 'user', status: 'active', planSlug: 'free-signup' },
        usage: {
          detector: { dailyLimit: 5, dailyUsed: 0, dailyRemaining: 5 },
          plan: { slug: 'free-signup', name: 'Free' },
        },
      });
      const me = await http().get('/auth/me').set('Authorization', `Bearer ${res.body.tokens.accessToken}`).expect(200);
      expect(me.body.user).toMatchObject({ email: address, role: 'user' });
      expect(
        (
          await http()
            .get('/auth/subscription')
            .set('Authorization', `Bearer ${res.body.tokens.accessToken}`)
            .expect(200)
        ).body,
      ).toEqual({ subscription: null });
    });

    it('rejects bad input with VALIDATION_ERROR and per-field messages', async () => {
      const res = await http()
        .post('/auth/register')
        .send({ name: '', email: 'not-an-email', password: 'password' })
        .expect(400);
      expect(res.body).toMatchObject({ code: 'VALIDATION_ERROR', status: 400 });
      expect(res.body.details.fields.password).toEqual([
        'Password must be at least 8 characters and include at least 3 of: lowercase, uppercase, number, symbol.',
      ]);
      expect(res.body.details.fields.email).toEqual(['Enter a valid email address.']);
      expect(res.body.details.fields.name).toEqual(['Name is required.']);
      const mismatch = await http()
        .post('/auth/register')
        .send({ name: 'A', email: email('mm'), password: 'Corr3ct-horse', confirm: 'other' })
        .expect(400);
      expect(mismatch.body.details.fields.confirm).toEqual(['Passwords do not match']);
    });

    it('makes no second account on a verified address, answers as for a new one and tells the owner', async () => {
      const user = await signUp('dup');
      const fresh = await http()
        .post('/auth/register')
        .send({ name: 'New', email: email('fresh'), password: 'An0ther-pass' })
        .expect(201);
      const taken = await http()
        .post('/auth/register')
        .send({ name: 'Eve', email: user.email, password: 'An0ther-pass' })
        .expect(201);
      expect(taken.body.message).toBe(fresh.body.message);
      expect(Object.keys(taken.body).sort()).toEqual(Object.keys(fresh.body).sort());
      const notice = await http()
        .get('/dev/mailbox/latest')
        .query({ to: user.email, kind: 'account_exists' })
        .expect(200);
      expect(notice.body.subject).toBe('You already have an Inkprint account');
      // The owner's password still works; Eve's does not.
      await http().post('/auth/login').send({ email: user.email, password: user.password }).expect(200);
      await http().post('/auth/login').send({ email: user.email, password: 'An0ther-pass' }).expect(401);
    });

    it('keeps the 120 s resend cooldown and stops after 5 wrong codes', async () => {
      const address = email('otp');
      await http().post('/auth/register').send({ name: 'Ada', email: address, password: 'Corr3ct-horse' }).expect(201);
      const resend = await http()
        .post('/auth/resend-otp')
        .send({ email: address, purpose: 'verification' })
        .expect(429);
      expect(resend.body).toMatchObject({
        code: 'OTP_RESEND_COOLDOWN',
        details: { retryAfterSeconds: expect.any(Number) },
      });
      expect(resend.body.details.retryAfterSeconds).toBeGreaterThan(100);
      const right = await codeFor(address);
      const wrong = right === '123456' ? '654321' : '123456';
      for (let i = 0; i < 5; i++)
        expect((await http().post('/auth/verify-otp').send({ email: address, otp: wrong }).expect(400)).body.code).toBe(
          'OTP_INVALID',
        );
      const locked = await http().post('/auth/verify-otp').send({ email: address, otp: right }).expect(429);
      expect(locked.body.code).toBe('OTP_ATTEMPTS_EXCEEDED');
    });

    it('THE OTP-EXPIRY TEST: a code is refused after 2 minutes; after the cooldown a resent code works', async () => {
      fakeTheDateOnly();
      try {
        const address = email('expiry');
        await http()
          .post('/auth/register')
          .send({ name: 'Ada', email: address, password: 'Corr3ct-horse' })
          .expect(201);
        const first = await codeFor(address);
        jest.setSystemTime(Date.now() + 2 * 60_000 + 1_000);
        const expired = await http().post('/auth/verify-otp').send({ email: address, otp: first }).expect(400);
        expect(expired.body).toMatchObject({
          code: 'OTP_EXPIRED',
          message: 'This code has expired. Request a new one.',
        });
        const resent = await http()
          .post('/auth/resend-otp')
          .send({ email: address, purpose: 'verification' })
          .expect(200);
        expect(resent.body.message).toBe('New code sent. Check your inbox.');
        const second = await codeFor(address);
        await http().post('/auth/verify-otp').send({ email: address, otp: second }).expect(200);
      } finally {
        jest.useRealTimers();
      }
    });
  });

  describe('sign-in, refresh and sign-out', () => {
    it('refuses wrong passwords and unknown emails alike', async () => {
      const user = await signUp('login');
      const wrong = await http()
        .post('/auth/login')
        .send({ email: user.email, password: 'Wr0ng-password' })
        .expect(401);
      const unknown = await http()
        .post('/auth/login')
        .send({ email: email('nobody'), password: 'Wr0ng-password' })
        .expect(401);
      expect(wrong.body).toEqual(unknown.body);
      expect(wrong.body.code).toBe('INVALID_CREDENTIALS');
      const ok = await http()
        .post('/auth/login')
        .send({ email: user.email, password: user.password, continue: 'https://plans.inkprint.app/checkout/pro' })
        .expect(200);
      expect(ok.body).toMatchObject({
        message: 'Signed in successfully',
        user: { role: 'user', lastLoginAt: expect.any(String) },
      });
      expect(ok.body.redirectTo).toBe('https://plans.inkprint.app/checkout/pro');
      const evil = await http()
        .post('/auth/login')
        .send({ email: user.email, password: user.password, continue: 'https://evil.example/phish' })
        .expect(200);
      expect(evil.body.redirectTo).toBeNull();
    });

    it('THE REFRESH-TOKEN-REUSE TEST: a rotated token used again revokes the whole session', async () => {
      const user = await signUp('refresh');
      const first = user.tokens.refreshToken;
      const rotated = await http().post('/auth/refresh').send({ refreshToken: first }).expect(200);
      expect(rotated.body).toMatchObject({ accessToken: expect.any(String), refreshToken: expect.any(String) });
      expect(rotated.body.refreshToken).not.toBe(first);
      await http().get('/auth/me').set('Authorization', `Bearer ${rotated.body.accessToken}`).expect(200);
      const reuse = await http().post('/auth/refresh').send({ refreshToken: first }).expect(401);
      expect(reuse.body.code).toBe('REFRESH_TOKEN_REUSED');
      expect(
        (await http().post('/auth/refresh').send({ refreshToken: rotated.body.refreshToken }).expect(401)).body.code,
      ).toBe('SESSION_EXPIRED');
      expect(
        (await http().get('/auth/me').set('Authorization', `Bearer ${rotated.body.accessToken}`).expect(401)).body.code,
      ).toBe('AUTH_REQUIRED');
    });

    it('logout ends the session; a missing or forged bearer is AUTH_REQUIRED', async () => {
      const user = await signUp('logout');
      const auth = `Bearer ${user.tokens.accessToken}`;
      await http().post('/auth/logout').set('Authorization', auth).expect(200);
      expect((await http().get('/auth/me').set('Authorization', auth).expect(401)).body.code).toBe('AUTH_REQUIRED');
      expect((await http().get('/auth/me').expect(401)).body.code).toBe('AUTH_REQUIRED');
      expect((await http().get('/auth/me').set('Authorization', 'Bearer abc.def.ghi').expect(401)).body.code).toBe(
        'AUTH_REQUIRED',
      );
    });

    it('throttles sign-in attempts per address and email', async () => {
      const target = email('throttle');
      const statuses: number[] = [];
      for (let i = 0; i < 12; i++)
        statuses.push((await http().post('/auth/login').send({ email: target, password: 'Wr0ng-password' })).status);
      expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
      expect(statuses.slice(10)).toEqual([429, 429]);
    });
  });

  describe('password reset', () => {
    it('answers the same for unknown emails, resets once with the mailed link', async () => {
      const user = await signUp('reset');
      const unknown = await http()
        .post('/auth/forgot-password')
        .send({ email: email('ghost') })
        .expect(200);
      const known = await http().post('/auth/forgot-password').send({ email: user.email }).expect(200);
      expect(known.body).toEqual(unknown.body);
      expect(known.body.message).toBe(
        'If an account exists we sent a reset link. Please check spam/junk if you do not see it.',
      );
      const mail = await http()
        .get('/dev/mailbox/latest')
        .query({ to: user.email, kind: 'password_reset' })
        .expect(200);
      const token = new URL(
        /https?:\/\/\S+reset-password\?token=[^\s"<]+/.exec(mail.body.text as string)![0],
      ).searchParams.get('token')!;
      await http().post('/auth/reset-password').send({ token, password: 'N3w-password!' }).expect(200);
      expect(
        (await http().post('/auth/reset-password').send({ token, password: 'Other-pass1!' }).expect(400)).body.code,
      ).toBe('RESET_TOKEN_INVALID');
      await http().post('/auth/login').send({ email: user.email, password: user.password }).expect(401);
      await http().post('/auth/login').send({ email: user.email, password: 'N3w-password!' }).expect(200);
    });

    it('refuses a reset link older than an hour', async () => {
      fakeTheDateOnly();
      try {
        const user = await signUp('reset-late');
        await http().post('/auth/forgot-password').send({ email: user.email }).expect(200);
        const mail = await http()
          .get('/dev/mailbox/latest')
          .query({ to: user.email, kind: 'password_reset' })
          .expect(200);
        expect(mail.body.text).toContain('The link expires in 1 hour.');
        const token = new URL(
          /https?:\/\/\S+reset-password\?token=[^\s"<]+/.exec(mail.body.text as string)![0],
        ).searchParams.get('token')!;
        jest.setSystemTime(Date.now() + 60 * 60_000 + 1_000);
        const late = await http().post('/auth/reset-password').send({ token, password: 'N3w-password!' }).expect(400);
        expect(late.body.code).toBe('RESET_TOKEN_INVALID');
        await http().post('/auth/login').send({ email: user.email, password: user.password }).expect(200);
      } finally {
        jest.useRealTimers();
      }
    });
  });

  describe('daily usage', () => {
    it('THE QUOTA TEST: 50 parallel requests against a limit of 5 grant exactly 5', async () => {
      const user = await signUp('quota');
      const usage = t.app.get(UsageService);
      const holder = { kind: 'account' as const, accountId: user.user.id, plan: accountPlan(null) };
      expect(holder.plan.dailyLimit).toBe(5);
      const results = await Promise.allSettled(
        Array.from({ length: 50 }, () => usage.consume(holder, 'detector', { words: 100 })),
      );
      const granted = results.filter((r) => r.status === 'fulfilled');
      const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
      expect(granted).toHaveLength(5);
      expect(refused).toHaveLength(45);
      expect(refused.every((r) => (r.reason as { code?: string }).code === 'DAILY_LIMIT_REACHED')).toBe(true);
      const requests = await http()
        .get('/auth/requests')
        .set('Authorization', `Bearer ${user.tokens.accessToken}`)
        .expect(200);
      expect(requests.body.requests.detector).toMatchObject({ dailyLimit: 5, requestsToday: 5, remaining: 0 });
      expect(requests.body.requests.humaniser).toMatchObject({ dailyLimit: 5, requestsToday: 0, remaining: 5 });
      // A failed job gives its request back.
      await (granted[0] as PromiseFulfilledResult<{ release(r: string): Promise<void> }>).value.release('JOB_FAILED');
      const me = await http().get('/auth/me').set('Authorization', `Bearer ${user.tokens.accessToken}`).expect(200);
      expect(me.body.usage.detector).toEqual({ dailyLimit: 5, dailyUsed: 4, dailyRemaining: 1 });
      expect(planBySlug('enterprise').dailyLimit).toBeNull();
    });
  });

  describe('erasing an account (crypto-shredding)', () => {
    it('keeps name, email and password hash out of the event log in clear', async () => {
      const user = await signUp('sealed');
      const db = t.app.get<Database>(DATABASE);
      const rows = await db.sql.query<{ row: string }>(
        `select (data::text || metadata::text) as row from es_events where stream_id = $1`,
        [accountStreamId(user.user.id)],
      );
      expect(rows.length).toBeGreaterThan(2);
      const raw = rows.map((r) => r.row).join('\n');
      expect(raw).not.toContain(user.email);
      expect(raw).not.toContain('Ada Lovelace');
      expect(raw).not.toMatch(/argon2/);
    });

    it('erases the signed-in account with its password: it is gone, the address is free, the history stays without the person', async () => {
      const user = await signUp('erase');
      const auth = { Authorization: `Bearer ${user.tokens.accessToken}` };
      const usage = t.app.get(UsageService);
      await usage.consume({ kind: 'account', accountId: user.user.id, plan: accountPlan(null) }, 'detector', {
        words: 120,
      });

      expect((await http().delete('/auth/me').set(auth).send({}).expect(400)).body.details.fields.password).toEqual([
        'Enter your password to confirm.',
      ]);
      expect((await http().delete('/auth/me').set(auth).send({ password: 'Wrong-pass1' }).expect(403)).body.code).toBe(
        'PASSWORD_INCORRECT',
      );
      await http().delete('/auth/me').send({ password: user.password }).expect(401);
      const erased = await http().delete('/auth/me').set(auth).send({ password: user.password }).expect(200);
      expect(erased.body).toEqual({ message: 'Your account and personal data were erased.' });

      await http().get('/auth/me').set(auth).expect(401);
      expect(
        (await http().post('/auth/login').send({ email: user.email, password: user.password }).expect(401)).body.code,
      ).toBe('INVALID_CREDENTIALS');
      expect(
        (await http().post('/auth/refresh').send({ refreshToken: user.tokens.refreshToken }).expect(401)).body.code,
      ).toMatch(/SESSION|REFRESH/);

      // Every past event of the account reads its personal fields as erased.
      const store = t.app.get<EventStore>(EVENT_STORE);
      const events = await store.readStream(accountStreamId(user.user.id));
      expect(events.map((e) => e.type)).toEqual(expect.arrayContaining(['AccountRegistered', 'AccountErased']));
      expect(events[0].data).toMatchObject({ email: ERASED, name: ERASED, passwordHash: ERASED });
      expect(JSON.stringify(events.map((e) => ({ data: e.data, metadata: e.metadata })))).not.toContain(user.email);

      // The admin console: no directory entry, an audit history without the person.
      const root = (await http().post('/auth/login').send(SUPER).expect(200)).body.tokens.accessToken as string;
      const admin = { Authorization: `Bearer ${root}` };
      expect((await http().get('/admin/users').query({ q: user.email }).set(admin).expect(200)).body.total).toBe(0);
      const timeline = (await http().get(`/admin/users/${user.user.id}/timeline`).set(admin).expect(200)).body;
      expect(timeline.events.map((e: { type: string }) => e.type)).toContain('AccountErased');
      expect(JSON.stringify(timeline)).not.toContain(user.email);
      const dashboard = (await http().get('/admin/dashboard').set(admin).expect(200)).body;
      expect(JSON.stringify(dashboard)).not.toContain(user.email);

      // The address can sign up again, as a new account.
      const again = await signUp('erase-again');
      expect(again.user.id).not.toBe(user.user.id);
      await http()
        .post('/auth/register')
        .send({ name: 'Ada Again', email: user.email, password: 'Corr3ct-horse' })
        .expect(201);
      const fresh = await http()
        .post('/auth/verify-otp')
        .send({ email: user.email, otp: await codeFor(user.email) })
        .expect(200);
      expect(fresh.body.user.id).not.toBe(user.user.id);
      expect(fresh.body.user).toMatchObject({ email: user.email, name: 'Ada Again' });
    });

    it('finishes an erasure that stopped after the key was destroyed', async () => {
      const user = await signUp('erase-interrupted');
      const auth = { Authorization: `Bearer ${user.tokens.accessToken}` };
      // As if the process died right after the key went: the password hash can no longer be checked.
      await t.app.get<PersonalDataKeys>(PERSONAL_DATA_KEYS).erase(accountStreamId(user.user.id));
      await http().delete('/auth/me').set(auth).send({ password: 'anything' }).expect(200);
      const events = await t.app.get<EventStore>(EVENT_STORE).readStream(accountStreamId(user.user.id));
      expect(events.at(-1)?.type).toBe('AccountErased');
      await http().get('/auth/me').set(auth).expect(401);
    });

    it('refuses to erase the super admin', async () => {
      const root = (await http().post('/auth/login').send(SUPER).expect(200)).body.tokens.accessToken as string;
      const res = await http()
        .delete('/auth/me')
        .set('Authorization', `Bearer ${root}`)
        .send({ password: SUPER.password })
        .expect(403);
      expect(res.body.code).toBe('SUPER_ADMIN_PROTECTED');
      await http().post('/auth/login').send(SUPER).expect(200);
    });
  });

  describe('super admin bootstrap', () => {
    it('creates the configured super admin, who can sign in', async () => {
      const res = await http().post('/auth/login').send(SUPER).expect(200);
      expect(res.body.user).toMatchObject({ email: SUPER.email, role: 'super_admin', status: 'active' });
    });
  });
}

describe('accounts API on PGlite', () => accountsSuite(() => ({ kind: 'pglite' })));

describeWithService('postgres', 'accounts API on PostgreSQL', (url) =>
  accountsSuite(() => ({ kind: 'postgres', baseUrl: url })),
);
