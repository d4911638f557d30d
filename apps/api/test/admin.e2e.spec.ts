import request from 'supertest';
import { inviteStreamId } from '@inkprint/accounts-domain';
import { toolRunDecider, toolRunStreamId, type ToolUser } from '@inkprint/ai-domain';
import { handleCommand, type EventStore } from '@inkprint/eventstore';
import { planBySlug } from '@inkprint/plans-domain';
import { describeWithService } from '@inkprint/testing';
import { UsageService } from '../src/usage';
import { inviteIdOf } from '../src/admin';
import { EVENT_STORE } from '../src/platform/tokens';
import { startTestApp, type TestApp, type TestBackend } from './support/test-app';

const SUPER = { email: 'root@inkprint.test', password: 'Sup3r-secret!' };
const PASSWORD = 'Corr3ct-horse';

type Principal = 'anonymous' | 'guest' | 'user' | 'admin' | 'super_admin';
interface Account {
  id: string;
  email: string;
  accessToken: string;
}

/** The admin API over HTTP against the real app (accounts, projections, mail): run on PGlite and on PostgreSQL. */
function adminSuite(backend: () => TestBackend) {
  let t: TestApp;
  let n = 0;
  const stamp = Date.now().toString(36);
  const email = (tag: string) => `${tag}-${++n}-${stamp}@example.com`;
  const http = () => request(t.server);
  const bearer = (account: Account) => ({ Authorization: `Bearer ${account.accessToken}` });

  let root: Account;
  let admin: Account;
  let user: Account;
  let guest: { guestId: string; token: string };
  const crowd: Account[] = [];

  async function latestMail(
    to: string,
    kind: 'verification_code' | 'admin_invite',
  ): Promise<{ text: string; subject: string }> {
    return (await http().get('/dev/mailbox/latest').query({ to, kind }).expect(200)).body;
  }

  async function signUp(
    tag: string,
    address = email(tag),
    name = `${tag[0].toUpperCase()}${tag.slice(1)} Tester`,
  ): Promise<Account> {
    await http()
      .post('/auth/register')
      .send({ name, email: address, password: PASSWORD, confirm: PASSWORD })
      .expect(201);
    const code = /\b(\d{6})\b/.exec((await latestMail(address, 'verification_code')).text)?.[1];
    const res = await http().post('/auth/verify-otp').send({ email: address, otp: code }).expect(200);
    return { id: res.body.user.id, email: address, accessToken: res.body.tokens.accessToken };
  }

  async function logIn(address: string, password: string): Promise<Account> {
    const res = await http().post('/auth/login').send({ email: address, password }).expect(200);
    return { id: res.body.user.id, email: address, accessToken: res.body.tokens.accessToken };
  }

  /** Issues an invite as the super admin and returns the token from the e-mailed link. */
  async function invite(to: string): Promise<string> {
    await http().post('/admin/invites').set(bearer(root)).send({ email: to }).expect(201);
    const mail = await latestMail(to, 'admin_invite');
    const url = /(https?:\/\/\S+\/admin\/invite\?token=[A-Za-z0-9_-]+)/.exec(mail.text)?.[1];
    if (!url) throw new Error(`no invite link in ${mail.text}`);
    return new URL(url).searchParams.get('token')!;
  }

  async function promoted(tag: string): Promise<Account> {
    const account = await signUp(tag);
    const token = await invite(account.email);
    await http().post('/admin/invites/accept').set(bearer(account)).send({ token }).expect(200);
    return account;
  }

  beforeAll(async () => {
    t = await startTestApp(backend(), {
      env: { SUPER_ADMIN_EMAIL: SUPER.email, SUPER_ADMIN_PASSWORD: SUPER.password },
      label: 'admin',
    });
    root = await logIn(SUPER.email, SUPER.password);
    user = await signUp('user');
    admin = await promoted('admin');
    guest = (await http().post('/auth/guest/session').expect(201)).body;
    // 21 more accounts, 7 of them left unverified, so paging has several pages.
    for (let i = 0; i < 21; i++) {
      if (i % 3 === 0) {
        await http()
          .post('/auth/register')
          .send({ name: `Pending ${i}`, email: email('pending'), password: PASSWORD })
          .expect(201);
      } else {
        crowd.push(await signUp(`crowd${i}`));
      }
    }
  }, 240_000);

  afterAll(async () => {
    await t?.close();
  });

  describe('authorisation matrix', () => {
    const headers = (who: Principal): Record<string, string> => {
      switch (who) {
        case 'anonymous':
          return {};
        case 'guest':
          // A guest has no bearer access token; its guest token is not one either.
          return { Authorization: `Bearer ${guest.token}`, 'X-Guest-Token': guest.token };
        case 'user':
          return bearer(user);
        case 'admin':
          return bearer(admin);
        case 'super_admin':
          return bearer(root);
      }
    };
    type Cell = number | [number, string];
    type Row = { name: string; call: (who: Principal) => request.Test; expect: Record<Principal, Cell> };
    const adminOnly = (ok: number): Record<Principal, Cell> => ({
      anonymous: [401, 'AUTH_REQUIRED'],
      guest: [401, 'AUTH_REQUIRED'],
      user: [403, 'FORBIDDEN'],
      admin: ok,
      super_admin: ok,
    });
    const superOnly = (ok: number): Record<Principal, Cell> => ({ ...adminOnly(ok), admin: [403, 'FORBIDDEN'] });
    let revokee: Account;
    let pendingToken: string;
    let targetId: string;
    let toResend: string;
    let toRevoke: string;

    beforeAll(async () => {
      revokee = await promoted('revokee');
      targetId = crowd[0].id;
      pendingToken = await invite(email('matrix-invitee'));
      toResend = inviteIdOf(await invite(email('matrix-resend')));
      toRevoke = inviteIdOf(await invite(email('matrix-revoke')));
    }, 60_000);

    const rows: Row[] = [
      {
        name: 'GET /admin/dashboard',
        call: (who) => http().get('/admin/dashboard').set(headers(who)),
        expect: adminOnly(200),
      },
      { name: 'GET /admin/users', call: (who) => http().get('/admin/users').set(headers(who)), expect: adminOnly(200) },
      {
        name: 'POST /admin/users/:id/plan',
        call: (who) => http().post(`/admin/users/${targetId}/plan`).set(headers(who)).send({ planSlug: 'basic' }),
        expect: adminOnly(200),
      },
      {
        name: 'POST /admin/users/:id/status',
        call: (who) => http().post(`/admin/users/${targetId}/status`).set(headers(who)).send({ status: 'active' }),
        expect: adminOnly(200),
      },
      {
        name: 'GET /admin/users/:id/timeline',
        call: (who) => http().get(`/admin/users/${targetId}/timeline`).set(headers(who)),
        expect: adminOnly(200),
      },
      {
        name: 'GET /admin/admins',
        call: (who) => http().get('/admin/admins').set(headers(who)),
        expect: superOnly(200),
      },
      {
        name: 'POST /admin/admins/:id/revoke',
        call: (who) => http().post(`/admin/admins/${revokee.id}/revoke`).set(headers(who)),
        expect: superOnly(200),
      },
      {
        name: 'POST /admin/invites',
        call: (who) =>
          http()
            .post('/admin/invites')
            .set(headers(who))
            .send({ email: email('invitee') }),
        expect: superOnly(201),
      },
      {
        name: 'POST /admin/invites/:id/resend',
        call: (who) => http().post(`/admin/invites/${toResend}/resend`).set(headers(who)),
        expect: superOnly(200),
      },
      {
        name: 'POST /admin/invites/:id/revoke',
        call: (who) => http().post(`/admin/invites/${toRevoke}/revoke`).set(headers(who)),
        expect: superOnly(200),
      },
      {
        name: 'POST /admin/invites/lookup (public)',
        call: (who) => http().post('/admin/invites/lookup').set(headers(who)).send({ token: pendingToken }),
        expect: { anonymous: 200, guest: 200, user: 200, admin: 200, super_admin: 200 },
      },
      {
        // Any signed-in account may try; the invite then checks the email.
        name: 'POST /admin/invites/accept',
        call: (who) => http().post('/admin/invites/accept').set(headers(who)).send({ token: pendingToken }),
        expect: {
          anonymous: [401, 'AUTH_REQUIRED'],
          guest: [401, 'AUTH_REQUIRED'],
          user: [403, 'INVITE_EMAIL_MISMATCH'],
          admin: [403, 'INVITE_EMAIL_MISMATCH'],
          super_admin: [403, 'INVITE_EMAIL_MISMATCH'],
        },
      },
    ];
    // super_admin last: its calls are the ones that change something (revoke).
    const principals: Principal[] = ['anonymous', 'guest', 'user', 'admin', 'super_admin'];

    it.each(rows.map((row) => [row.name, row] as const))('%s', async (_name, row) => {
      const seen: Record<string, Cell> = {};
      for (const who of principals) {
        const res = await row.call(who);
        const want = row.expect[who];
        seen[who] = typeof want === 'number' ? res.status : [res.status, res.body.code];
        if (res.status >= 400)
          expect(res.body).toMatchObject({
            status: res.status,
            code: expect.any(String),
            message: expect.any(String),
            details: expect.any(Object),
          });
      }
      expect(seen).toEqual(row.expect);
    });

    it('answers 401 to a bearer token that is not an access token, and 403 with the spec message', async () => {
      const res = await http().get('/admin/dashboard').set('Authorization', 'Bearer not.a.jwt').expect(401);
      expect(res.body.code).toBe('AUTH_REQUIRED');
      const forbidden = await http().get('/admin/dashboard').set(bearer(user)).expect(403);
      expect(forbidden.body).toMatchObject({ code: 'FORBIDDEN', message: 'You do not have permission to do this.' });
    });
  });

  describe('GET /admin/dashboard', () => {
    /** What runAiTool appends once a detection answered: the run's fact, which writes the recent-activity row. */
    const recordDetection = (requestId: string, who: ToolUser, score: number, aiProbability: number) =>
      handleCommand(
        t.app.get<EventStore>(EVENT_STORE),
        toolRunStreamId(requestId),
        toolRunDecider,
        {
          type: 'RecordDetection',
          data: {
            requestId,
            user: who,
            plan: who.type === 'user' ? 'free-signup' : 'guest',
            textHash: 'e'.repeat(64),
            characters: 900,
            words: 150,
            engine: 'onnx',
            modelVersion: 'auto:1.1.0',
            durationMs: 8,
            cached: false,
            clientTrim: false,
            source: 'paste',
            score,
            aiProbability,
            confidence: 71.23,
            mode: 'moderate',
            modeLabel: 'Moderate (chunked)',
            at: new Date().toISOString(),
          },
        },
        { newStream: true, metadata: { actor: who, correlationId: requestId } },
      );

    it('summarises accounts, paid plans, newest enrolments and the latest recorded detections', async () => {
      const usage = t.app.get(UsageService);
      await usage.consume({ kind: 'account', accountId: user.id, plan: planBySlug('free-signup') }, 'detector', {
        words: 120,
        requestId: `dash-user-${stamp}`,
      });
      await recordDetection(`dash-user-${stamp}`, { type: 'user', id: user.id }, 0.873, 91.2);
      // Distinct timestamps, so "newest first" is a fact the test can check.
      await new Promise((resolve) => setTimeout(resolve, 5));
      await usage.consume({ kind: 'guest', guestId: guest.guestId, clientKey: `addr-${stamp}` }, 'detector', {
        words: 30,
        requestId: `dash-guest-${stamp}`,
      });
      await recordDetection(`dash-guest-${stamp}`, { type: 'guest', id: guest.guestId }, 0.2, 25);
      // Counted but never recorded (still running, or cut off): not activity.
      await usage.consume({ kind: 'guest', guestId: guest.guestId, clientKey: `addr-${stamp}` }, 'detector', {
        words: 30,
        requestId: `dash-unrecorded-${stamp}`,
      });
      await http()
        .post(`/admin/users/${crowd[1].id}/plan`)
        .set(bearer(admin))
        .send({ planSlug: 'enterprise' })
        .expect(200);

      const res = await http().get('/admin/dashboard').set(bearer(admin)).expect(200);
      const { summary } = res.body;
      const list = (await http().get('/admin/users').query({ limit: 100 }).set(bearer(admin)).expect(200)).body;
      const users = list.users as Array<{ status: string; role: string; planSlug: string }>;
      expect(summary.totals).toEqual({
        users: list.total,
        activeUsers: users.filter((u) => u.status === 'active').length,
        pendingUsers: users.filter((u) => u.status === 'pending_verification').length,
        admins: users.filter((u) => u.role === 'admin' || u.role === 'super_admin').length,
      });
      expect(summary.totals.pendingUsers).toBeGreaterThanOrEqual(7);
      expect(summary.subscriptions.enterprise).toBe(
        users.filter((u) => u.planSlug === 'enterprise' && u.status === 'active').length,
      );
      expect(summary.subscriptions.enterprise).toBeGreaterThanOrEqual(1);

      expect(summary.recentUsers).toHaveLength(10);
      expect(summary.recentUsers[0]).toEqual({
        id: expect.any(String),
        email: expect.any(String),
        role: expect.any(String),
        status: expect.any(String),
        planSlug: expect.any(String),
        createdAt: expect.any(String),
      });
      const created = summary.recentUsers.map((u: { createdAt: string }) => u.createdAt);
      expect([...created].sort().reverse()).toEqual(created);

      expect(summary.recentActivity.length).toBeLessThanOrEqual(10);
      expect(summary.recentActivity.slice(0, 2)).toEqual([
        {
          id: `dash-guest-${stamp}`,
          createdAt: expect.any(String),
          kind: 'detection',
          accountLabel: 'Guest session',
          accountType: 'guest',
          accountId: guest.guestId,
          accountEmail: null,
          verdict: 'Human',
          aiPercent: 20,
          biasPercent: -5,
        },
        {
          id: `dash-user-${stamp}`,
          createdAt: expect.any(String),
          kind: 'detection',
          accountLabel: user.email,
          accountType: 'user',
          accountId: user.id,
          accountEmail: user.email,
          verdict: 'AI-Generated',
          aiPercent: 87.3,
          biasPercent: -3.9,
        },
      ]);
    });
  });

  describe('GET /admin/users', () => {
    const list = (query: Record<string, string | number>) => http().get('/admin/users').query(query).set(bearer(admin));

    it('pages newest first with an opaque cursor (default 20), and total counts under the filters', async () => {
      const first = (await list({}).expect(200)).body;
      expect(first.users).toHaveLength(20);
      expect(first.total).toBeGreaterThan(20);
      expect(first.nextCursor).toMatch(/^[A-Za-z0-9_-]+$/);
      expect(Object.keys(first.users[0]).sort()).toEqual([
        'email',
        'id',
        'lastLoginAt',
        'name',
        'planSlug',
        'role',
        'status',
        'wordsUsed',
      ]);

      const ids: string[] = [];
      let cursor: string | null = null;
      do {
        const page: { users: Array<{ id: string }>; nextCursor: string | null; total: number } = (
          await list(cursor ? { limit: 4, cursor } : { limit: 4 }).expect(200)
        ).body;
        expect(page.total).toBe(first.total);
        ids.push(...page.users.map((u) => u.id));
        cursor = page.nextCursor;
      } while (cursor);
      expect(ids).toHaveLength(first.total);
      expect(new Set(ids).size).toBe(first.total);
      expect(ids.slice(0, 20)).toEqual(first.users.map((u: { id: string }) => u.id));
      expect(ids[ids.length - 1]).toBe(root.id);
    });

    it('filters by status and role, and searches email and name case-insensitively', async () => {
      const pending = (await list({ status: 'pending_verification', limit: 100 }).expect(200)).body;
      expect(pending.total).toBe(pending.users.length);
      expect(pending.users.every((u: { status: string }) => u.status === 'pending_verification')).toBe(true);
      const admins = (await list({ role: 'super_admin' }).expect(200)).body;
      expect(admins.users.map((u: { id: string }) => u.id)).toEqual([root.id]);
      expect((await list({ status: 'all', role: 'all' }).expect(200)).body.total).toBe(
        (await list({}).expect(200)).body.total,
      );

      const byEmail = (await list({ q: user.email.toUpperCase() }).expect(200)).body;
      expect(byEmail).toMatchObject({
        total: 1,
        nextCursor: null,
        users: [{ id: user.id, email: user.email, name: 'User Tester', role: 'user', status: 'active' }],
      });
      const byName = (await list({ q: 'crowd1' }).expect(200)).body;
      expect(byName.total).toBeGreaterThan(0);
      // A search is not paged: its first `limit` matches, the total, and no cursor.
      const searchPage = (await list({ q: 'CROWD', limit: 3 }).expect(200)).body;
      expect(searchPage.users).toHaveLength(3);
      expect(searchPage.total).toBe(crowd.length);
      expect(searchPage.nextCursor).toBeNull();
      expect(
        byName.users.every((u: { name: string; email: string }) =>
          `${u.name} ${u.email}`.toLowerCase().includes('crowd1'),
        ),
      ).toBe(true);
      expect((await list({ q: 'PENDING 3' }).expect(200)).body.users.map((u: { name: string }) => u.name)).toEqual([
        'Pending 3',
      ]);
    });

    it('reports words used and last login', async () => {
      const usage = t.app.get(UsageService);
      const target = crowd[2];
      const holder = { kind: 'account' as const, accountId: target.id, plan: planBySlug('free-signup') };
      await usage.consume(holder, 'detector', { words: 250 });
      const failed = await usage.consume(holder, 'humaniser', { words: 999 });
      await failed.release('job_failed');
      await usage.consume(holder, 'humaniser', { words: 40 });
      const row = (await list({ q: target.email }).expect(200)).body.users[0];
      expect(row.wordsUsed).toBe(290);
      // The sign-up by code signed the account in (issue 30 item 8): it has a last login before any password sign-in.
      const signedUp = Date.parse(row.lastLoginAt);
      expect(signedUp).toBeGreaterThan(Date.now() - 600_000);
      await logIn(target.email, PASSWORD);
      const after = (await list({ q: target.email }).expect(200)).body.users[0];
      expect(Date.parse(after.lastLoginAt)).toBeGreaterThan(Date.now() - 60_000);
      expect(Date.parse(after.lastLoginAt)).toBeGreaterThanOrEqual(signedUp);
    });

    it.each([
      [
        { q: 'a', cursor: 'eyJjIjoiMjAyNi0wMS0wMVQwMDowMDowMC4wMDBaIiwiaSI6IngifQ' },
        'cursor',
        'Search results are not paged: send q or cursor, not both.',
      ],
      [{ limit: 101 }, 'limit', 'limit must be a whole number from 1 to 100.'],
      [{ limit: 0 }, 'limit', 'limit must be a whole number from 1 to 100.'],
      [{ limit: 'ten' }, 'limit', 'limit must be a whole number from 1 to 100.'],
      [{ cursor: 'bm90IGEgY3Vyc29y' }, 'cursor', 'Invalid cursor.'],
      [{ status: 'sleeping' }, 'status', 'status must be one of active, pending_verification, disabled.'],
      [{ role: 'guest' }, 'role', 'role must be one of user, admin, super_admin.'],
    ])('rejects %j with VALIDATION_ERROR on %s', async (query, field, message) => {
      const res = await list(query as Record<string, string | number>).expect(400);
      expect(res.body).toMatchObject({
        status: 400,
        code: 'VALIDATION_ERROR',
        details: { fields: { [field]: [message] } },
      });
    });
  });

  describe('plans, statuses and the audit timeline', () => {
    it('changes a plan; the directory, the subscription and the timeline show it at once', async () => {
      const target = crowd[3];
      const res = await http()
        .post(`/admin/users/${target.id}/plan`)
        .set(bearer(admin))
        .send({ planSlug: 'Pro' })
        .expect(200);
      expect(res.body).toEqual({ subscription: { planSlug: 'pro', status: 'active' }, message: 'Plan set to Pro.' });
      expect(
        (await http().get('/admin/users').query({ q: target.email }).set(bearer(admin)).expect(200)).body.users[0]
          .planSlug,
      ).toBe('pro');
      expect((await http().get('/auth/subscription').set(bearer(target)).expect(200)).body.subscription).toMatchObject({
        planSlug: 'pro',
      });

      // Same plan again: nothing changes, same answer.
      await http().post(`/admin/users/${target.id}/plan`).set(bearer(admin)).send({ planSlug: 'pro' }).expect(200);
      // Empty plan = free-signup.
      expect(
        (await http().post(`/admin/users/${target.id}/plan`).set(bearer(root)).send({ planSlug: '' }).expect(200)).body
          .subscription.planSlug,
      ).toBe('free-signup');

      const timeline = (await http().get(`/admin/users/${target.id}/timeline`).set(bearer(admin)).expect(200)).body;
      const plans = timeline.events.filter((e: { type: string }) => e.type === 'PlanChanged');
      expect(plans).toEqual([
        {
          position: expect.stringMatching(/^\d+$/),
          version: expect.any(Number),
          type: 'PlanChanged',
          at: expect.any(String),
          actor: { type: 'admin', id: root.id, email: root.email },
          summary: 'Plan changed from pro to free-signup',
          data: { from: 'pro', to: 'free-signup' },
        },
        expect.objectContaining({
          actor: { type: 'admin', id: admin.id, email: admin.email },
          summary: 'Plan changed from free-signup to pro',
          data: { from: null, to: 'pro' },
        }),
      ]);
      const types = timeline.events.map((e: { type: string }) => e.type);
      expect(types).toEqual(expect.arrayContaining(['AccountRegistered', 'VerificationCodeSent', 'EmailVerified']));
      expect(JSON.stringify(timeline)).not.toMatch(/hash|argon2/i);
      const first = (
        await http().get(`/admin/users/${target.id}/timeline`).query({ limit: 1 }).set(bearer(admin)).expect(200)
      ).body;
      expect(first.events).toHaveLength(1);
      const older = (
        await http()
          .get(`/admin/users/${target.id}/timeline`)
          .query({ limit: 2, before: first.nextBefore })
          .set(bearer(admin))
          .expect(200)
      ).body;
      expect(older.events.map((e: { version: number }) => e.version)).toEqual([
        first.nextBefore - 1,
        first.nextBefore - 2,
      ]);
    });

    it('refuses unknown plans, missing bodies and unknown accounts', async () => {
      const bad = await http()
        .post(`/admin/users/${crowd[3].id}/plan`)
        .set(bearer(admin))
        .send({ planSlug: 'gold' })
        .expect(400);
      expect(bad.body).toMatchObject({
        code: 'INVALID_PLAN',
        message: 'Choose one of the plans free-signup, basic, pro or enterprise.',
      });
      const missing = await http().post(`/admin/users/${crowd[3].id}/plan`).set(bearer(admin)).send({}).expect(400);
      expect(missing.body).toMatchObject({
        code: 'VALIDATION_ERROR',
        details: { fields: { planSlug: ['Choose a plan.'] } },
      });
      for (const path of ['/admin/users/00000000-0000-4000-8000-000000000000/plan', '/admin/users/no%20such/plan']) {
        expect((await http().post(path).set(bearer(admin)).send({ planSlug: 'pro' }).expect(404)).body.code).toBe(
          'ACCOUNT_NOT_FOUND',
        );
      }
      expect(
        (await http().get('/admin/users/00000000-0000-4000-8000-000000000000/timeline').set(bearer(admin)).expect(404))
          .body.code,
      ).toBe('ACCOUNT_NOT_FOUND');
    });

    it('disables and re-enables an account: a disabled account is signed out at once', async () => {
      const target = crowd[4];
      const res = await http()
        .post(`/admin/users/${target.id}/status`)
        .set(bearer(admin))
        .send({ status: 'disabled' })
        .expect(200);
      expect(res.body).toMatchObject({
        user: { id: target.id, status: 'disabled' },
        message: 'Status set to disabled.',
      });
      expect((await http().get('/auth/me').set(bearer(target)).expect(401)).body.code).toBe('AUTH_REQUIRED');
      const disabled = (await http().get('/admin/users').query({ status: 'disabled' }).set(bearer(admin)).expect(200))
        .body;
      expect(disabled.users.map((u: { id: string }) => u.id)).toContain(target.id);
      await http()
        .post(`/admin/users/${target.id}/status`)
        .set(bearer(admin))
        .send({ status: 'pending_verification' })
        .expect(200);
      await http().post(`/admin/users/${target.id}/status`).set(bearer(admin)).send({ status: 'active' }).expect(200);
      const timeline = (await http().get(`/admin/users/${target.id}/timeline`).set(bearer(admin)).expect(200)).body;
      expect(
        timeline.events
          .filter((e: { type: string }) => e.type === 'AccountStatusChanged')
          .map((e: { summary: string }) => e.summary),
      ).toEqual([
        'Status changed from pending verification to active',
        'Status changed from disabled to pending verification',
        'Status changed from active to disabled',
      ]);
    });

    it('protects the super admin and validates the status', async () => {
      expect(
        (
          await http()
            .post(`/admin/users/${root.id}/status`)
            .set(bearer(admin))
            .send({ status: 'disabled' })
            .expect(403)
        ).body.code,
      ).toBe('SUPER_ADMIN_PROTECTED');
      const bad = await http()
        .post(`/admin/users/${user.id}/status`)
        .set(bearer(admin))
        .send({ status: 'banned' })
        .expect(400);
      expect(bad.body).toMatchObject({
        code: 'VALIDATION_ERROR',
        details: { fields: { status: ['Choose one of the statuses active, pending_verification, disabled.'] } },
      });
    });
  });

  describe('admin team and invitations', () => {
    it('lists the admin team and revokes an admin back to a user', async () => {
      const extra = await promoted('teammate');
      const team = (await http().get('/admin/admins').set(bearer(root)).expect(200)).body.admins;
      expect(team[0]).toEqual({
        id: root.id,
        email: SUPER.email,
        role: 'super_admin',
        createdAt: expect.any(String),
        adminSince: expect.any(String),
      });
      // Admin since the invite was accepted, not since the account was created (issue 30 item 8).
      const joined = team.find((a: { id: string }) => a.id === extra.id);
      expect(Date.parse(joined.adminSince)).toBeGreaterThan(Date.parse(joined.createdAt));
      expect(team.map((a: { id: string }) => a.id)).toEqual(expect.arrayContaining([admin.id, extra.id]));
      await http().get('/admin/dashboard').set(bearer(extra)).expect(200);

      const res = await http().post(`/admin/admins/${extra.id}/revoke`).set(bearer(root)).expect(200);
      expect(res.body.admin).toMatchObject({ id: extra.id, role: 'user' });
      // The same access token no longer opens the console: roles are loaded on every request.
      await http().get('/admin/dashboard').set(bearer(extra)).expect(403);
      expect(
        (await http().get('/admin/admins').set(bearer(root)).expect(200)).body.admins.map((a: { id: string }) => a.id),
      ).not.toContain(extra.id);
      const timeline = (await http().get(`/admin/users/${extra.id}/timeline`).set(bearer(root)).expect(200)).body
        .events;
      expect(timeline.slice(0, 2).map((e: { summary: string }) => e.summary)).toEqual([
        'Role changed from admin to user (admin access revoked)',
        'Role changed from user to admin (admin invitation accepted)',
      ]);

      expect((await http().post(`/admin/admins/${root.id}/revoke`).set(bearer(root)).expect(403)).body.code).toBe(
        'SUPER_ADMIN_PROTECTED',
      );
      expect((await http().post(`/admin/admins/${user.id}/revoke`).set(bearer(root)).expect(409)).body.code).toBe(
        'NOT_AN_ADMIN',
      );
    });

    it('invites by e-mail; the invitee looks the invite up, signs up with that address and accepts it', async () => {
      const address = email('Invitee').toUpperCase();
      const issued = await http()
        .post('/admin/invites')
        .set(bearer(root))
        .send({ email: ` ${address} ` })
        .expect(201);
      const expected = Date.now() + 7 * 24 * 3600_000;
      expect(issued.body).toEqual({
        invite: { email: address.toLowerCase(), expiresAt: expect.any(String), status: 'pending' },
        message: `Invitation sent to ${address.toLowerCase()}.`,
      });
      expect(Math.abs(Date.parse(issued.body.invite.expiresAt) - expected)).toBeLessThan(60_000);

      const mail = await latestMail(address.toLowerCase(), 'admin_invite');
      const link = /(\S+\/admin\/invite\?token=([A-Za-z0-9_-]+))/.exec(mail.text)!;
      expect(link[1]).toBe(`${t.config.appPublicUrl}/admin/invite?token=${link[2]}`);
      const token = link[2];
      expect(Buffer.from(token, 'base64url')).toHaveLength(32);

      // Only the hash-derived id is stored: the token appears nowhere in the invite's events.
      const store = t.app.get<EventStore>(EVENT_STORE);
      const events = await store.readStream(inviteStreamId(inviteIdOf(token)));
      expect(events.map((e) => e.type)).toEqual(['InviteIssued']);
      expect(JSON.stringify(events.map((e) => ({ data: e.data, metadata: e.metadata })))).not.toContain(token);

      const lookup = await http().post('/admin/invites/lookup').send({ token }).expect(200);
      expect(lookup.body).toEqual({
        invite: { email: address.toLowerCase(), expiresAt: issued.body.invite.expiresAt, status: 'pending' },
      });

      // Someone else signed in cannot take it.
      expect((await http().post('/admin/invites/accept').set(bearer(user)).send({ token }).expect(403)).body.code).toBe(
        'INVITE_EMAIL_MISMATCH',
      );

      const invitee = await signUp('invitee', address.toLowerCase());
      await http().get('/admin/dashboard').set(bearer(invitee)).expect(403);
      const accepted = await http().post('/admin/invites/accept').set(bearer(invitee)).send({ token }).expect(200);
      expect(accepted.body).toEqual({
        user: { id: invitee.id, email: invitee.email, name: 'Invitee Tester', role: 'admin' },
        message: 'Admin access activated.',
      });
      await http().get('/admin/dashboard').set(bearer(invitee)).expect(200);
      expect(
        (await http().get('/admin/admins').set(bearer(root)).expect(200)).body.admins.map((a: { id: string }) => a.id),
      ).toContain(invitee.id);

      // Used: lookups say so, and nobody else can use it again.
      expect((await http().post('/admin/invites/lookup').send({ token }).expect(200)).body.invite.status).toBe(
        'accepted',
      );
      expect(
        (await http().post('/admin/invites/accept').set(bearer(admin)).send({ token }).expect(409)).body.code,
      ).toBe('INVITE_NOT_PENDING');
      // An invite works once, for the invitee too (issue 25: a revoked admin must not restore their role with it).
      expect(
        (await http().post('/admin/invites/accept').set(bearer(invitee)).send({ token }).expect(409)).body.code,
      ).toBe('INVITE_NOT_PENDING');
    });

    // Issue 43 item 6: a pending invite can be sent again (a new link) or revoked; both are in the invite's history
    // with the super admin as the actor, and a used invite can be neither.
    it('resends and revokes a pending invite; the history names the super admin', async () => {
      const address = email('resent');
      const first = await invite(address);
      const listed = (await http().get('/admin/invites').set(bearer(root)).expect(200)).body.invites as {
        id: string;
        email: string;
        status: string;
      }[];
      expect(listed.find((i) => i.email === address)).toMatchObject({ id: inviteIdOf(first), status: 'pending' });

      const resent = await http()
        .post(`/admin/invites/${inviteIdOf(first)}/resend`)
        .set(bearer(root))
        .expect(200);
      expect(resent.body).toEqual({
        invite: { email: address, expiresAt: expect.any(String), status: 'pending' },
        message: `Invitation sent again to ${address}.`,
      });
      const second = /token=([A-Za-z0-9_-]+)/.exec((await latestMail(address, 'admin_invite')).text)![1];
      expect(second).not.toBe(first);
      expect((await http().post('/admin/invites/lookup').send({ token: first }).expect(404)).body.code).toBe(
        'INVITE_NOT_FOUND',
      );
      await http().post('/admin/invites/lookup').send({ token: second }).expect(200);

      const revoked = await http()
        .post(`/admin/invites/${inviteIdOf(second)}/revoke`)
        .set(bearer(root))
        .expect(200);
      expect(revoked.body).toEqual({
        invite: { email: address, expiresAt: expect.any(String), status: 'revoked' },
        message: `Invitation to ${address} revoked.`,
      });
      await http().post('/admin/invites/lookup').send({ token: second }).expect(404);
      const invitee = await signUp('resent', address);
      expect(
        (await http().post('/admin/invites/accept').set(bearer(invitee)).send({ token: second }).expect(404)).body.code,
      ).toBe('INVITE_NOT_FOUND');
      expect(
        ((await http().get('/admin/invites').set(bearer(root)).expect(200)).body.invites as typeof listed)
          .filter((i) => i.email === address)
          .map((i) => i.status),
      ).toEqual(['revoked', 'revoked']);

      const store = t.app.get<EventStore>(EVENT_STORE);
      const history = async (token: string) =>
        (await store.readStream(inviteStreamId(inviteIdOf(token)))).map((e) => [e.type, e.metadata.actor, e.data]);
      const actor = { type: 'admin', id: root.id };
      expect(await history(first)).toEqual([
        ['InviteIssued', actor, expect.any(Object)],
        [
          'InviteRevoked',
          actor,
          expect.objectContaining({ revokedBy: root.id, reason: 'resent', replacedBy: inviteIdOf(second) }),
        ],
      ]);
      expect(await history(second)).toEqual([
        ['InviteIssued', actor, expect.any(Object)],
        ['InviteRevoked', actor, expect.objectContaining({ revokedBy: root.id, reason: 'revoked' })],
      ]);

      // Unknown ids and used invites.
      await http().post('/admin/invites/not-an-invite/revoke').set(bearer(root)).expect(404);
      await http()
        .post(`/admin/invites/${'0'.repeat(32)}/resend`)
        .set(bearer(root))
        .expect(404);
      const usedAddress = email('used');
      const used = await invite(usedAddress);
      const usedBy = await signUp('used', usedAddress);
      await http().post('/admin/invites/accept').set(bearer(usedBy)).send({ token: used }).expect(200);
      for (const action of ['resend', 'revoke']) {
        expect(
          (
            await http()
              .post(`/admin/invites/${inviteIdOf(used)}/${action}`)
              .set(bearer(root))
              .expect(409)
          ).body.code,
        ).toBe('INVITE_NOT_PENDING');
      }
    });

    it('validates invitations', async () => {
      const missing = await http().post('/admin/invites').set(bearer(root)).send({}).expect(400);
      expect(missing.body).toMatchObject({
        code: 'VALIDATION_ERROR',
        details: { fields: { email: ['Enter an email address to invite.'] } },
      });
      const blank = await http().post('/admin/invites').set(bearer(root)).send({ email: '  ' }).expect(400);
      expect(blank.body.details.fields.email).toEqual(['Enter an email address to invite.']);
      expect(
        (await http().post('/admin/invites').set(bearer(root)).send({ email: 'nope' }).expect(400)).body.details.fields
          .email,
      ).toEqual(['Enter a valid email address.']);
      expect(
        (await http().post('/admin/invites').set(bearer(root)).send({ email: admin.email }).expect(409)).body.code,
      ).toBe('ALREADY_ADMIN');

      const noToken = await http().post('/admin/invites/lookup').send({}).expect(400);
      expect(noToken.body.details.fields.token).toEqual(['Invitation token missing from the URL.']);
      const unknown = await http()
        .post('/admin/invites/lookup')
        .send({ token: 'x'.repeat(43) })
        .expect(404);
      expect(unknown.body).toMatchObject({
        code: 'INVITE_NOT_FOUND',
        message: 'This invitation could not be found or has expired.',
      });
      expect(
        (
          await http()
            .post('/admin/invites/accept')
            .set(bearer(user))
            .send({ token: 'y'.repeat(43) })
            .expect(404)
        ).body.code,
      ).toBe('INVITE_NOT_FOUND');
    });
  });
}

describe('admin API on PGlite', () => adminSuite(() => ({ kind: 'pglite' })));

describeWithService('postgres', 'admin API on PostgreSQL', (url) =>
  adminSuite(() => ({ kind: 'postgres', baseUrl: url })),
);
