import { createHash, randomUUID } from 'node:crypto';
import {
  accountDecider,
  accountStreamId,
  INVITE_TTL_MS,
  inviteDecider,
  inviteStreamId,
  type AccountCommand,
} from '@inkprint/accounts-domain';
import { accountsPersonalData } from '@inkprint/accounts-domain';
import { ERASED, handleCommand, PersonalDataEventStore, type Actor, type EventStore } from '@inkprint/eventstore';
import { openDatabase, PostgresEventStore, SqlPersonalDataKeys, type Database } from '@inkprint/eventstore-postgresql';
import { ProjectionRunner } from '@inkprint/projections';
import { usageQuotaDecider, usageStreamId, type QuotaSubject, type UsageFeature } from '@inkprint/plans-domain';
import { createScratchDatabase, describeWithService, type ScratchDatabase } from '@inkprint/testing';
import {
  batchDecider,
  batchStreamId,
  toolRunDecider,
  toolRunStreamId,
  type BatchCommand,
  type DetectionFacts,
  type ToolUser,
} from '@inkprint/ai-domain';
import {
  decodeBatchCursor,
  decodeUserCursor,
  encodeUserCursor,
  getAccountTimeline,
  getDirectorySummary,
  getInvite,
  getUser,
  getUserByEmail,
  inkprintProjections,
  listAdminTeam,
  listDailyUsage,
  listRecentActivity,
  listUserBatches,
  listUsers,
  ReadModels,
  upgradeReadModels,
} from './index';

const T0 = Date.parse('2026-03-02T09:00:00.000Z');
const sha = (value: string) => createHash('sha256').update(value).digest('hex');

/** Tables of every projection, with an order that makes a dump comparable. */
const TABLES: Record<string, Array<{ table: string; orderBy: string }>> = {
  users: [
    { table: 'users', orderBy: 'id' },
    { table: 'user_usage', orderBy: 'stream_id, request_id' },
  ],
  invites: [{ table: 'invites', orderBy: 'id' }],
  recent_activity: [
    { table: 'recent_activity', orderBy: 'id' },
    { table: 'recent_activity_accounts', orderBy: 'account_id' },
  ],
  audit_timeline: [{ table: 'audit_timeline', orderBy: 'account_id, version' }],
  daily_usage: [{ table: 'daily_usage', orderBy: 'day, plan' }],
  user_batches: [{ table: 'user_batches', orderBy: 'id' }],
};

async function dump(db: Database, schema: string, projection: string) {
  const out: Record<string, unknown[]> = {};
  for (const { table, orderBy } of TABLES[projection]) {
    out[table] = await db.sql.query(`select * from "${schema}"."${table}" order by ${orderBy}`);
  }
  return out;
}

/** Writes real domain events through the deciders, as the API does, with a clock the test controls. */
class Scenario {
  private clock = T0;
  constructor(private readonly store: EventStore) {}

  at(secondsLater = 1): string {
    this.clock += secondsLater * 1000;
    return new Date(this.clock).toISOString();
  }

  account(id: string, command: AccountCommand, actor: Actor = { type: 'user', id }) {
    return handleCommand(this.store, accountStreamId(id), accountDecider, command, {
      metadata: { actor, correlationId: randomUUID() },
    });
  }

  async register(id: string, email: string, name: string, verify = true) {
    const at = this.at();
    await this.account(
      id,
      {
        type: 'RegisterAccount',
        data: {
          accountId: id,
          email,
          name,
          passwordHash: `argon2-${sha(id)}`,
          codeHash: sha(`code-${id}`),
          codeExpiresAt: this.at(0),
          at,
        },
      },
      { type: 'system', id: 'signup' },
    );
    // The code above expires at once; verify with a fresh one.
    if (verify) {
      await this.account(id, {
        type: 'ResendVerificationCode',
        data: {
          codeHash: sha(`code2-${id}`),
          codeExpiresAt: new Date(this.clock + 600_000 + 130_000).toISOString(),
          at: this.at(130),
        },
      });
      await this.account(id, { type: 'VerifyEmail', data: { codeHash: sha('wrong'), at: this.at() } });
      await this.account(id, { type: 'VerifyEmail', data: { codeHash: sha(`code2-${id}`), at: this.at() } });
    }
  }

  consume(feature: UsageFeature, subject: QuotaSubject, requestId: string, words: number) {
    const at = this.at();
    const day = at.slice(0, 10);
    const actor: Actor =
      subject.kind === 'account' ? { type: 'user', id: subject.id } : { type: 'guest', id: subject.id };
    return handleCommand(
      this.store,
      usageStreamId(feature, day, subject),
      usageQuotaDecider,
      {
        type: 'ConsumeQuota',
        data: { requestId, feature, day, limit: 100, resetsAt: `${day}T23:59:59.999Z`, at, words },
      },
      { metadata: { actor, correlationId: requestId } },
    );
  }

