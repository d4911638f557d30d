import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { TEXT_RETENTION_MS, REPORT_RETENTION_MS } from '@inkprint/ai-domain';
import { handleJob, configureEngines } from '@inkprint/detector-worker';
import { openDatabase, type Database } from '@inkprint/eventstore-postgresql';
import { InProcessJobBus, type JobHandler } from '@inkprint/job-bus';
import { forgetAccountData, TextVault } from '@inkprint/text-vault';
import { StartGuestSession, StartGuestSessionHandler } from '../accounts/guest-sessions/start-guest-session.handler';
import { accountsHarness } from '../testing/accounts-harness';
import { DetectText, DetectTextHandler } from './detect/detect-text.handler';
import { HumaniseText, HumaniseTextHandler } from './humanise/humanise-text.handler';
import { OpenReport, OpenReportHandler } from './reports/open-report.query';
import { SaveReport, SaveReportHandler } from './reports/save-report.handler';
import { PurgeExpired, PurgeExpiredHandler } from './retention/purge-expired.handler';
import { AiToolRunner } from './shared/run-ai-tool';
import { textHash } from './shared/text-hash';
import { ToolUsers } from './shared/tool-users';

const TEXT =
  'Artificial intelligence has transformed numerous industries by enabling unprecedented levels of automation. ' +
  'Furthermore, it is important to note that these technologies continue to evolve rapidly, offering innovative solutions. ' +
  'In conclusion, organizations that embrace these advancements will be well-positioned to thrive in a competitive landscape. ' +
  // At least 50 words: a shorter text is too short to judge and is not counted or recorded.
  'Moreover, the integration of machine learning into everyday workflows fosters collaboration and drives sustainable growth.';

