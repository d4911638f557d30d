import * as fs from 'node:fs';
import * as net from 'node:net';
import * as path from 'node:path';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import request from 'supertest';
import { batchDecider, batchStreamId } from '@inkprint/ai-domain';
import type { BatchResponse } from '@inkprint/contracts';
import { loadState, type EventStore } from '@inkprint/eventstore';
import { configureLogging } from '@inkprint/job-bus';
import { describeWithService } from '@inkprint/testing';
import type { TextVault } from '@inkprint/text-vault';
// eslint-disable-next-line @nx/enforce-module-boundaries -- the ingest library's test fixtures (as batches.e2e.spec.ts)
import { makeZip } from '../../../../libs/ingest/src/testing/fixtures';
import { totp } from '../../src/admin/mfa/totp';
import { batchVaultKeys } from '../../src/ai/batches/batch-items';
import { TEXT_VAULT } from '../../src/ai/shared/tokens';
import { EVENT_STORE } from '../../src/platform/tokens';
import { startTestApp, type TestApp, type TestBackend } from '../support/test-app';

const SUPER = { email: 'root@inkprint.test', password: 'Sup3r-secret!' };
const PASSWORD = 'Corr3ct-horse';
const essay = (n: number) =>
  `Essay ${n}. I missed the 8:14 again, so I walked. Rain, obviously. By the time I reached the bakery on Carver St. ` +
  "they'd sold out of the rye my mum likes, and the woman at the till gave me yesterday's loaf for free because I " +
  'looked that miserable. Small mercies. Got home soaked, burnt the toast, laughed about it anyway, then wrote this.';