  batch(batchId: string, user: ToolUser, command: BatchCommand) {
    return handleCommand(this.store, batchStreamId(batchId), batchDecider, command, {
      metadata: { actor: user, correlationId: batchId },
    });
  }

  /** A batch of `items` texts sent by `user`, then its first items settled: `done`, then `failed`. */
  async sendBatch(batchId: string, user: ToolUser, items: number, settle: Array<'done' | 'failed'>) {
    await this.batch(batchId, user, {
      type: 'SubmitBatch',
      data: {
        batchId,
        user,
        mode: 'fast',
        items: Array.from({ length: items }, (_, index) => ({ index, source: 'text' as const })),
        at: this.at(),
      },
    });
    for (const [index, status] of settle.entries()) {
      const error = status === 'failed' ? { code: 'FILE_UNREADABLE', message: 'The file is damaged.' } : null;
      await this.batch(batchId, user, {
        type: 'SettleBatchItem',
        data: { index, status, requestId: null, error, at: this.at() },
      });
    }
  }

  /** The API records each run after its job answered: scores, hashes and lengths (never text). */
  detection(requestId: string, user: ToolUser, score: number, aiProbability: number, words = 150) {
    const facts: DetectionFacts = {
      requestId,
      user,
      textHash: sha(requestId),
      characters: words * 6,
      words,
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
      at: this.at(),
    };
    return handleCommand(
      this.store,
      toolRunStreamId(requestId),
      toolRunDecider,
      { type: 'RecordDetection', data: facts },
      { metadata: { actor: user } },
    );
  }

  humanisation(requestId: string, user: ToolUser, scoreAfter: number | null) {
    return handleCommand(
      this.store,
      toolRunStreamId(requestId),
      toolRunDecider,
      {
        type: 'RecordHumanisation',
        data: {
          requestId,
          user,
          textHash: sha(requestId),
          rewriteHash: sha(`${requestId}-out`),
          characters: 400,
          words: 60,
          tone: 'casual',
          appliedTone: 'casual',
          engine: 'builtin',
          scoreBefore: 0.9,
          scoreAfter,
          confidenceAfter: 40,
          similarity: 0.98,
          durationMs: 50,
          clientTrim: false,
          at: this.at(),
        },
      },
      { metadata: { actor: user } },
    );
  }

  release(feature: UsageFeature, subject: QuotaSubject, requestId: string) {
    const at = new Date(this.clock).toISOString();
    return handleCommand(this.store, usageStreamId(feature, at.slice(0, 10), subject), usageQuotaDecider, {
      type: 'ReleaseQuota',
      data: { requestId, reason: 'job_failed', at: this.at() },
    });
  }

  issueInvite(token: string, email: string, issuedBy: string) {
    const inviteId = sha(token).slice(0, 32);
    const at = this.at();
    return handleCommand(
      this.store,
      inviteStreamId(inviteId),
      inviteDecider,
      {
        type: 'IssueInvite',
        data: {
          inviteId,
          email,
          expiresAt: new Date(this.clock + INVITE_TTL_MS).toISOString(),
          issuedBy,
          issuerRole: 'super_admin',
          inviteeIsAdmin: false,
          at,
        },
      },
      { metadata: { actor: { type: 'admin', id: issuedBy }, correlationId: randomUUID() } },
    ).then(() => inviteId);
  }
}