// Given/when/then for the AI slices and the retention promises (docs/retention.md), moving a test clock: events in
// memory, the purgeable vault in embedded PostgreSQL, jobs on the in-process bus running the real worker handler.
describe('AI slices and retention', () => {
  let db: Database;
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'inkprint-ai-handlers-'));
  let schema = 0;
  const buses: InProcessJobBus[] = [];

  beforeAll(async () => {
    configureEngines({ detectorEngine: 'heuristic' });
    db = await openDatabase({ dataDir: path.join(tmp, 'pglite') });
  }, 120_000);
  afterAll(async () => {
    for (const bus of buses) await bus.close();
    configureEngines(undefined);
    await db?.close();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  async function given(worker: JobHandler = (job) => handleJob(job)) {
    const t = accountsHarness();
    const vault = await TextVault.create(db.sql, { schema: `vault_ai_${++schema}` });
    const bus = new InProcessJobBus({ concurrency: 1 });
    bus.serve(worker);
    buses.push(bus);
    const runner = new AiToolRunner(new ToolUsers(t.guests, t.usage), t.usage, bus, t.store, t.clock, t.ids);
    const guest = await new StartGuestSessionHandler(t.store, t.clock, t.ids, t.guests, t.usage).execute(
      new StartGuestSession('203.0.113.9'),
    );
    const caller = { guestId: guest.guestId, guestToken: guest.token, ip: '203.0.113.9' };
    t.mark();
    return {
      t,
      vault,
      caller,
      detect: new DetectTextHandler(runner, vault, t.clock, 'heuristic'),
      humanise: new HumaniseTextHandler(runner, vault),
      guest,
      save: new SaveReportHandler(t.store, vault, t.clock, t.ids, 'heuristic'),
      open: new OpenReportHandler(t.store, vault, t.clock),
      purge: new PurgeExpiredHandler(t.store, vault, t.clock),
    };
  }

  const detectInput = { text: TEXT, mode: 'fast' as const, internalEvaluation: false, clientTrim: true };

  it('given a guest, when a text is detected, then the event keeps hash, length and scores (never the text) and the vault keeps the text 48 h', async () => {
    const { t, vault, caller, detect } = await given();
    const answer = await detect.execute(new DetectText(caller, detectInput));
    const events = await t.then();
    const recorded = events.find((e) => e.type === 'DetectionRecorded')!;
    expect(recorded.data).toMatchObject({
      textHash: textHash(TEXT),
      characters: TEXT.length,
      clientTrim: true,
      cached: false,
      mode: 'fast',
      score: answer.result.score,
    });
    expect(JSON.stringify(events.map((e) => [e.data, e.metadata]))).not.toContain('Artificial intelligence');
    expect(answer.history).toMatchObject({ id: recorded.data && (recorded.data as { requestId: string }).requestId });
    expect(Date.parse(answer.history!.expiresAt) - Date.parse(answer.history!.createdAt)).toBe(TEXT_RETENTION_MS);
    expect(await vault.count('text')).toBe(1);
    expect(await vault.count('detection')).toBe(1);
  });

  it('given a detection, when the same text and mode come again, then the cache answers and the request still counts', async () => {
    const { caller, detect } = await given();
    await detect.execute(new DetectText(caller, detectInput));
    const again = await detect.execute(new DetectText(caller, detectInput));
    expect(again.result.cached).toBe(true);
    expect(again.usage.detector.dailyUsed).toBe(2);
  });

  it('48 h after a detection, the purge deletes its text and cached result; the history keeps the scores; the cache no longer answers', async () => {
    const { t, vault, caller, detect, purge } = await given();
    await detect.execute(new DetectText(caller, detectInput));
    t.clock.advance(TEXT_RETENTION_MS - 60_000);
    expect((await purge.execute(new PurgeExpired())).deleted).toMatchObject({ text: 0, detection: 0 });
    t.clock.advance(60_000);
    expect((await purge.execute(new PurgeExpired({ dryRun: true }))).deleted).toMatchObject({ text: 1, detection: 1 });
    expect(await vault.count()).toBe(2);
    expect((await purge.execute(new PurgeExpired())).deleted).toMatchObject({ text: 1, detection: 1 });
    expect(await vault.count()).toBe(0);
    expect((await t.then()).filter((e) => e.type === 'DetectionRecorded')).toHaveLength(1);
    const next = await detect.execute(new DetectText(caller, detectInput));
    expect(next.result.cached).toBe(false);
  });

  it('a report opens for 24 h, not a second longer; the purge then expires it on its stream and deletes its content', async () => {
    const { t, vault, caller, guest, detect, save, open, purge } = await given();
    const detected = await detect.execute(new DetectText(caller, detectInput));
    const saved = await save.execute(
      new SaveReport({ score: 0.01, originalText: TEXT, mode: 'fast' }, { type: 'guest', id: guest.guestId }),
    );
    // The report carries the service's own detection, not the score the caller posted.
    await expect(open.execute(new OpenReport(saved.id))).resolves.toMatchObject({
      result: { score: detected.result.score, originalText: TEXT },
    });
    t.mark();
    t.clock.advance(REPORT_RETENTION_MS - 1);
    await expect(open.execute(new OpenReport(saved.id))).resolves.toBeDefined();
    t.clock.advance(1);
    await expect(open.execute(new OpenReport(saved.id))).rejects.toMatchObject({ code: 'REPORT_NOT_FOUND' });
    expect(await purge.execute(new PurgeExpired())).toMatchObject({ expiredReports: 1, deleted: { report: 1 } });
    expect(await t.thenTypes()).toEqual(['ReportExpired']);
    expect(await vault.count('report')).toBe(0);
  });

  it("an erased account's texts, rewrites and reports are deleted at once (reports get ReportDeleted)", async () => {
    const { t, vault, detect, humanise, save } = await given();
    const accountId = t.ids.uuid();
    await t.accounts.run(
      accountId,
      (at) => ({
        type: 'BootstrapSuperAdmin',
        data: { accountId, email: 'ada@example.com', name: 'Ada', passwordHash: 'x', at },
      }),
      {
        type: 'system',
        id: 'test',
      },
    );
    const account = {
      account: {
        accountId,
        email: 'ada@example.com',
        name: 'Ada',
        role: 'user' as const,
        sessionId: 's',
        planSlug: null,
      },
    };
    await detect.execute(new DetectText(account, detectInput));
    await humanise.execute(new HumaniseText(account, { text: TEXT, tone: 'formal', clientTrim: false }));
    await save.execute(
      new SaveReport({ score: 0.5, originalText: TEXT, mode: 'fast' }, { type: 'user', id: accountId }),
    );
    expect(await vault.count()).toBeGreaterThanOrEqual(4);
    t.mark();
    const forgotten = await forgetAccountData({ store: t.store, vault, now: () => t.clock.now() }, accountId);
    expect(forgotten).toMatchObject({ reportsDeleted: 1 });
    expect(forgotten.vaultEntriesDeleted).toBeGreaterThanOrEqual(4);
    expect(await vault.count()).toBe(0);
    expect(await t.thenTypes()).toEqual(['ReportDeleted']);
  });

  it('a report carries only a detection the service ran for this caller on this text and mode (forged reports)', async () => {
    const { caller, guest, detect, save } = await given();
    const me = { type: 'guest' as const, id: guest.guestId };
    const refused = { code: 'REPORT_SOURCE_NOT_FOUND', status: 404 };
    // Nothing detected yet: no report, whatever the posted result says.
    await expect(
      save.execute(new SaveReport({ score: 0.01, rationale: 'VERIFIED HUMAN', originalText: TEXT, mode: 'fast' }, me)),
    ).rejects.toMatchObject(refused);
    await detect.execute(new DetectText(caller, detectInput));
    // Another mode, another text, another caller, or no text at all: refused.
    await expect(
      save.execute(new SaveReport({ score: 0.5, originalText: TEXT, mode: 'strong' }, me)),
    ).rejects.toMatchObject(refused);
    await expect(
      save.execute(new SaveReport({ score: 0.5, originalText: `${TEXT} (edited)`, mode: 'fast' }, me)),
    ).rejects.toMatchObject(refused);
    await expect(
      save.execute(
        new SaveReport({ score: 0.5, originalText: TEXT, mode: 'fast' }, { type: 'guest', id: 'someone-else' }),
      ),
    ).rejects.toMatchObject(refused);
    await expect(save.execute(new SaveReport({ score: 0.5, mode: 'fast' }, me))).rejects.toMatchObject(refused);
  });

  it("'Regenerate' (attempt 1, 2 …) gives another rewrite on any worker, and the same attempt the same rewrite", async () => {
    const { caller, humanise } = await given();
    const rewrite = async (attempt?: number) =>
      (await humanise.execute(new HumaniseText(caller, { text: TEXT, tone: 'casual', attempt, clientTrim: false })))
        .result.humanised;
    // A guest has 3 humanisations a day: the first rewrite, Regenerate, and the same Regenerate again.
    const first = await rewrite();
    const second = await rewrite(1);
    expect(second).not.toBe(first);
    expect(await rewrite(1)).toBe(second);
  });

  it('the humaniser’s rewrite may be evaluated for free by the caller it was given to, and only that text', async () => {
    const { caller, detect, humanise } = await given();
    const rewrite = await humanise.execute(new HumaniseText(caller, { text: TEXT, clientTrim: false }));
    expect(rewrite.result.evaluation).not.toBeNull();
    const internal = await detect.execute(
      new DetectText(caller, { ...detectInput, text: rewrite.result.humanised, internalEvaluation: true }),
    );
    expect(internal.history).toBeNull();
    expect(internal.usage.detector.dailyUsed).toBe(0);
    const notARewrite = await detect.execute(new DetectText(caller, { ...detectInput, internalEvaluation: true }));
    expect(notARewrite.history).not.toBeNull();
    expect(notARewrite.usage.detector.dailyUsed).toBe(1);
  });

  it('a request that fails after its job ran is not charged: the quota is given back (QuotaReleased)', async () => {
    const { t, vault, caller, detect, humanise } = await given();
    jest.spyOn(vault, 'put').mockRejectedValueOnce(new Error('vault unavailable'));
    await expect(detect.execute(new DetectText(caller, detectInput))).rejects.toThrow('vault unavailable');
    jest.spyOn(vault, 'put').mockRejectedValueOnce(new Error('vault unavailable'));
    await expect(humanise.execute(new HumaniseText(caller, { text: TEXT, clientTrim: false }))).rejects.toThrow(
      'vault unavailable',
    );
    const types = await t.thenTypes();
    // A guest's request counts on its own allowance and its address's: both are given back.
    expect(types.filter((type) => type === 'QuotaConsumed')).toHaveLength(4);
    expect(types.filter((type) => type === 'QuotaReleased')).toHaveLength(4);
    expect(types).not.toContain('DetectionRecorded');
    const next = await detect.execute(new DetectText(caller, detectInput));
    expect(next.usage.detector.dailyUsed).toBe(1);
    expect(next.usage.humaniser.dailyUsed).toBe(0);
  });

  it('a worker answer that breaks the job contract fails the run (502) and is not charged', async () => {
    const { t, caller, detect, humanise } = await given(() => ({ score: 1.5, verdict: 'AI-Generated' }));
    await expect(detect.execute(new DetectText(caller, detectInput))).rejects.toMatchObject({
      code: 'JOB_FAILED',
      status: 502,
      message: 'Invalid detection response structure',
    });
    await expect(humanise.execute(new HumaniseText(caller, { text: TEXT, clientTrim: false }))).rejects.toMatchObject({
      code: 'JOB_FAILED',
      status: 502,
    });
    const types = await t.thenTypes();
    expect(types.filter((type) => type === 'QuotaReleased')).toHaveLength(4);
    expect(types.filter((type) => type.endsWith('Recorded'))).toEqual([]);
  });

  it('refuses text over the plan limit before counting anything', async () => {
    const { t, caller, detect } = await given();
    await expect(
      detect.execute(new DetectText(caller, { ...detectInput, text: 'x'.repeat(4001) })),
    ).rejects.toMatchObject({ code: 'DETECTOR_CHAR_LIMIT', details: { max: 4000 } });
    expect(await t.thenTypes()).toEqual([]);
  });
});