const FIFTY = Array.from({ length: 50 }, (_, i) => essay(i));

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

  /** A batch id nobody has: a live `detect` key gets 404 BATCH_NOT_FOUND on it (nothing counted), a dead one 401. */
  const NO_BATCH = '/ai/batches/00000000-0000-4000-8000-000000000000';

  async function onPlan(accountId: string, planSlug: string): Promise<void> {
    await http().post(`/admin/users/${accountId}/plan`).set(bearer(root)).send({ planSlug }).expect(200);
  }

  async function newKey(token: string, extra: Record<string, unknown> = {}): Promise<{ id: string; key: string }> {
    const res = await http()
      .post('/auth/api-keys')
      .set(bearer(token))
      .send({ name: `key ${++n}`, scopes: ['detect'], ...extra })
      .expect(201);
    return { id: res.body.id, key: res.body.key };
  }

  const keyAnswers = async (key: string) => {
    const res = await http().get(NO_BATCH).set(bearer(key));
    return [res.status, res.body.code, res.body.details?.reason] as const;
  };
  const LIVE = [404, 'BATCH_NOT_FOUND', undefined] as const;

  async function timeline(accountId: string): Promise<string> {
    return JSON.stringify((await http().get(`/admin/users/${accountId}/timeline`).set(bearer(root)).expect(200)).body);
  }

  beforeAll(async () => {
    t = await startTestApp(backend(), {
      env: { SUPER_ADMIN_EMAIL: SUPER.email, SUPER_ADMIN_PASSWORD: SUPER.password },
      label: 'security_39',
    });
    root = (await http().post('/auth/login').send(SUPER).expect(200)).body.tokens.accessToken;
    // Listening on loopback, for the tests that speak HTTP over a socket of their own (supertest uses it too).
    await new Promise<void>((resolve) => t.server.listen(0, '127.0.0.1', resolve));
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
  describe('item 6 (medium): API keys do not outlive a password reset, a disable or an MFA reset', () => {
    it('after a password reset the key an attacker minted with the stolen password is refused', async () => {
      const victim = await signUp('reset-keys');
      await onPlan(victim.id, 'basic');
      const stolen = await newKey(victim.token);
      expect(await keyAnswers(stolen.key)).toEqual(LIVE);

      // The owner takes the account back with a password reset.
      await http().post('/auth/forgot-password').send({ email: victim.email }).expect(200);
      const mail = await latestMail(victim.email, 'password_reset');
      const token = new URL(/https?:\/\/\S+reset-password\?token=[^\s"<]+/.exec(mail)![0]).searchParams.get('token')!;
      await http().post('/auth/reset-password').send({ token, password: 'N3w-password!' }).expect(200);

      expect(await keyAnswers(stolen.key)).toEqual([401, 'API_KEY_INVALID', 'revoked']);
      const owner = await signIn(victim.email, 'N3w-password!');
      const listed = (await http().get('/auth/api-keys').set(bearer(owner)).expect(200)).body.apiKeys;
      expect(listed.find((k: { id: string }) => k.id === stolen.id).revokedAt).toEqual(expect.any(String));
      const events = await timeline(victim.id);
      expect(events).toContain('ApiKeyRevoked');
      expect(events).toContain('password_reset');
      // Keys come back only as new ones.
      expect(await keyAnswers((await newKey(owner)).key)).toEqual(LIVE);
    });

    it('a key stays dead after its account was disabled and enabled again', async () => {
      const user = await signUp('disable-keys');
      await onPlan(user.id, 'basic');
      const key = await newKey(user.token);
      await http().post(`/admin/users/${user.id}/status`).set(bearer(root)).send({ status: 'disabled' }).expect(200);
      expect((await keyAnswers(key.key))[0]).toBe(401);
      await http().post(`/admin/users/${user.id}/status`).set(bearer(root)).send({ status: 'active' }).expect(200);
      expect(await keyAnswers(key.key)).toEqual([401, 'API_KEY_INVALID', 'revoked']);
      expect(await timeline(user.id)).toContain('account_disabled');
    });

    it("the super admin's reset of an admin's second factor revokes the admin's keys", async () => {
      const admin = await adminWithMfa('mfa-reset-keys');
      await onPlan(admin.id, 'pro');
      const session = await signIn(admin.email);
      await http()
        .post('/admin/mfa/verify')
        .set(bearer(session))
        .send({ code: totp(admin.secret, new Date()) })
        .expect(200);
      const key = await newKey(session);
      expect(await keyAnswers(key.key)).toEqual(LIVE);
      await http().post(`/admin/admins/${admin.id}/mfa/reset`).set(bearer(root)).expect(200);
      expect(await keyAnswers(key.key)).toEqual([401, 'API_KEY_INVALID', 'revoked']);
      expect(await timeline(admin.id)).toContain('mfa_reset');
    });

    it('an admin session that has not passed the second factor cannot create a key', async () => {
      const admin = await adminWithMfa('mfa-keys');
      await onPlan(admin.id, 'pro');
      // The attacker has the admin's password, not the authenticator.
      const session = await signIn(admin.email);
      const refused = await http()
        .post('/auth/api-keys')
        .set(bearer(session))
        .send({ name: 'backdoor', scopes: ['detect'] });
      expect([refused.status, refused.body.code]).toEqual([403, 'MFA_REQUIRED']);
      expect((await http().get('/auth/api-keys').set(bearer(session)).expect(200)).body.apiKeys).toEqual([]);
    });

    it('a key with an expiry is refused after it; an expiry in the past is refused at creation', async () => {
      const user = await signUp('expiring-keys');
      await onPlan(user.id, 'basic');
      const past = await http()
        .post('/auth/api-keys')
        .set(bearer(user.token))
        .send({ name: 'stale', scopes: ['detect'], expiresAt: new Date(Date.now() - 60_000).toISOString() });
      expect([past.status, past.body.code, Object.keys(past.body.details.fields)]).toEqual([
        400,
        'VALIDATION_ERROR',
        ['expiresAt'],
      ]);
      const expiresAt = new Date(Date.now() + 3_600_000).toISOString();
      const key = await newKey(user.token, { expiresAt });
      expect(await keyAnswers(key.key)).toEqual(LIVE);
      const listed = (await http().get('/auth/api-keys').set(bearer(user.token)).expect(200)).body.apiKeys;
      expect(listed[0].expiresAt).toBe(expiresAt);
      jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'setTimeout', 'setInterval', 'queueMicrotask'] });
      try {
        jest.setSystemTime(Date.now() + 3_601_000);
        expect(await keyAnswers(key.key)).toEqual([401, 'API_KEY_INVALID', 'expired']);
      } finally {
        jest.useRealTimers();
      }
    });
  });
  describe('item 2 (medium): batch items re-check their caller before they run and are charged', () => {
    /** The batch as its stream has it once every item settled (read from the log: the owner may be gone). */
    async function settledItems(batchId: string) {
      const store = t.app.get<EventStore>(EVENT_STORE);
      const deadline = Date.now() + 90_000;
      for (;;) {
        const { state } = await loadState(store, batchStreamId(batchId), batchDecider);
        if (state.status === 'done') return state.items;
        if (Date.now() > deadline) throw new Error(`batch ${batchId} still running`);
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    }

    it('a key revoked while its batch runs: the rest of the batch is cancelled, and only what ran is charged', async () => {
      const user = await signUp('batch-key');
      await onPlan(user.id, 'pro');
      const key = await newKey(user.token);
      const accepted = (
        await http().post('/ai/batches?mode=fast').set(bearer(key.key)).send({ texts: FIFTY }).expect(202)
      ).body as BatchResponse;
      // The owner finds the key leaked and revokes it at once.
      await http().delete(`/auth/api-keys/${key.id}`).set(bearer(user.token)).expect(200);

      const items = await settledItems(accepted.id);
      const done = items.filter((item) => item.status === 'done');
      const cancelled = items.filter((item) => item.status === 'failed');
      expect(cancelled.length).toBeGreaterThan(0);
      expect(done.length + cancelled.length).toBe(50);
      for (const item of cancelled)
        expect(item.error).toEqual({
          code: 'BATCH_CANCELLED',
          message: 'Cancelled: the API key that sent this batch was revoked.',
        });
      // Charged for what ran, nothing for what was cancelled.
      const me = await http().get('/auth/me').set(bearer(user.token)).expect(200);
      expect(me.body.usage.detector.dailyUsed).toBe(done.length);
      const batch = (await http().get(`/ai/batches/${accepted.id}`).set(bearer(user.token)).expect(200))
        .body as BatchResponse;
      expect(batch.items.filter((item) => item.error?.code === 'BATCH_CANCELLED')).toHaveLength(cancelled.length);
    });

    it('an account erased while its batch runs: the rest is cancelled and no result is kept for it', async () => {
      const user = await signUp('batch-erased');
      await onPlan(user.id, 'pro');
      const accepted = (
        await http().post('/ai/batches?mode=fast').set(bearer(user.token)).send({ texts: FIFTY }).expect(202)
      ).body as BatchResponse;
      await http().delete('/auth/me').set(bearer(user.token)).send({ password: PASSWORD }).expect(200);

      const items = await settledItems(accepted.id);
      const cancelled = items.filter((item) => item.status === 'failed');
      expect(cancelled.length).toBeGreaterThan(0);
      for (const item of cancelled)
        expect(item.error).toEqual({
          code: 'BATCH_CANCELLED',
          message: 'Cancelled: the account that sent this batch was erased.',
        });
      // Nothing of the batch is left in the vault for the erased account: no result, no input.
      const vault = t.app.get<TextVault>(TEXT_VAULT);
      const owner = { type: 'user' as const, id: user.id };
      for (let index = 0; index < 50; index++) {
        expect(await vault.get(batchVaultKeys.result(owner, accepted.id, index), new Date())).toBeUndefined();
        expect(await vault.get(batchVaultKeys.input(owner, accepted.id, index), new Date())).toBeUndefined();
      }
    });
  });
  describe('item 3 (medium): batch uploads are not read before the caller is known', () => {
    /**
     * Sends the head of a 50 MB multipart upload to /ai/batches and 64 kB of it, then nothing more: the answer must
     * come without the rest of the body (bounded wait), and the connection must be closed behind it.
     */
    async function partialUpload(headers: Record<string, string> = {}): Promise<{ answer: string; closed: boolean }> {
      const port = (t.server.address() as AddressInfo).port;
      const socket = net.connect(port, '127.0.0.1');
      let answer = '';
      socket.on('data', (chunk) => (answer += chunk.toString('latin1')));
      socket.on('error', () => undefined);
      const closed = new Promise<boolean>((resolve) => socket.on('close', () => resolve(true)));
      const boundary = 'bigboundary';
      const extra = Object.entries(headers)
        .map(([k, v]) => `${k}: ${v}\r\n`)
        .join('');
      socket.write(
        `POST /ai/batches?mode=fast HTTP/1.1\r\nHost: 127.0.0.1\r\n${extra}` +
          `Content-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: 50000000\r\n\r\n` +
          `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="big.zip"\r\n` +
          'Content-Type: application/zip\r\n\r\n',
      );
      socket.write(Buffer.alloc(64 * 1024, 0x41));
      const bound = new Promise<false>((resolve) => setTimeout(() => resolve(false), 5_000));
      const wasClosed = await Promise.race([closed, bound]);
      socket.destroy();
      return { answer, closed: wasClosed };
    }

    it('an anonymous 50 MB upload is answered 401 before its body is sent, and its connection closed', async () => {
      const { answer, closed } = await partialUpload();
      expect(answer).toMatch(/^HTTP\/1\.1 401 /);
      expect(answer).toContain('"code":"AUTH_REQUIRED"');
      expect(closed).toBe(true);
    });

    it('an anonymous zip bomb is refused unopened (401, not 422 zip-bomb)', async () => {
      const bomb = makeZip([{ name: 'a.txt', data: 'x'.repeat(200_000), declaredSize: 10 }]);
      const res = await http().post('/ai/batches?mode=fast').attach('files', Buffer.from(bomb), 'bomb.zip');
      expect([res.status, res.body.code]).toEqual([401, 'AUTH_REQUIRED']);
    });

    it('a signed-in caller with no detection left is refused before the upload is read', async () => {
      const user = await signUp('batch-quota');
      for (let i = 0; i < 5; i++)
        await http()
          .post('/ai/detect?mode=fast')
          .set(bearer(user.token))
          .send({ text: essay(100 + i) })
          .expect(200);
      const { answer, closed } = await partialUpload(bearer(user.token));
      expect(answer).toMatch(/^HTTP\/1\.1 429 /);
      expect(answer).toContain('"code":"DAILY_LIMIT_REACHED"');
      expect(closed).toBe(true);
    });
  });
  describe('item 7 (low): malformed names answer the catalogue, not 500', () => {
    it('an ink_ key whose account part decodes to a NUL is 401 API_KEY_INVALID', async () => {
      const forged = `ink_${Buffer.from('\u0000').toString('base64url')}.abcd1234.${'A'.repeat(43)}`;
      const res = await http().get(NO_BATCH).set(bearer(forged));
      expect([res.status, res.body.code, res.body.details.reason]).toEqual([401, 'API_KEY_INVALID', 'malformed']);
    });

    it('a zip entry whose name holds a NUL is refused with VALIDATION_ERROR', async () => {
      const user = await signUp('nul-zip');
      const zip = makeZip([
        { name: 'essay\u0000.txt', data: essay(1) },
        { name: 'other.txt', data: essay(2) },
      ]);
      const res = await http()
        .post('/ai/batches?mode=fast')
        .set(bearer(user.token))
        .attach('files', Buffer.from(zip), 'folder.zip');
      expect([res.status, res.body.code]).toEqual([400, 'VALIDATION_ERROR']);
      expect(res.body.details.fields.files).toEqual([
        'Remove control characters and invalid characters from this field.',
      ]);
    });
  });
  describe('item 7 (low): a session waiting for its code does not outlive a reset of the second factor', () => {
    it("the super admin's reset ends the admin's sessions opened before it: none gets admin access", async () => {
      const admin = await adminWithMfa('pre-mfa');
      // The attacker has the password and a session that waits for the code it does not have.
      const waiting = await signIn(admin.email);
      expect((await http().get('/admin/users').set(bearer(waiting)).expect(403)).body.code).toBe('MFA_REQUIRED');
      await http().post(`/admin/admins/${admin.id}/mfa/reset`).set(bearer(root)).expect(200);
      const after = await http().get('/admin/users').set(bearer(waiting));
      expect([after.status, after.body.details?.reason]).toEqual([401, 'session_ended']);
      await http().post('/admin/mfa/enrol').set(bearer(waiting)).expect(401);
      // The admin signs in again and (ADMIN_MFA optional here) is in, to set the factor up again.
      await http()
        .get('/admin/users')
        .set(bearer(await signIn(admin.email)))
        .expect(200);
    });
  });
  describe('item 7 (low): bad API keys answer alike and are throttled per address', () => {
    it('an unknown account and a wrong secret answer the same; the 31st bad key in a minute is 429', async () => {
      const user = await signUp('key-probe');
      await onPlan(user.id, 'basic');
      const real = await newKey(user.token);
      const [, accountPart, keyId] = /^ink_([^.]+)\.([^.]+)\./.exec(real.key)!;
      const from = { 'X-Forwarded-For': '203.0.113.77' };
      const nobody = Buffer.from('00000000-0000-4000-8000-00000000dead').toString('base64url');
      const wrongSecret = await http()
        .get(NO_BATCH)
        .set(from)
        .set(bearer(`ink_${accountPart}.${keyId}.${'B'.repeat(43)}`));
      const unknownAccount = await http()
        .get(NO_BATCH)
        .set(from)
        .set(bearer(`ink_${nobody}.${keyId}.${'B'.repeat(43)}`));
      expect([wrongSecret.status, wrongSecret.body]).toEqual([unknownAccount.status, unknownAccount.body]);
      expect(wrongSecret.body.code).toBe('API_KEY_INVALID');
      const statuses: number[] = [];
      for (let i = 0; i < 28; i++)
        statuses.push(
          (
            await http()
              .get(NO_BATCH)
              .set(from)
              .set(bearer(`ink_${accountPart}.${keyId}.${String(i).padStart(43, 'C')}`))
          ).status,
        );
      expect(statuses.every((status) => status === 401)).toBe(true);
      const throttled = await http()
        .get(NO_BATCH)
        .set(from)
        .set(bearer(`ink_${accountPart}.${keyId}.${'D'.repeat(43)}`));
      expect([throttled.status, throttled.body.code]).toEqual([429, 'TOO_MANY_REQUESTS']);
      expect(throttled.headers['retry-after']).toEqual(expect.any(String));
      // The real key from another address is untouched.
      expect(await keyAnswers(real.key)).toEqual(LIVE);
    });
  });
}

describe('security (issue 39) on PGlite', () => secondRoundSuite(() => ({ kind: 'pglite' })));

describeWithService('postgres', 'security (issue 39) on PostgreSQL', (url) =>
  secondRoundSuite(() => ({ kind: 'postgres', baseUrl: url })),
);

describe('issue 39 item 7 (low): production without SMTP_URL keeps no mailbox', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(
      { kind: 'pglite' },
      {
        env: {
          NODE_ENV: 'production',
          JWT_SECRET: 'x'.repeat(48),
          SUPER_ADMIN_EMAIL: SUPER.email,
          SUPER_ADMIN_PASSWORD: SUPER.password,
          METRICS_TOKEN: 'a-metrics-token-for-the-mail-test',
        },
        label: 'production_mail',
      },
    );
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it('a reset link asked for is written nowhere on disk (it used to go to DATA_DIR/dev-mailbox.jsonl)', async () => {
    await request(t.server).post('/auth/forgot-password').send({ email: SUPER.email }).expect(200);
    expect(fs.existsSync(path.join(t.config.dataDir, 'dev-mailbox.jsonl'))).toBe(false);
    // Production's /health shows its checks only with the metrics token (issue 39 item 7).
    const health = await request(t.server)
      .get('/health')
      .set('Authorization', 'Bearer a-metrics-token-for-the-mail-test')
      .expect(200);
    expect(health.body.checks.mail).toMatchObject({ status: 'up', transport: 'none', delivers: false });
  });
});

