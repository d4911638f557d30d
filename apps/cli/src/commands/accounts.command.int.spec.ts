import { accountStreamId, emailClaimDecider, emailClaimStreamOf, sessionStreamId } from '@inkprint/accounts-domain';
import { reportDecider, reportIsOpen, reportStreamId, toolRunStreamId } from '@inkprint/ai-domain';
import { ERASED, handleCommand, loadState, type EventStore } from '@inkprint/eventstore';
import { getAccountTimeline, getUser, getUserByEmail, ReadModels } from '@inkprint/read-models';
import { TextVault } from '@inkprint/text-vault';
import { describeWithService } from '@inkprint/testing';
import { randomUUID } from 'node:crypto';
import { Capture } from '../testing/cli-harness';
import {
  recordDetection,
  scratchData,
  shareAccountReport,
  signUpAccount,
  type OpsBackend,
  type SignedUp,
} from '../testing/ops-fixtures';
import { erasureSummaryLine, runAccountErasure } from './accounts.command';

jest.setTimeout(120_000);

/** The versions of the streams an erasure writes to (the global log's count lags a moment on PostgreSQL). */
async function versions(store: EventStore, account: SignedUp, reportIds: string[] = []): Promise<number[]> {
  const streams = [
    accountStreamId(account.accountId),
    emailClaimStreamOf(account.email),
    sessionStreamId(account.sessionId),
    ...reportIds.map(reportStreamId),
  ];
  return Promise.all(streams.map((stream) => store.streamVersion(stream)));
}

