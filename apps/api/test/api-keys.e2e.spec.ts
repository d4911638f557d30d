import { Writable } from 'node:stream';
import request from 'supertest';
import type { EventStore } from '@inkprint/eventstore';
import { configureLogging } from '@inkprint/job-bus';
import { describeWithService } from '@inkprint/testing';
import { EVENT_STORE } from '../src/platform/tokens';
import { startTestApp, type TestApp, type TestBackend } from './support/test-app';

jest.setTimeout(180_000);

const PASSWORD = 'Corr3ct-horse-battery';
const ROOT = { email: 'root@example.com', password: 'Sup3r-secret-pass!' };
const TEXT =
  "I missed the 8:14 again, so I walked. Rain, obviously. By the time I reached the bakery on Carver St. they'd sold out of the rye " +
  "my mum likes, and the woman at the till - Jo, I think - gave me yesterday's loaf for free because I looked that miserable. " +
  'Small mercies. Got home soaked, burnt the toast, laughed about it anyway.';

interface Account {
  id: string;
  email: string;
  accessToken: string;
}

/**
 * Issue 29 item 2 over HTTP: API keys created, used on the AI routes, capped, rate-limited and revoked; the key is
 * never in an answer after creation, an event, or a log line.
 */
function apiKeysSuite(backend: () => TestBackend) {
  let t: TestApp;
  let logs = '';
  let n = 0;
  const stamp = Date.now().toString(36);
  const http = () => request(t.server);
  const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

  beforeAll(async () => {
    t = await startTestApp(backend(), {
      env: {
        SUPER_ADMIN_EMAIL: ROOT.email,
        SUPER_ADMIN_PASSWORD: ROOT.password,
        WORKER_CONCURRENCY: '2',
        INKPRINT_LANGUAGE_MODEL: 'off',
      },
      label: 'apikeys',
    });
    // Every log line of the API at its most talkative, to look for keys in.
    configureLogging({
      level: 'debug',
      format: 'json',
      name: 'api',
      destination: new Writable({
        write(chunk: Buffer, _encoding, done) {
          logs += chunk.toString();
          done();
        },
      }),
    });
  }, 180_000);
  afterAll(() => t?.close());

  async function signUp(tag: string): Promise<Account> {
    const email = `${tag}-${++n}-${stamp}@example.com`;
    await http().post('/auth/register').send({ name: 'Key Tester', email, password: PASSWORD }).expect(201);
    const mail = (await http().get('/dev/mailbox/latest').query({ to: email, kind: 'verification_code' }).expect(200))
      .body as { text: string };
    const res = await http()
      .post('/auth/verify-otp')
      .send({ email, otp: /\b(\d{6})\b/.exec(mail.text)![1] })
      .expect(200);
    return { id: res.body.user.id, email, accessToken: res.body.tokens.accessToken };
  }

  async function root(): Promise<string> {
    return (await http().post('/auth/login').send(ROOT).expect(200)).body.tokens.accessToken as string;
  }

  async function onPlan(account: Account, planSlug: string): Promise<void> {
    await http()
      .post(`/admin/users/${account.id}/plan`)
      .set(bearer(await root()))
      .send({ planSlug })
      .expect(200);
  }

  const detect = (key: string, i = 0) =>
    http()
      .post('/ai/detect?mode=fast')
      .set(bearer(key))
      .send({ text: `${TEXT} (${i})` });

  it('create → use → cap reached → revoke → refused; scopes hold; the key is never seen again', async () => {
    const guestRefused = await http()
      .post('/auth/api-keys')
      .send({ name: 'x', scopes: ['detect'] })
      .expect(401);
    expect(guestRefused.body.code).toBe('AUTH_REQUIRED');
    const ada = await signUp('keys');
    const free = await http()
      .post('/auth/api-keys')
      .set(bearer(ada.accessToken))
      .send({ name: 'CI', scopes: ['detect'] })
      .expect(403);
    expect(free.body).toMatchObject({ code: 'API_KEY_PLAN_REQUIRED', status: 403 });

    await onPlan(ada, 'basic');
    const overCap = await http()
      .post('/auth/api-keys')
      .set(bearer(ada.accessToken))
      .send({ name: 'CI', scopes: ['detect'], dailyCap: 21 })
      .expect(400);
    expect(overCap.body.code).toBe('VALIDATION_ERROR');
    expect(overCap.body.message).toBe("The daily cap must be at most your plan's daily limit of 20 requests.");
    const badScope = await http()
      .post('/auth/api-keys')
      .set(bearer(ada.accessToken))
      .send({ name: 'CI', scopes: ['admin'] })
      .expect(400);
    expect(badScope.body.code).toBe('VALIDATION_ERROR');

    const created = await http()
      .post('/auth/api-keys')
      .set(bearer(ada.accessToken))
      .send({ name: 'CI pipeline', scopes: ['reports', 'detect'], dailyCap: 3 })
      .expect(201);
    const key = created.body.key as string;
    expect(created.body).toEqual({
      id: expect.any(String),
      name: 'CI pipeline',
      scopes: ['detect', 'reports'],
      dailyCap: 3,
      key: expect.stringMatching(/^ink_[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$/),
      createdAt: expect.any(String),
      expiresAt: null,
    });
    const keyId = created.body.id as string;
    const secret = key.split('.')[2];

    // Use: charged to the account, recorded with the key's id.
    const first = await detect(key, 1).expect(200);
    expect(first.body.result.score).toEqual(expect.any(Number));
    expect(first.body.usage.detector).toEqual({ dailyLimit: 20, dailyUsed: 1, dailyRemaining: 19 });
    const shared = await http()
      .post('/ai/report')
      .set(bearer(key))
      .send({ result: { ...first.body.result, originalText: `${TEXT} (1)` } })
      .expect(201);
    expect(shared.body.id).toEqual(expect.any(String));

    // Scopes: no humanise scope, no humanising; a key is no session.
    const humanise = await http().post('/ai/humanise').set(bearer(key)).send({ text: TEXT }).expect(403);
    expect(humanise.body).toMatchObject({ code: 'API_KEY_SCOPE_MISSING', details: { required: ['humanise'] } });
    expect((await http().get('/auth/me').set(bearer(key)).expect(401)).body.code).toBe('AUTH_REQUIRED');
    expect(
      (
        await http()
          .post('/auth/api-keys')
          .set(bearer(key))
          .send({ name: 'x', scopes: ['detect'] })
          .expect(401)
      ).body.code,
    ).toBe('AUTH_REQUIRED');

    // The cap: 3 a day for this key, whatever the plan still allows.
    await detect(key, 2).expect(200);
    await detect(key, 3).expect(200);
    const capped = await detect(key, 4).expect(429);
    expect(capped.body).toMatchObject({ code: 'DAILY_LIMIT_REACHED', details: { apiKeyId: keyId, limit: 3 } });
    expect(capped.body.message).toContain('This API key has used its daily cap of 3 detection requests');
    const me = await http().get('/auth/me').set(bearer(ada.accessToken)).expect(200);
    expect(me.body.usage.detector.dailyUsed).toBe(3);
    await http()
      .post('/ai/detect?mode=fast')
      .set(bearer(ada.accessToken))
      .send({ text: `${TEXT} (session)` })
      .expect(200);

    // Listed without the key; last use and uses from the account's history.
    const listed = (await http().get('/auth/api-keys').set(bearer(ada.accessToken)).expect(200)).body;
    expect(listed.apiKeys).toEqual([
      {
        id: keyId,
        name: 'CI pipeline',
        scopes: ['detect', 'reports'],
        dailyCap: 3,
        createdAt: created.body.createdAt,
        lastUsedAt: expect.any(String),
        uses: expect.any(Number),
        revokedAt: null,
        expiresAt: null,
      },
    ]);

    // Revoke: the next request with the key is refused.
    const gone = await http().delete(`/auth/api-keys/${keyId}`).set(bearer(ada.accessToken)).expect(200);
    expect(gone.body).toMatchObject({ id: keyId, name: 'CI pipeline', revokedAt: expect.any(String) });
    expect(gone.body.key).toBeUndefined();
    const revoked = await detect(key, 5).expect(401);
    expect(revoked.body.code).toBe('API_KEY_INVALID');
    expect((await http().delete('/auth/api-keys/nope').set(bearer(ada.accessToken)).expect(404)).body.code).toBe(
      'API_KEY_NOT_FOUND',
    );
    const forged = await detect(`${key.slice(0, -4)}AAAA`).expect(401);
    expect(forged.body.code).toBe('API_KEY_INVALID');

    // Admins: the keys (names, scopes, last use) and the timeline's creation, uses and revocation.
    const admin = bearer(await root());
    const adminList = (await http().get(`/admin/users/${ada.id}/api-keys`).set(admin).expect(200)).body;
    expect(adminList.apiKeys[0]).toMatchObject({
      id: keyId,
      name: 'CI pipeline',
      uses: 3,
      revokedAt: expect.any(String),
    });
    expect(Date.parse(adminList.apiKeys[0].lastUsedAt)).toBeGreaterThan(Date.parse(created.body.createdAt) - 1);
    const timeline = (await http().get(`/admin/users/${ada.id}/timeline`).query({ limit: 50 }).set(admin).expect(200))
      .body as { events: Array<{ type: string; summary: string }> };
    const summaries = timeline.events.map((e) => `${e.type}: ${e.summary}`);
    expect(summaries).toEqual(
      expect.arrayContaining([
        `ApiKeyCreated: API key "CI pipeline" (${keyId}) created: detect, reports, a daily cap of 3`,
        expect.stringMatching(new RegExp(`^DetectionRecorded: .* with API key ${keyId}$`)),
        expect.stringMatching(new RegExp(`^ReportShared: `)),
        `ApiKeyRevoked: API key ${keyId} revoked`,
      ]),
    );
    expect(summaries.filter((s) => s.includes(`with API key ${keyId}`))).toHaveLength(3);

    // The key (or its secret part) is in no answer since creation, no event and no log line.
    const answers = JSON.stringify([
      first.body,
      shared.body,
      listed,
      gone.body,
      adminList,
      timeline,
      me.body,
      capped.body,
    ]);
    expect(answers).not.toContain(secret);
    const events = await t.app.get<EventStore>(EVENT_STORE).readAll(0n, 1_000_000);
    const stored = JSON.stringify(events.map((e) => ({ type: e.type, data: e.data, metadata: e.metadata })));
    expect(stored).toContain('ApiKeyCreated');
    expect(stored).not.toContain(secret);
    expect(logs.length).toBeGreaterThan(0);
    expect(logs).not.toContain(secret);
  });

  it('an admin revokes a key; a key stops working when its account leaves the paid plans', async () => {
    const bo = await signUp('keys-admin');
    await onPlan(bo, 'pro');
    const a = (
      await http()
        .post('/auth/api-keys')
        .set(bearer(bo.accessToken))
        .send({ name: 'one', scopes: ['detect', 'humanise'] })
        .expect(201)
    ).body;
    const b = (
      await http()
        .post('/auth/api-keys')
        .set(bearer(bo.accessToken))
        .send({ name: 'two', scopes: ['detect'] })
        .expect(201)
    ).body;
    const admin = bearer(await root());
    await http().delete(`/admin/users/${bo.id}/api-keys/${a.id}`).set(admin).expect(200);
    expect((await detect(a.key).expect(401)).body.code).toBe('API_KEY_INVALID');
    await detect(b.key).expect(200);
    await onPlan(bo, 'free-signup');
    expect((await detect(b.key).expect(403)).body.code).toBe('API_KEY_PLAN_REQUIRED');
    // The console's POST form of the same revocation.
    const viaPost = await http().post(`/admin/users/${bo.id}/api-keys/${b.id}/revoke`).set(admin).expect(200);
    expect(viaPost.body).toMatchObject({ id: b.id, revokedAt: expect.any(String) });
    const timeline = (await http().get(`/admin/users/${bo.id}/timeline`).query({ limit: 50 }).set(admin).expect(200))
      .body as { events: Array<{ type: string; summary: string; actor: { type: string } }> };
    const revocations = timeline.events.filter((e) => e.type === 'ApiKeyRevoked');
    expect(revocations.map((e) => [e.summary, e.actor.type]).sort()).toEqual(
      [
        [`API key ${a.id} revoked by an admin`, 'admin'],
        [`API key ${b.id} revoked by an admin`, 'admin'],
      ].sort(),
    );
  });

  it("50 parallel requests with one key never exceed its cap, nor the plan's limit across keys", async () => {
    const cy = await signUp('keys-crowd');
    await onPlan(cy, 'basic');
    const make = async (name: string, dailyCap?: number) =>
      (
        await http()
          .post('/auth/api-keys')
          .set(bearer(cy.accessToken))
          .send({ name, scopes: ['detect'], ...(dailyCap ? { dailyCap } : {}) })
          .expect(201)
      ).body.key as string;
    const capped = await make('capped', 8);
    const crowd = async (key: string, from: number) => {
      const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => detect(key, from + i)));
      return {
        ok: answers.filter((r) => r.status === 200).length,
        limited: answers.filter((r) => r.status === 429 && r.body.code === 'DAILY_LIMIT_REACHED').length,
      };
    };
    expect(await crowd(capped, 100)).toEqual({ ok: 8, limited: 42 });
    // No cap: the plan's 20 a day, of which the capped key took 8.
    const open = await make('open');
    expect(await crowd(open, 200)).toEqual({ ok: 12, limited: 38 });
    const me = await http().get('/auth/me').set(bearer(cy.accessToken)).expect(200);
    expect(me.body.usage.detector).toEqual({ dailyLimit: 20, dailyUsed: 20, dailyRemaining: 0 });
  });

  it('rate-limits each key per minute with Retry-After', async () => {
    const di = await signUp('keys-rate');
    await onPlan(di, 'basic');
    const key = (
      await http()
        .post('/auth/api-keys')
        .set(bearer(di.accessToken))
        .send({ name: 'burst', scopes: ['detect'], dailyCap: 1 })
        .expect(201)
    ).body.key as string;
    const answers = await Promise.all(Array.from({ length: 61 }, (_, i) => detect(key, i)));
    const codes = answers.map((r) => (r.status === 200 ? 'OK' : (r.body.code as string)));
    expect(codes.filter((c) => c === 'OK')).toHaveLength(1);
    expect(codes.filter((c) => c === 'DAILY_LIMIT_REACHED')).toHaveLength(59);
    const limited = answers.filter((r) => r.body.code === 'API_KEY_RATE_LIMITED');
    expect(limited).toHaveLength(1);
    expect(limited[0].status).toBe(429);
    const retryAfter = Number(limited[0].headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(limited[0].body.details.retryAfterSeconds).toBe(retryAfter);
  });

  it('the OpenAPI document declares the API key scheme on the AI routes', async () => {
    const doc = (await http().get('/api/docs-json').expect(200)).body as {
      components: { securitySchemes: Record<string, { type: string; scheme: string }> };
      paths: Record<string, Record<string, { security?: Array<Record<string, unknown>> }>>;
    };
    expect(doc.components.securitySchemes.apiKey).toMatchObject({ type: 'http', scheme: 'bearer' });
    for (const [path, method] of [
      ['/ai/detect', 'post'],
      ['/ai/humanise', 'post'],
      ['/ai/report', 'post'],
    ] as const)
      expect(doc.paths[path][method].security).toEqual(expect.arrayContaining([{ apiKey: [] }]));
    expect(doc.paths['/auth/api-keys'].post.security).toEqual([{ bearer: [] }]);
  });
}

describe('API keys over HTTP, embedded (PGlite, in-process bus)', () => {
  apiKeysSuite(() => ({ kind: 'pglite' }));
});

describeWithService('postgres', 'API keys over HTTP on PostgreSQL', (url) => {
  apiKeysSuite(() => ({ kind: 'postgres', baseUrl: url }));
});