describe('issue 39 item 7 (low): a client that aborts its upload is not an error', () => {
  let t: TestApp;
  let logs = '';
  beforeAll(async () => {
    t = await startTestApp({ kind: 'pglite' }, { env: { LOG_LEVEL: 'info' }, label: 'client_abort' });
    // Every log line of the API from here on, to look for error lines in.
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
    await new Promise<void>((resolve) => t.server.listen(0, '127.0.0.1', resolve));
  }, 120_000);
  afterAll(async () => {
    configureLogging({ level: 'silent', format: 'json', name: 'api' });
    await t?.close();
  });

  it('an upload cut off by the client is logged as such, not as an ERROR with a stack', async () => {
    const socket = net.connect((t.server.address() as AddressInfo).port, '127.0.0.1');
    socket.on('error', () => undefined);
    socket.write(
      'POST /ai/upload-text HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: multipart/form-data; boundary=b\r\n' +
        'Content-Length: 100000\r\n\r\n--b\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\n' +
        'Content-Type: text/plain\r\n\r\nThe first words of an essay',
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    socket.destroy();
    const deadline = Date.now() + 5_000;
    while (!logs.includes('closed the connection before sending it all') && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 100));
    const lines = logs.split('\n').filter(Boolean);
    expect(lines.some((line) => line.includes('closed the connection before sending it all'))).toBe(true);
    expect(lines.filter((line) => /"level":"(error|fatal)"/.test(line))).toEqual([]);
  });
});