function suite(backend: () => OpsBackend) {
  it("erases an account as its owner's DELETE /auth/me does, names the operator in its history, and is a no-op the second time", async () => {
    const scratch = await scratchData(backend());
    const data = await scratch.open();
    try {
      const vault = await TextVault.create(data.db.sql);
      const ada = await signUpAccount(data.store, 'Ada');
      const grace = await signUpAccount(data.store, 'Grace');
      const requestId = await recordDetection(data.store, vault, ada.accountId);
      const reportId = await shareAccountReport(data.store, vault, ada.accountId);
      await recordDetection(data.store, vault, grace.accountId);
      const owner = { type: 'user' as const, id: ada.accountId };
      expect(await vault.ownedBy(owner)).toHaveLength(3);

      const progress = new Capture();
      const erasure = await runAccountErasure(data, ada.accountId, { progress });
      expect(erasure).toMatchObject({
        accountId: ada.accountId,
        alreadyErased: false,
        resumed: false,
        emailReleased: true,
        keyDestroyed: true,
        reportsDeleted: 1,
        vaultEntriesDeleted: 3,
        sessionsEnded: 1,
      });
      expect(erasureSummaryLine(erasure, '0.2 s')).toBe(
        `erased account ${ada.accountId}: e-mail address released, personal-data key destroyed, 1 report deleted, ` +
          '3 vault entries deleted, 1 session ended in 0.2 s',
      );
      // Not a terminal: plain progress lines, the last one complete.
      expect(progress.text.trim().split('\n').at(-1)).toBe('erasing account: 6/6 steps');

      // Every past event reads its personal fields as erased; the operator is the actor of the erasure.
      const history = await data.store.readStream(accountStreamId(ada.accountId));
      expect(history[0].data).toMatchObject({ email: ERASED, name: ERASED, passwordHash: ERASED });
      expect(JSON.stringify(history.map((e) => [e.data, e.metadata]))).not.toContain(ada.email);
      const erased = history.at(-1)!;
      expect(erased.type).toBe('AccountErased');
      expect(erased.metadata.actor).toEqual({ type: 'system', id: 'operator' });
      const session = await data.store.readStream(sessionStreamId(ada.sessionId));
      expect(session.at(-1)).toMatchObject({ type: 'SessionEnded', data: { reason: 'account_erased' } });
      expect(session.at(-1)?.metadata.correlationId).toBe(erased.metadata.correlationId);

      // The address is free: a new account may claim it.
      const newcomer = randomUUID();
      const claim = await handleCommand(data.store, emailClaimStreamOf(ada.email), emailClaimDecider, {
        type: 'ClaimEmail',
        data: { accountId: newcomer, at: new Date().toISOString() },
      });
      expect(claim.state).toEqual({ status: 'claimed', accountId: newcomer });

      // The report is deleted (GET /ai/report/{id} answers 404) and the vault holds nothing of the account.
      const report = await loadState(data.store, reportStreamId(reportId), reportDecider);
      expect(report.state.status).toBe('deleted');
      expect(reportIsOpen(report.state, new Date().toISOString())).toBe(false);
      expect(await vault.get(`report:${reportId}`, new Date())).toBeUndefined();
      expect(await vault.ownedBy(owner)).toEqual([]);
      expect(await vault.ownedBy({ type: 'user', id: grace.accountId })).toHaveLength(2);
      // The detection stays in the log (usage and audit history), without the person.
      expect(await data.store.readStream(toolRunStreamId(requestId))).toHaveLength(1);

      // Read models: gone from the directory, the audit timeline says an operator erased it.
      await data.runner.catchUpAll();
      const reads = new ReadModels(data.db.em, data.runner.schema);
      expect(await getUser(reads, ada.accountId)).toBeNull();
      expect(await getUserByEmail(reads, ada.email)).toBeNull();
      expect(await getUser(reads, grace.accountId)).not.toBeNull();
      const [last] = await getAccountTimeline(reads, ada.accountId, { limit: 1 });
      expect(last).toMatchObject({
        type: 'AccountErased',
        actorType: 'system',
        actorId: 'operator',
        summary: 'Account erased by an operator: name, email and password destroyed',
      });
      const timeline = await getAccountTimeline(reads, ada.accountId, { limit: 50 });
      expect(timeline.map((row) => row.type)).toEqual(
        expect.arrayContaining(['AccountRegistered', 'DetectionRecorded', 'ReportShared', 'AccountErased']),
      );
      expect(JSON.stringify(timeline)).not.toContain(ada.email);

      // Again: nothing left to do, nothing appended.
      const before = await versions(data.store, ada, [reportId]);
      const again = await runAccountErasure(data, ada.accountId, { progress: new Capture() });
      expect(again).toMatchObject({
        alreadyErased: true,
        emailReleased: false,
        keyDestroyed: false,
        reportsDeleted: 0,
        vaultEntriesDeleted: 0,
        sessionsEnded: 0,
        erasedAt: erasure.erasedAt,
      });
      expect(erasureSummaryLine(again, '0.0 s')).toBe(
        `account ${ada.accountId} was already erased on ${erasure.erasedAt}; nothing to do (0.0 s)`,
      );
      expect(await versions(data.store, ada, [reportId])).toEqual(before);
    } finally {
      await data.close();
      await scratch.dispose();
    }
  });

  it('finishes an erasure that stopped after the key was destroyed', async () => {
    const scratch = await scratchData(backend());
    const data = await scratch.open();
    try {
      const vault = await TextVault.create(data.db.sql);
      const ada = await signUpAccount(data.store, 'Ada');
      await shareAccountReport(data.store, vault, ada.accountId);
      // As if an earlier run died right after the key went (the address was released before it).
      await handleCommand(data.store, emailClaimStreamOf(ada.email), emailClaimDecider, {
        type: 'ReleaseEmail',
        data: { accountId: ada.accountId, at: new Date().toISOString() },
      });
      await data.store.keys.erase(accountStreamId(ada.accountId));

      const erasure = await runAccountErasure(data, ada.accountId, { progress: new Capture() });
      expect(erasure).toMatchObject({ resumed: true, keyDestroyed: false, reportsDeleted: 1, sessionsEnded: 1 });
      expect(erasureSummaryLine(erasure, '0.1 s')).toBe(
        `erased account ${ada.accountId} (finishing an interrupted erasure): 1 report deleted, 1 vault entry deleted, ` +
          '1 session ended in 0.1 s',
      );
      expect((await data.store.readStream(accountStreamId(ada.accountId))).at(-1)?.type).toBe('AccountErased');
    } finally {
      await data.close();
      await scratch.dispose();
    }
  });

  it('refuses the super admin and an unknown id before changing anything', async () => {
    const scratch = await scratchData(backend());
    const data = await scratch.open();
    try {
      const root = await signUpAccount(data.store, 'Root', { superAdmin: true });
      const before = await versions(data.store, root);
      const progress = new Capture();
      await expect(runAccountErasure(data, root.accountId, { progress })).rejects.toMatchObject({
        code: 'SUPER_ADMIN_PROTECTED',
        message: 'The super admin account cannot be erased.',
      });
      expect(await versions(data.store, root)).toEqual(before);
      expect(await data.store.keys.isErased(accountStreamId(root.accountId))).toBe(false);
      expect((await data.store.readStream(accountStreamId(root.accountId)))[0].data).toMatchObject({
        email: root.email,
      });
      expect(progress.text).toBe('');

      const unknown = randomUUID();
      await expect(runAccountErasure(data, unknown, { progress })).rejects.toThrow(`no account has the id ${unknown}`);
      expect(await versions(data.store, root)).toEqual(before);
      expect(await data.store.streamVersion(accountStreamId(unknown))).toBe(0);
      expect(await data.store.keys.isErased(accountStreamId(unknown))).toBe(false);
    } finally {
      await data.close();
      await scratch.dispose();
    }
  });
}

describe('inkprint accounts erase (PGlite)', () => suite(() => ({ kind: 'pglite' })));
describeWithService('postgres', 'inkprint accounts erase (PostgreSQL)', (url) =>
  suite(() => ({ kind: 'postgres', baseUrl: url })),
);