function projectionsSuite(open: () => Promise<{ db: Database; close(): Promise<void> }>) {
  let db: Database;
  let close: () => Promise<void>;
  let store: PersonalDataEventStore;
  let runner: ProjectionRunner;
  let scenario: Scenario;
  let read: ReadModels;
  const live = `rm_${randomUUID().replace(/-/g, '').slice(0, 10)}`;
  const ids = { sa: 'sa-0001', ada: 'ada-0001', bob: 'bob-0001', cy: 'cy-0001', eve: 'eve-0001' };
  const guest = 'guest-77';
  let inviteId: string;

  beforeAll(async () => {
    ({ db, close } = await open());
    // As in the API: personal fields sealed per account (crypto-shredding).
    const esSchema = `es_${randomUUID().replace(/-/g, '').slice(0, 10)}`;
    store = new PersonalDataEventStore(
      await PostgresEventStore.create(db.sql, { schema: esSchema }),
      await SqlPersonalDataKeys.create(db.sql, { schema: esSchema }),
      accountsPersonalData,
    );
    // A small batch size, so every projection sees many batch boundaries.
    runner = new ProjectionRunner(db, store, inkprintProjections(), { schema: live, batchSize: 7 });
    await runner.init();
    read = new ReadModels(db.em, live);
    scenario = new Scenario(store);
    const s = scenario;

    await s.account(
      ids.sa,
      {
        type: 'BootstrapSuperAdmin',
        data: {
          accountId: ids.sa,
          email: 'Root@Inkprint.test',
          name: 'Root Admin',
          passwordHash: 'argon2-root',
          at: s.at(),
        },
      },
      { type: 'system', id: 'bootstrap' },
    );
    await s.register(ids.ada, 'Ada.Lovelace@Example.com', 'Ada Lovelace');
    await s.account(ids.ada, { type: 'LogIn', data: { passwordMatches: false, sessionId: 's0', at: s.at() } });
    await s.account(ids.ada, { type: 'LogIn', data: { passwordMatches: true, sessionId: 's1', at: s.at() } });
    await s.consume('detector', { kind: 'account', id: ids.ada }, 'req-a1', 100);
    await s.detection('req-a1', { type: 'user', id: ids.ada }, 0.873, 91.2);
    await s.consume('detector', { kind: 'account', id: ids.ada }, 'req-a2', 200);
    // Part of the log is projected before the rest is written: live tables grow batch by batch.
    await runner.catchUpAll();

    await s.release('detector', { kind: 'account', id: ids.ada }, 'req-a2');
    await s.consume('detector', { kind: 'account', id: ids.ada }, 'req-a3', 300);
    await s.consume('humaniser', { kind: 'account', id: ids.ada }, 'req-a4', 50);
    await s.humanisation('req-a4', { type: 'user', id: ids.ada }, 0.31);
    const admin: Actor = { type: 'admin', id: ids.sa };
    await s.account(ids.ada, { type: 'ChangePlan', data: { planSlug: 'pro', at: s.at() } }, admin);
    await s.account(ids.ada, { type: 'ChangeAccountStatus', data: { status: 'disabled', at: s.at() } }, admin);
    await s.account(ids.ada, { type: 'ChangeAccountStatus', data: { status: 'active', at: s.at() } }, admin);
    await s.account(ids.ada, {
      type: 'RequestPasswordReset',
      data: { tokenHash: sha('reset-token'), expiresAt: new Date(T0 + 86_400_000).toISOString(), at: s.at() },
    });
    await s.account(ids.ada, {
      type: 'ResetPassword',
      data: { tokenHash: sha('reset-token'), passwordHash: 'argon2-new-secret', at: s.at() },
    });

    await s.register(ids.bob, 'bob@example.com', 'Bob', false);
    // Signing up again no longer renews the details (issue 25 item 6), but logs written before hold
    // RegistrationRenewed events: the read models still apply them.
    await store.appendToStream(
      accountStreamId(ids.bob),
      [{ type: 'RegistrationRenewed', data: { name: 'Robert Tables', passwordHash: 'argon2-bob2', at: s.at(200) } }],
      { expectedVersion: 'any', metadata: { actor: { type: 'user', id: ids.bob }, correlationId: randomUUID() } },
    );

    // Guests count against the guest and their client address with the same request id.
    await s.consume('detector', { kind: 'client', id: 'addr-1' }, 'req-g1', 40);
    await s.consume('detector', { kind: 'guest', id: guest }, 'req-g1', 40);
    await s.detection('req-g1', { type: 'guest', id: guest }, 0.2, 25);
    await s.consume('detector', { kind: 'client', id: 'addr-1' }, 'req-g2', 60);
    await s.consume('detector', { kind: 'guest', id: guest }, 'req-g2', 60);
    await s.release('detector', { kind: 'guest', id: guest }, 'req-g2');
    // A run recorded, then given back (it failed before it answered): its row goes, in a later batch.
    await s.consume('detector', { kind: 'client', id: 'addr-1' }, 'req-g3', 80);
    await s.consume('detector', { kind: 'guest', id: guest }, 'req-g3', 80);
    await s.detection('req-g3', { type: 'guest', id: guest }, 0.6, 70);
    await runner.catchUpAll();
    await s.release('detector', { kind: 'guest', id: guest }, 'req-g3');
    await s.release('detector', { kind: 'client', id: 'addr-1' }, 'req-g3');

    await s.register(ids.cy, 'cy@example.com', 'Cy Young');
    inviteId = await s.issueInvite('invite-token-1', 'CY@example.com', ids.sa);
    await handleCommand(store, inviteStreamId(inviteId), inviteDecider, {
      type: 'AcceptInvite',
      data: { accountId: ids.cy, accountEmail: 'cy@example.com', at: s.at() },
    });
    await s.account(ids.cy, { type: 'PromoteToAdmin', data: { inviteId, inviteIssuedAt: s.at(), at: s.at() } });
    // Eve signs up, uses the detector, is projected in clear, then erases her account.
    // Batches (issue 43 item 3): Ada's two, one still running; Bob's one; Eve's goes with her account.
    await s.sendBatch('batch-ada-1', { type: 'user', id: ids.ada }, 3, ['done', 'failed', 'done']);
    await s.sendBatch('batch-bob-1', { type: 'user', id: ids.bob }, 1, ['done']);
    await s.sendBatch('batch-ada-2', { type: 'user', id: ids.ada }, 2, ['done']);
    await s.register(ids.eve, 'eve.erased@example.com', 'Eve Erased');
    await s.sendBatch('batch-eve-1', { type: 'user', id: ids.eve }, 1, ['done']);
    await s.consume('detector', { kind: 'account', id: ids.eve }, 'req-e1', 70);
    await s.detection('req-e1', { type: 'user', id: ids.eve }, 0.2, 25);
    await runner.catchUpAll();
    await store.keys.erase(accountStreamId(ids.eve));
    await s.account(ids.eve, { type: 'EraseAccount', data: { at: s.at() } });
    // 21 more accounts for paging.
    for (let i = 0; i < 21; i++)
      await s.register(`user-${String(i).padStart(2, '0')}`, `user${i}@paging.test`, `Pager ${i}`, i % 3 !== 0);
    await runner.catchUpAll();
  });

  afterAll(async () => {
    await close?.();
  });

  it('keeps one directory row per account with status, role, plan, words used and last login', async () => {
    const ada = await getUser(read, ids.ada);
    expect(ada).toMatchObject({
      email: 'Ada.Lovelace@Example.com',
      emailLower: 'ada.lovelace@example.com',
      name: 'Ada Lovelace',
      role: 'user',
      status: 'active',
      planSlug: 'pro',
      // 100 + 300 detector (200 released) + 50 humaniser
      wordsUsed: 450,
    });
    expect(ada!.lastLoginAt).toBeInstanceOf(Date);
    expect(ada!.createdAt.getTime()).toBeLessThan(ada!.updatedAt.getTime());
    expect(await getUser(read, ids.bob)).toMatchObject({
      name: 'Robert Tables',
      status: 'pending_verification',
      planSlug: null,
      wordsUsed: 0,
      lastLoginAt: null,
    });
    expect(await getUser(read, ids.cy)).toMatchObject({ role: 'admin', status: 'active' });
    expect(await getUser(read, ids.sa)).toMatchObject({
      role: 'super_admin',
      status: 'active',
      email: 'Root@Inkprint.test',
    });
    expect((await getUserByEmail(read, 'ADA.lovelace@example.COM'))?.id).toBe(ids.ada);
    expect(await getUser(read, 'nobody')).toBeNull();
  });

  it('lists the admin team from the directory', async () => {
    expect((await listAdminTeam(read)).map((u) => [u.id, u.role])).toEqual([
      [ids.sa, 'super_admin'],
      [ids.cy, 'admin'],
    ]);
  });

  it('pages the directory newest first with an opaque cursor, and counts under the filters', async () => {
    const all: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page = await listUsers(read, { limit: 7, cursor: cursor ? decodeUserCursor(cursor)! : undefined });
      expect(page.total).toBe(25);
      all.push(...page.users.map((u) => u.id));
      cursor = page.nextCursor;
      pages++;
    } while (cursor);
    expect(pages).toBe(4);
    expect(all).toHaveLength(25);
    expect(new Set(all).size).toBe(25);
    const everything = await listUsers(read, { limit: 100 });
    expect(everything.users.map((u) => u.id)).toEqual(all);
    expect(everything.nextCursor).toBeNull();
    const times = everything.users.map((u) => u.createdAt.getTime());
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(all[all.length - 1]).toBe(ids.sa);

    const pending = await listUsers(read, { limit: 3, status: 'pending_verification' });
    // bob + user-00, 03, 06, 09, 12, 15, 18
    expect(pending.total).toBe(8);
    expect(pending.users.every((u) => u.status === 'pending_verification')).toBe(true);
    const nextPending = await listUsers(read, {
      limit: 100,
      status: 'pending_verification',
      cursor: decodeUserCursor(pending.nextCursor!)!,
    });
    expect(nextPending.users).toHaveLength(5);

    expect((await listUsers(read, { limit: 20, role: 'admin' })).users.map((u) => u.id)).toEqual([ids.cy]);
    const search = await listUsers(read, { limit: 20, q: 'LOVELACE' });
    expect(search.users.map((u) => u.id)).toEqual([ids.ada]);
    expect(search.total).toBe(1);
    expect((await listUsers(read, { limit: 20, q: 'tables' })).users.map((u) => u.id)).toEqual([ids.bob]);
    expect((await listUsers(read, { limit: 20, q: 'pager 1' })).total).toBe(11);
    // LIKE wildcards in q are literal characters.
    expect((await listUsers(read, { limit: 20, q: '%' })).total).toBe(0);
    expect((await listUsers(read, { limit: 20, q: '_' })).total).toBe(0);
  });

  it('rejects cursors it did not make', () => {
    const good = encodeUserCursor({ createdAt: new Date(T0), id: 'x' });
    expect(decodeUserCursor(good)).toEqual({ createdAt: new Date(T0), id: 'x' });
    for (const bad of [
      '',
      'not base64!',
      Buffer.from('{"c":"yesterday","i":"x"}').toString('base64url'),
      Buffer.from('[1]').toString('base64url'),
      'e30',
    ]) {
      expect(decodeUserCursor(bad)).toBeNull();
    }
  });

  it('keeps invites with their status and acceptor', async () => {
    const invite = await getInvite(read, inviteId);
    expect(invite).toMatchObject({
      email: 'CY@example.com',
      emailLower: 'cy@example.com',
      status: 'accepted',
      issuedBy: ids.sa,
      acceptedBy: ids.cy,
    });
    expect(invite!.expiresAt.getTime() - invite!.createdAt.getTime()).toBe(INVITE_TTL_MS);
  });

  it('writes recent activity from the recorded runs with their verdicts: guests once, counted-but-unrecorded and released ones absent', async () => {
    const recentActivity = await listRecentActivity(read, 10);
    expect(
      recentActivity.map((r) => [
        r.id,
        r.kind,
        r.accountType,
        r.accountId,
        r.accountEmail,
        r.verdict,
        r.aiPercent,
        r.biasPercent,
      ]),
    ).toEqual([
      ['req-e1', 'detection', 'user', ids.eve, ERASED, 'Human', 20, -5],
      ['req-g1', 'detection', 'guest', guest, null, 'Human', 20, -5],
      ['req-a4', 'humanisation', 'user', ids.ada, 'Ada.Lovelace@Example.com', 'Humanised', 31, null],
      // req-a3 was counted but never recorded (still running, or cut off): no row until its fact.
      ['req-a1', 'detection', 'user', ids.ada, 'Ada.Lovelace@Example.com', 'AI-Generated', 87.3, -3.9],
    ]);
    // A row's time is the run's (the fact's `at`), not the quota's.
    const a1 = (await getAccountTimeline(read, ids.ada, { limit: 100, types: ['DetectionRecorded'] }))[0];
    expect(recentActivity.find((r) => r.id === 'req-a1')?.createdAt).toEqual(a1.at);
  });

  it('counts detections and humanisations per day and plan', async () => {
    const rows = await listDailyUsage(read, '2026-01-01');
    // Recorded runs: a1, g1, g3 (recorded, then given back) and e1; one humanisation.
    expect(rows.map((r) => [r.day, r.plan, r.detections, r.humanisations])).toEqual([['2026-03-02', 'unknown', 4, 1]]);
  });

  it('summarises the dashboard', async () => {
    const summary = await getDirectorySummary(read, { recentUsers: 5 });
    // 25 accounts: 8 pending, 17 active; admins: root + cy; one active pro account.
    expect(summary.totals).toEqual({ users: 25, activeUsers: 17, pendingUsers: 8, admins: 2 });
    expect(summary.subscriptions).toEqual({ basic: 0, pro: 1, enterprise: 0 });
    expect(summary.recentUsers.map((u) => u.id)).toEqual(['user-20', 'user-19', 'user-18', 'user-17', 'user-16']);
  });

  it('keeps an audit timeline per account with actors and summaries, and no secrets', async () => {
    const events = await getAccountTimeline(read, ids.ada, { limit: 100 });
    expect(events.map((e) => e.version)).toEqual([...events.map((e) => e.version)].sort((a, b) => b - a));
    const byType = (type: string) => events.filter((e) => e.type === type);
    expect(byType('PlanChanged')[0]).toMatchObject({
      summary: 'Plan changed from free-signup to pro',
      actorType: 'admin',
      actorId: ids.sa,
      data: { from: null, to: 'pro' },
    });
    expect(byType('AccountStatusChanged').map((e) => e.summary)).toEqual([
      'Status changed from disabled to active',
      'Status changed from active to disabled',
    ]);
    expect(byType('AccountRegistered')[0]).toMatchObject({
      actorType: 'system',
      actorId: 'signup',
      data: { accountId: ids.ada, role: 'user', status: 'pending_verification' },
    });
    expect(byType('VerificationCodeRejected')[0].summary).toBe('Wrong verification code entered (attempt 1)');
    expect(byType('LoginFailed')[0].summary).toBe('Sign-in failed: wrong password');
    // Tool runs join the account's timeline in log order, with their scores and never their text or hashes.
    expect(byType('DetectionRecorded')[0]).toMatchObject({
      summary: 'Detection: AI-Generated 87.3 %, moderate (150 words)',
      actorType: 'user',
      actorId: ids.ada,
      data: { mode: 'moderate', score: 0.873, words: 150 },
    });
    expect(byType('DetectionRecorded')[0].data).not.toHaveProperty('textHash');
    expect(byType('HumanisationRecorded')[0].summary).toBe('Humanisation (casual): rewrite reads 31.0 % AI (60 words)');
    expect(events.map((e) => e.version).sort((a, b) => a - b)).toEqual(events.map((_, i) => i + 1));
    expect(byType('PasswordChanged')[0]).toMatchObject({
      summary: 'Password changed with a reset link',
      data: { via: 'reset' },
    });
    expect(events.map((e) => e.type)).toEqual(
      expect.arrayContaining([
        'AccountRegistered',
        'VerificationCodeSent',
        'EmailVerified',
        'LoggedIn',
        'PasswordResetRequested',
        'PasswordChanged',
      ]),
    );
    expect((await getAccountTimeline(read, ids.cy, { limit: 1 }))[0]).toMatchObject({
      type: 'RoleChanged',
      summary: 'Role changed from user to admin (admin invitation accepted)',
      data: { inviteId },
    });
    const page = await getAccountTimeline(read, ids.ada, { limit: 3, beforeVersion: events[2].version });
    expect(page.map((e) => e.version)).toEqual(events.slice(3, 6).map((e) => e.version));

    // Not one hash, password or token anywhere in the copied data.
    const raw = JSON.stringify(await db.sql.query(`select data from "${live}".audit_timeline`));
    expect(raw).toContain('"via":"reset"');
    expect(raw).not.toMatch(/"[^"]*(hash|password|token|secret)[^"]*":/i);
    expect(raw).not.toMatch(/argon2|[0-9a-f]{64}/);
  });

  it('drops an erased account from the directory and keeps its history and activity without the person', async () => {
    expect(await getUser(read, ids.eve)).toBeNull();
    const history = await getAccountTimeline(read, ids.eve, { limit: 50 });
    expect(history.map((e) => e.type)).toEqual(
      expect.arrayContaining(['AccountRegistered', 'EmailVerified', 'AccountErased']),
    );
    expect(history.find((e) => e.type === 'AccountRegistered')?.data).toMatchObject({ email: ERASED, name: ERASED });
    expect(history.find((e) => e.type === 'AccountErased')?.summary).toBe(
      "Account erased at the owner's request: name, email and password destroyed",
    );
    const activity = await db.sql.query<{ account_email: string }>(
      `select account_email from "${live}".recent_activity where id = 'req-e1'`,
    );
    expect(activity).toEqual([{ account_email: ERASED }]);
    for (const projection of runner.projections) {
      const tables = JSON.stringify(await dump(db, live, projection.name));
      expect(tables).not.toMatch(/eve\.erased|Eve Erased/i);
    }
  });

  it("lists each owner's batches newest first with their counts, paged; an erased account's are gone (issue 43 item 3)", async () => {
    const ada = { type: 'user' as const, id: ids.ada };
    const all = await listUserBatches(read, ada, { limit: 10 });
    expect(all.batches.map((b) => [b.id, b.items, b.settled, b.failed])).toEqual([
      ['batch-ada-2', 2, 1, 0],
      ['batch-ada-1', 3, 3, 1],
    ]);
    expect(all.nextCursor).toBeNull();
    const first = await listUserBatches(read, ada, { limit: 1 });
    expect(first.batches.map((b) => b.id)).toEqual(['batch-ada-2']);
    const cursor = decodeBatchCursor(first.nextCursor!);
    expect(cursor).not.toBeNull();
    const second = await listUserBatches(read, ada, { limit: 1, cursor: cursor! });
    expect(second.batches.map((b) => b.id)).toEqual(['batch-ada-1']);
    expect(second.nextCursor).toBeNull();
    expect(
      (await listUserBatches(read, { type: 'user', id: ids.bob }, { limit: 10 })).batches.map((b) => b.id),
    ).toEqual(['batch-bob-1']);
    expect((await listUserBatches(read, { type: 'user', id: ids.eve }, { limit: 10 })).batches).toEqual([]);
    expect(decodeBatchCursor('not-ours')).toBeNull();
  });

  it('rebuilds every projection from the log into tables equal to the live ones', async () => {
    for (const projection of runner.projections) {
      const before = await dump(db, live, projection.name);
      expect(Object.values(before).some((rows) => rows.length > 0)).toBe(true);
      const rebuilt = await runner.rebuild(projection.name);
      expect(rebuilt.events).toBeGreaterThan(100);
      expect(await dump(db, live, projection.name)).toEqual(before);
    }
    // And a runner with one big batch on a fresh schema ends equal too (batch boundaries change nothing).
    const fresh = `rm_${randomUUID().replace(/-/g, '').slice(0, 10)}`;
    const other = new ProjectionRunner(db, store, inkprintProjections(), { schema: fresh, batchSize: 1000 });
    await other.init();
    await other.catchUpAll();
    for (const projection of runner.projections)
      expect(await dump(db, fresh, projection.name)).toEqual(await dump(db, live, projection.name));
    expect((await runner.status()).every((s) => s.lag === 0)).toBe(true);
  });

  it('ends equal to the live tables through the running loop, whose rounds apply every projection in one transaction', async () => {
    // One event a batch: every counted request, recorded run and give-back takes the set-based statements (each
    // release a batch after its request); five: batches of several kinds, which take the general path.
    for (const batchSize of [1, 5]) {
      const schema = `rm_${randomUUID().replace(/-/g, '').slice(0, 10)}`;
      const loop = new ProjectionRunner(db, store, inkprintProjections(), { schema, batchSize });
      await loop.init();
      let rounds = 0;
      while (await loop.runOnce()) rounds++;
      expect(rounds).toBeGreaterThan(100 / batchSize);
      for (const projection of runner.projections)
        expect([batchSize, await dump(db, schema, projection.name)]).toEqual([
          batchSize,
          await dump(db, live, projection.name),
        ]);
      expect((await loop.status()).every((s) => s.lag === 0)).toBe(true);
    }
  });

  it("applies a batch by reading only the rows its events touch, whatever the account's history", async () => {
    await scenario.register('heavy-0001', 'heavy@example.com', 'Heavy User');
    for (let i = 0; i < 40; i++) {
      const request = `req-h${i}`;
      await scenario.consume('detector', { kind: 'account', id: 'heavy-0001' }, request, 10);
      await scenario.detection(request, { type: 'user', id: 'heavy-0001' }, 0.5, 50);
    }
    await runner.catchUpAll();
    await scenario.consume('detector', { kind: 'account', id: 'heavy-0001' }, 'req-h-last', 10);
    await scenario.detection('req-h-last', { type: 'user', id: 'heavy-0001' }, 0.5, 50);
    const head = await store.readAll(0n, 100_000);
    const [consumed, recorded] = head.slice(-2);
    expect([consumed.type, recorded.type]).toEqual(['QuotaConsumed', 'DetectionRecorded']);
    // Each projection applies one new event on a fresh unit of work (never flushed): the entities it holds
    // afterwards are what it loaded plus what it created, not the account's 40 earlier requests or timeline rows.
    // (In a transaction rolled back: the set-based statements write at once.)
    for (const last of [consumed, recorded]) {
      for (const name of ['users', 'audit_timeline', 'recent_activity', 'daily_usage']) {
        const em = db.em.fork({ schema: live });
        let held: number;
        await em.begin();
        try {
          await runner.projection(name).apply([last], em);
          held = em.getUnitOfWork().getIdentityMap().values().length;
        } finally {
          await em.rollback();
        }
        expect([name, last.type, held <= 3 ? 'at most 3' : `${held} entities`]).toEqual([name, last.type, 'at most 3']);
      }
    }
    await runner.catchUpAll();
  });

  it('reads a detection under the minimum length as too short to judge, an admin since the grant and a sign-up by code as a sign-in', async () => {
    // Recorded before too-short runs were given back (issue 30 item 1): 2 words, a score the engine gave anyway.
    await scenario.register('short-0001', 'short@example.com', 'Short Text');
    await scenario.consume('detector', { kind: 'account', id: 'short-0001' }, 'req-s1', 2);
    await scenario.detection('req-s1', { type: 'user', id: 'short-0001' }, 0.49, 47.5, 2);
    await runner.catchUpAll();
    const recentActivity = await listRecentActivity(read, 50);
    expect(recentActivity.find((r) => r.id === 'req-s1')).toMatchObject({
      verdict: 'Too short to judge',
      aiPercent: null,
      biasPercent: null,
    });
    const timeline = await getAccountTimeline(read, 'short-0001', { limit: 50 });
    expect(timeline.find((e) => e.type === 'DetectionRecorded')?.summary).toBe(
      'Detection: Too short to judge (2 of 50 words), moderate',
    );
    // The sign-up by code signed the account in: its last login is the verification.
    const verified = timeline.find((e) => e.type === 'EmailVerified')!;
    expect((await getUser(read, 'short-0001'))!.lastLoginAt).toEqual(verified.at);
    // Admin since the role was granted, not since the account was created; the bootstrap super admin since creation.
    const cy = (await getUser(read, ids.cy))!;
    const granted = (await getAccountTimeline(read, ids.cy, { limit: 50 })).find((e) => e.type === 'RoleChanged')!;
    expect(cy.adminSince).toEqual(granted.at);
    expect(cy.adminSince!.getTime()).toBeGreaterThan(cy.createdAt.getTime());
    const sa = (await getUser(read, ids.sa))!;
    expect(sa.adminSince).toEqual(sa.createdAt);
    expect((await getUser(read, ids.ada))!.adminSince).toBeNull();
  });

  it('rebuilds at start a read model that an older version wrote, so old rows read like new ones', async () => {
    const readings = async () => ({
      activity: (await listRecentActivity(read, 50)).find((r) => r.id === 'req-s1'),
      summary: (await getAccountTimeline(read, 'short-0001', { limit: 50 })).find((e) => e.type === 'DetectionRecorded')
        ?.summary,
      cy: await getUser(read, ids.cy),
      short: await getUser(read, 'short-0001'),
    });
    const right = await readings();
    // Rows as the version before wrote them: no versions stamped, 'Mixed 49.0 %', admin since unknown, no login.
    await db.sql.query(`drop table if exists "${live}".read_model_versions`);
    await db.sql.query(
      `update "${live}".recent_activity set verdict = 'Mixed', ai_percent = 49, bias_percent = 1.5 where id = 'req-s1'`,
    );
    await db.sql.query(
      `update "${live}".audit_timeline set summary = 'Detection: Mixed 49.0 %, moderate (2 words)'
       where account_id = 'short-0001' and type = 'DetectionRecorded'`,
    );
    await db.sql.query(`update "${live}".users set admin_since = null, last_login_at = null where id in ($1, $2)`, [
      ids.cy,
      'short-0001',
    ]);
    expect((await readings()).activity?.verdict).toBe('Mixed');
    expect((await upgradeReadModels(runner, db)).sort()).toEqual(['audit_timeline', 'recent_activity', 'users']);
    expect(await readings()).toEqual(right);
    // Stamped: the next start rebuilds nothing; a new schema (nothing projected yet) is only stamped.
    expect(await upgradeReadModels(runner, db)).toEqual([]);
    const fresh = new ProjectionRunner(db, store, inkprintProjections(), {
      schema: `rm_${randomUUID().replace(/-/g, '').slice(0, 10)}`,
    });
    await fresh.init();
    expect(await upgradeReadModels(fresh, db)).toEqual([]);
    expect(
      await db.sql.query(`select projection, version from "${fresh.schema}".read_model_versions order by projection`),
    ).toEqual([
      { projection: 'audit_timeline', version: 2 },
      { projection: 'recent_activity', version: 3 },
      { projection: 'users', version: 2 },
    ]);
  });
}

describe('accounts read models on embedded PGlite', () => {
  projectionsSuite(async () => {
    const db = await openDatabase({ entities: inkprintProjections().flatMap((p) => [...p.entities]) });
    return { db, close: () => db.close() };
  });
});

describeWithService('postgres', 'accounts read models on PostgreSQL', (url) => {
  projectionsSuite(async () => {
    const scratch: ScratchDatabase = await createScratchDatabase(url, 'read_models');
    const db = await openDatabase({
      databaseUrl: scratch.url,
      poolSize: 4,
      entities: inkprintProjections().flatMap((p) => [...p.entities]),
    });
    return {
      db,
      close: async () => {
        await db.close();
        await scratch.drop();
      },
    };
  });
});
