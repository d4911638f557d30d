import request from 'supertest';
import { describeWithService } from '@inkprint/testing';
import type { Database } from '@inkprint/eventstore-postgresql';
import type { ProjectionRunner } from '@inkprint/projections';
import { DATABASE, PROJECTION_RUNNER } from '../src/platform/tokens';
import { startTestApp, type TestApp, type TestBackend } from './support/test-app';

const PASSWORD = 'Corr3ct-horse-battery';
const ROOT = { email: 'root@example.com', password: 'Sup3r-secret-pass!' };
/** A 50+ word text, different for every `n` (so the detection cache never answers). */
const text = (n: number) =>
  `Reference ${n}. ` +
  'The committee met on Tuesday to review the budget and the plans for next year in detail. '.repeat(6);

/**
 * The SQL statements of one `POST /ai/detect?mode=fast` by a signed-in account, counted where they leave the process
 * (Database.statements: knex's hook under the event store, the vault and MikroORM, transaction control included).
 * Issue 28's budget is 8; it takes 7: the guard's account and session streams (1 read), the daily quota's append (1,
 * decided on the cached quota state), the cache look-up and the vault write (2), the run's DetectionRecorded (1) and
 * the answer's usage (2 reads of what is new on the day's two quota streams). Projections run after the answer, in
 * their own batches, and are stopped while counting.
 */