describe('issue 39 item 4 (medium): the files of a batch count against the upload allowance of its account and address', () => {
  let t: TestApp;
  const http = () => request(t.server);
  const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
  let n = 0;
  beforeAll(async () => {
    t = await startTestApp(
      { kind: 'pglite' },
      {
        env: { SUPER_ADMIN_EMAIL: SUPER.email, SUPER_ADMIN_PASSWORD: SUPER.password, ABUSE_LIMITS: 'on' },
        label: 'file_work',
      },
    );
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  async function enterprise(address: string): Promise<string> {
    const email = `files-${++n}-${Date.now().toString(36)}@example.com`;
    await http()
      .post('/auth/register')
      .set('X-Forwarded-For', address)
      .send({ name: 'File Tester', email, password: PASSWORD })
      .expect(201);
    const mail = await http().get('/dev/mailbox/latest').query({ to: email, kind: 'verification_code' }).expect(200);
    const verified = await http()
      .post('/auth/verify-otp')
      .set('X-Forwarded-For', address)
      .send({ email, otp: /\b(\d{6})\b/.exec(mail.body.text as string)![1] })
      .expect(200);
    const root = (await http().post('/auth/login').send(SUPER).expect(200)).body.tokens.accessToken as string;
    await http()
      .post(`/admin/users/${verified.body.user.id}/plan`)
      .set(bearer(root))
      .send({ planSlug: 'enterprise' })
      .expect(200);
    return verified.body.tokens.accessToken as string;
  }

  it('40 files in one batch are read at the upload rate (30 a minute), and uploads past it are refused', async () => {
    const A = '198.51.100.41';
    const token = await enterprise(A);
    let submit = http().post('/ai/batches?mode=fast').set('X-Forwarded-For', A).set(bearer(token));
    for (let i = 0; i < 40; i++) submit = submit.attach('files', Buffer.from(essay(200 + i)), `essay-${i}.txt`);
    const accepted = (await submit.expect(202)).body as BatchResponse;

    // Thirty files are read at once; the other ten wait for the minute to move on.
    const settledCount = async () =>
      (
        (await http().get(`/ai/batches/${accepted.id}`).set(bearer(token)).expect(200)).body as BatchResponse
      ).items.filter((item) => item.status !== 'queued').length;
    const deadline = Date.now() + 45_000;
    while ((await settledCount()) < 30 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 250));
    await new Promise((r) => setTimeout(r, 1_500));
    expect(await settledCount()).toBe(30);

    // An upload by the same account from elsewhere, and by another account from the same address, is refused.
    const sameAccount = await http()
      .post('/ai/upload-text')
      .set('X-Forwarded-For', '198.51.100.42')
      .set(bearer(token))
      .attach('file', Buffer.from(essay(300)), 'one-more.txt');
    expect([sameAccount.status, sameAccount.body.code]).toEqual([429, 'TOO_MANY_REQUESTS']);
    const other = await enterprise('198.51.100.43');
    const sameAddress = await http()
      .post('/ai/upload-text')
      .set('X-Forwarded-For', A)
      .set(bearer(other))
      .attach('file', Buffer.from(essay(301)), 'neighbour.txt');
    expect([sameAddress.status, sameAddress.body.code]).toEqual([429, 'TOO_MANY_REQUESTS']);
    // Someone else, elsewhere, uploads as usual.
    await http()
      .post('/ai/upload-text')
      .set('X-Forwarded-For', '198.51.100.43')
      .set(bearer(other))
      .attach('file', Buffer.from(essay(302)), 'mine.txt')
      .expect(200);
  }, 90_000);
});