function requestPathSuite(backend: () => TestBackend) {
  let t: TestApp;
  let db: Database;
  let runner: ProjectionRunner;
  let n = 0;

  beforeAll(async () => {
    t = await startTestApp(backend(), {
      env: { SUPER_ADMIN_EMAIL: ROOT.email, SUPER_ADMIN_PASSWORD: ROOT.password, WORKER_CONCURRENCY: '1' },
      label: 'request_path',
    });
    db = t.app.get<Database>(DATABASE);
    runner = t.app.get<ProjectionRunner>(PROJECTION_RUNNER);
  }, 180_000);
  afterAll(() => t?.close());

  async function signUp(): Promise<{ id: string; accessToken: string }> {
    const email = `path-${++n}-${Date.now().toString(36)}@example.com`;
    await request(t.server).post('/auth/register').send({ name: 'Ada Tester', email, password: PASSWORD }).expect(201);
    const mail = await request(t.server).get('/dev/mailbox/latest').query({ to: email, kind: 'verification_code' });
    const res = await request(t.server)
      .post('/auth/verify-otp')
      .send({ email, otp: /\b(\d{6})\b/.exec(mail.body.text as string)![1] })
      .expect(200);
    return { id: res.body.user.id, accessToken: res.body.tokens.accessToken };
  }

  /** The statements one detection sends (after two to warm the caches), with the projections stopped meanwhile. */
  async function statementsOfOneDetect(accessToken: string, dailyLimit: number | null): Promise<string[]> {
    const detect = () =>
      request(t.server)
        .post('/ai/detect?mode=fast')
        .set('Authorization', `Bearer ${accessToken}`)
        .send({ text: text(++n) })
        .expect(200);
    await detect();
    await detect();
    await runner.stop();
    const sent: string[] = [];
    const unwatch = db.statements.watch((sql) => sent.push(sql.replace(/\s+/g, ' ').slice(0, 90)));
    const before = db.statements.total;
    try {
      const res = await detect();
      expect(res.body.result.cached).toBe(false);
      expect(res.body.history).toBeTruthy();
      // The answer's usage counts this request (read-your-writes), on the account's own plan.
      expect(res.body.usage.detector).toMatchObject({ dailyLimit, dailyUsed: 3 });
    } finally {
      unwatch();
      runner.start();
    }
    expect(db.statements.total - before).toBe(sent.length);
    return sent;
  }

  it('a detection by a signed-in account on a daily limit sends 7 statements', async () => {
    const account = await signUp();
    const sent = await statementsOfOneDetect(account.accessToken, 5);
    expect(sent).toHaveLength(7);
    // No transaction control: every write is one statement of its own.
    expect(sent.filter((s) => /^(BEGIN|COMMIT)/i.test(s))).toEqual([]);
  });

  it('a detection by an Enterprise account (unlimited, counted without a version check) sends 7 statements', async () => {
    const account = await signUp();
    const root = await request(t.server).post('/auth/login').send(ROOT).expect(200);
    await request(t.server)
      .post(`/admin/users/${account.id}/plan`)
      .set('Authorization', `Bearer ${root.body.tokens.accessToken}`)
      .send({ planSlug: 'enterprise' })
      .expect(200);
    const sent = await statementsOfOneDetect(account.accessToken, null);
    expect(sent).toHaveLength(7);
  });

  /** What the read models hold of an account's detections: what one detection's round must move by one. */
  async function readModelsOf(accountId: string) {
    const [row] = await db.sql.query<{ words: string; activity: string; timeline: string; daily: string }>(
      `select (select words_used from read_model.users where id = $1) as words,
              (select count(*) from read_model.recent_activity where account_id = $1) as activity,
              (select count(*) from read_model.audit_timeline where account_id = $1 and type = 'DetectionRecorded') as timeline,
              (select coalesce(sum(detections), 0) from read_model.daily_usage) as daily`,
      [accountId],
    );
    return {
      words: Number(row.words),
      activity: Number(row.activity),
      timeline: Number(row.timeline),
      daily: Number(row.daily),
    };
  }

  /**
   * The statements of one detection with the projections running: the request's own, then the round of the
   * projection loop that applies its events (`runOnce`, the round the running loop makes once they are committed;
   * here the first after the loop last read its checkpoints, as after a quiet second).
   */
  async function statementsWithProjections(
    account: { id: string; accessToken: string },
    mode: string,
  ): Promise<{ request: string[]; projections: string[] }> {
    const detect = () =>
      request(t.server)
        .post(`/ai/detect?mode=${mode}`)
        .set('Authorization', `Bearer ${account.accessToken}`)
        .send({ text: text(++n) })
        .expect(200);
    await detect();
    await detect();
    await runner.stop();
    try {
      // Whatever the warm-up left for the projections, applied before counting.
      await runner.catchUpAll();
      const before = await readModelsOf(account.id);
      const request: string[] = [];
      const projections: string[] = [];
      let sent = request;
      const unwatch = db.statements.watch((sql) => sent.push(sql.replace(/\s+/g, ' ').slice(0, 90)));
      try {
        const res = await detect();
        expect(res.body.result.cached).toBe(false);
        sent = projections;
        expect(await runner.runOnce()).toBe(true);
      } finally {
        unwatch();
      }
      // The round applied the detection to every read model it feeds, once.
      const after = await readModelsOf(account.id);
      expect(after.words - before.words).toBeGreaterThan(50);
      expect({ ...after, words: 0 }).toEqual({
        words: 0,
        activity: before.activity + 1,
        timeline: before.timeline + 1,
        daily: before.daily + 1,
      });
      return { request, projections };
    } finally {
      runner.start();
    }
  }

  // Issue 28: with the projections a detection cost 7 + 31 statements alone in its round (one transaction per
  // projection, each reading before it wrote). The loop's round is now one transaction for every projection, each
  // writing the batch in one statement: the checkpoints and the log read (2), BEGIN, the checkpoints claimed and moved
  // (1), the users, recent activity, audit timeline and daily usage rows (1 each), COMMIT. The same in every mode: a
  // language-model detection writes the same two events (QuotaConsumed, DetectionRecorded).
  it.each(['fast', 'moderate'])(
    'a %s detection with the projections running sends 7 + 9 statements',
    async (mode) => {
      const account = await signUp();
      const sent = await statementsWithProjections(account, mode);
      expect(sent.request).toHaveLength(7);
      expect(sent.projections.filter((s) => /^(BEGIN|COMMIT)/i.test(s))).toHaveLength(2);
      expect(sent.projections).toHaveLength(9);
    },
    60_000,
  );

  it('publishes the running count at /metrics', async () => {
    const body = (await request(t.server).get('/metrics').expect(200)).text;
    const line = body.split('\n').find((l) => l.startsWith('inkprint_sql_statements_total '));
    expect(Number(line?.split(' ')[1])).toBeGreaterThan(0);
  });
}

describe('Request path on embedded PGlite', () => requestPathSuite(() => ({ kind: 'pglite' })));

describeWithService('postgres', 'Request path on PostgreSQL', (url) =>
  requestPathSuite(() => ({ kind: 'postgres', baseUrl: url })),
);
