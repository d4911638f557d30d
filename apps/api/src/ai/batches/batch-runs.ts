import { createHash } from 'node:crypto';
import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
  type OnModuleDestroy,
} from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import {
  accountDecider,
  accountPersonalDataSubject,
  accountStreamId,
  callerMayAct,
  type CallerVerdict,
} from '@inkprint/accounts-domain';
import {
  batchDecider,
  batchStreamId,
  toolRunStreamId,
  type BatchState,
  type DetectionFacts,
  type SettleBatchItem,
  type ToolUser,
} from '@inkprint/ai-domain';
import { DetectJobResult, type DetectionMode, type DetectResponse, type UploadTextResponse } from '@inkprint/contracts';
import { DomainError } from '@inkprint/domain-kernel';
import {
  handleCommand,
  loadState,
  type CheckpointStore,
  type EventStore,
  type PersonalDataKeys,
} from '@inkprint/eventstore';
import { usageDay, usageStreamId } from '@inkprint/plans-domain';
import type { TextVault } from '@inkprint/text-vault';
import { type CallerCredentials, type SignedInAccount } from '../../accounts';
import { UsageService } from '../../usage';
import { APP_CONFIG, type AppConfig } from '../../config';
import { CLOCK, type Clock } from '../../platform/clock';
import { CHECKPOINTS, EVENT_STORE, PERSONAL_DATA_KEYS } from '../../platform/tokens';
import { DetectText } from '../detect/detect-text.handler';
import { vaultKeys } from '../shared/submissions';
import { TEXT_VAULT } from '../shared/tokens';
import { FileWorkLimits } from '../shared/file-work-limits';
import { ImportText } from '../upload/import-text.handler';
import { batchVaultKeys, eachLimited, inputOf, resultEntry, type BatchInput } from './batch-items';

/** Items of one batch checked at once: enough to keep the workers busy, few enough to leave room for others. */
export const BATCH_CONCURRENCY = 4;

type OpenBatchState = Exclude<BatchState, { status: 'none' }>;

/** How long a graceful stop waits for the batch items in progress to settle. */
const STOP_GRACE_MS = 10_000;

const CONSUMER = 'interrupted-batches';
const PAGE = 1_000;

/** The request id of one item's detection in one run of its batch: a later run finds what an earlier one counted. */
export function batchItemRequestId(batchId: string, index: number, run: number): string {
  const hex = createHash('sha256').update(`batch:${batchId}:${index}:${run}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

const failure = (error: unknown): { code: string; message: string } =>
  error instanceof DomainError
    ? { code: error.code, message: error.message }
    : { code: 'INTERNAL_ERROR', message: 'Failed to process file.' };

/** An item cut off by a restart whose text (48 h) is gone: it cannot be run again. */
const inputGone = () =>
  new DomainError(
    'BATCH_ITEM_EXPIRED',
    'This item was cut off by a server restart and its text is no longer kept (48 h). Check it again in a new batch.',
    410,
  );

/** Who a batch acts for: its owner, the API key it came with, and when it was submitted (issue 39 item 2). */
interface BatchCaller {
  batchId: string;
  owner: ToolUser;
  apiKeyId?: string;
  submittedAt: string;
  /** The client address it was sent from (first run only): its files count against that address's allowance too. */
  address?: string;
}

const CANCELLED: Record<Exclude<CallerVerdict, { ok: true }>['refusal'], string> = {
  account_unavailable: 'Cancelled: the account that sent this batch was disabled.',
  session_ended: "Cancelled: the account's password was reset, or the account disabled, after this batch was sent.",
  key_unknown: 'Cancelled: the API key that sent this batch no longer exists.',
  key_revoked: 'Cancelled: the API key that sent this batch was revoked.',
  key_expired: 'Cancelled: the API key that sent this batch has expired.',
  plan_without_keys: "Cancelled: the account's plan no longer includes API keys.",
};

/** An item not run because its caller could no longer act when its turn came; the batch's later items go the same way. */
function cancelled(verdict: Exclude<CallerVerdict, { ok: true }> | null): DomainError {
  const erased = !verdict || !verdict.account || Boolean(verdict.account.erasedAt);
  return new DomainError(
    'BATCH_CANCELLED',
    erased ? 'Cancelled: the account that sent this batch was erased.' : CANCELLED[verdict.refusal],
    409,
    { reason: erased ? 'account_erased' : verdict.refusal },
  );
}

/**
 * Runs the items of batches (issue 29): the first run right after the submission, and again after a restart. Each
 * item's input (the pasted text, or the uploaded file) waits in the vault (48 h, the caller's) until the item
 * settles, so an API process that stopped mid-batch leaves nothing 'queued' for good: on the next start (and when
 * such a batch is read) its queued items run again, once across API processes (`ResumeBatch` is granted to one).
 * A request an earlier run counted but never answered is given back before its item runs again, and an item whose
 * detection was recorded just before the stop is settled with that run, so nothing is charged twice.
 */
@Injectable()
export class BatchRuns implements OnApplicationBootstrap, OnModuleDestroy, OnApplicationShutdown {
  private readonly logger = new Logger('Batches');
  /** Batches this process runs now. */
  private readonly running = new Set<string>();
  /** The runs in progress, awaited (bounded) by a graceful stop. */
  private readonly runs = new Set<Promise<void>>();
  private stopping = false;
  private recheck?: NodeJS.Timeout;
  /** Embedded (PGlite): one API process owns the data, so a batch it does not run has no runner. */
  private readonly singleProcess: boolean;
  /**
   * Elsewhere, a batch not heard from for this long has no runner (BATCH_STALLED_AFTER_SECONDS, 135 s): a live runner
   * settles an item at least once per import (30 s) plus a job and its recording (INTERRUPTED_AFTER_MS).
   */
  private readonly stalledAfterMs: number;

  constructor(
    private readonly commands: CommandBus,
    private readonly usage: UsageService,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(TEXT_VAULT) private readonly vault: TextVault,
    @Inject(CHECKPOINTS) private readonly checkpoints: CheckpointStore,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(APP_CONFIG) config: AppConfig,
    @Inject(PERSONAL_DATA_KEYS) private readonly keys: PersonalDataKeys,
    private readonly fileWork: FileWorkLimits,
  ) {
    this.singleProcess = !config.databaseUrl;
    this.stalledAfterMs = config.batchStalledAfterMs;
  }

  /** The first run of a batch just submitted (at `submittedAt`): its inputs are still in memory. */
  start(
    batchId: string,
    owner: ToolUser,
    caller: CallerCredentials,
    mode: DetectionMode,
    inputs: BatchInput[],
    submittedAt: string,
  ): void {
    const apiKeyId = caller.account?.apiKey?.id;
    this.launch(batchId, () =>
      this.runItems(
        {
          batchId,
          owner,
          submittedAt,
          ...(apiKeyId ? { apiKeyId } : {}),
          ...(caller.ip ? { address: caller.ip } : {}),
        },
        mode,
        1,
        inputs.map((input, index) => ({ index, input })),
      ),
    );
  }

  /** Whether a batch read as running has no runner: embedded, one this process does not run; else, quiet too long. */
  isOrphaned(batchId: string, state: BatchState): boolean {
    if (state.status !== 'running' || this.stopping || this.running.has(batchId)) return false;
    return this.singleProcess || Date.parse(state.lastActivityAt) < this.clock.now().getTime() - this.stalledAfterMs;
  }

  /** Takes over a batch without a runner (granted to one process) and runs its queued items again. */
  async resume(batchId: string): Promise<boolean> {
    if (this.stopping || this.running.has(batchId)) return false;
    this.running.add(batchId);
    try {
      const now = this.clock.now();
      const stalledBefore = this.singleProcess ? now : new Date(now.getTime() - this.stalledAfterMs);
      const { events, state } = await handleCommand(
        this.store,
        batchStreamId(batchId),
        batchDecider,
        { type: 'ResumeBatch', data: { stalledBefore: stalledBefore.toISOString(), at: now.toISOString() } },
        { metadata: { actor: { type: 'system', id: 'batch-runs' }, correlationId: batchId }, maxAttempts: 200 },
      );
      if (events.length === 0 || state.status === 'none') {
        this.running.delete(batchId);
        return false;
      }
      this.running.delete(batchId);
      this.launch(batchId, () => this.runAgain(batchId, state));
      return true;
    } catch (error) {
      this.running.delete(batchId);
      throw error;
    }
  }

  async onApplicationBootstrap(): Promise<void> {
    try {
      const resumed = await this.resumeInterrupted();
      if (resumed > 0) this.logger.log(`resumed ${resumed} batch(es) cut off by a stop`);
    } catch (error) {
      this.logger.error(`could not resume interrupted batches: ${(error as Error).message}`);
    }
  }

  /**
   * A graceful stop: no item starts any more, and the ones in progress get up to STOP_GRACE_MS to finish while the
   * store and the job bus are still open (they close after this hook); what is not settled then stays queued, its
   * input in the vault, for the next start to run.
   */
  async onModuleDestroy(): Promise<void> {
    this.stopping = true;
    clearTimeout(this.recheck);
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      Promise.allSettled([...this.runs]),
      new Promise<void>((resolve) => (timer = setTimeout(resolve, STOP_GRACE_MS))),
    ]);
    clearTimeout(timer);
  }

  onApplicationShutdown(): void {
    this.stopping = true;
    clearTimeout(this.recheck);
  }

  /**
   * Reads the log from this consumer's checkpoint for batches still running and takes over those without a runner;
   * the younger ones (another process may run them) are looked at again once they could be stalled.
   */
  async resumeInterrupted(): Promise<number> {
    const submitted = new Map<string, bigint>();
    let position = await this.checkpoints.load(CONSUMER);
    for (let page = await this.store.readAll(position, PAGE); page.length > 0;) {
      for (const event of page) {
        if (event.type === 'BatchSubmitted') submitted.set((event.data as { batchId: string }).batchId, position);
        position = event.globalPosition;
      }
      page = await this.store.readAll(position, PAGE);
    }
    let resumed = 0;
    const waiting: Array<{ batchId: string; before: bigint; lastActivityAt: number }> = [];
    for (const [batchId, before] of submitted) {
      const { state } = await loadState(this.store, batchStreamId(batchId), batchDecider);
      if (state.status !== 'running') continue;
      if (this.isOrphaned(batchId, state)) {
        if (await this.resume(batchId)) resumed += 1;
      }
      // Still running (resumed here, or by a live runner elsewhere): the next start reads it again.
      waiting.push({ batchId, before, lastActivityAt: Date.parse(state.lastActivityAt) });
    }
    await this.checkpoints.save(CONSUMER, waiting[0]?.before ?? position);
    const later = waiting.filter((batch) => !this.running.has(batch.batchId));
    if (later.length > 0 && !this.stopping) {
      const due = Math.min(...later.map((batch) => batch.lastActivityAt)) + this.stalledAfterMs;
      this.recheck = setTimeout(
        () => void this.checkAgain(later.map((batch) => batch.batchId)),
        Math.max(1_000, due - this.clock.now().getTime()),
      );
      this.recheck.unref();
    }
    return resumed;
  }

  private async checkAgain(batchIds: readonly string[]): Promise<void> {
    try {
      for (const batchId of batchIds) {
        const { state } = await loadState(this.store, batchStreamId(batchId), batchDecider);
        if (this.isOrphaned(batchId, state)) await this.resume(batchId);
      }
    } catch (error) {
      this.logger.error(`could not check running batches again: ${(error as Error).message}`);
    }
  }

  private launch(batchId: string, work: () => Promise<void>): void {
    this.running.add(batchId);
    const run = work()
      .catch((error: unknown) =>
        this.logger.error(`batch ${batchId} stopped: ${error instanceof Error ? error.message : String(error)}`),
      )
      .finally(() => {
        this.running.delete(batchId);
        this.runs.delete(run);
      });
    this.runs.add(run);
  }

  /** A resumed run: each queued item again, each for the owner as it is then (like the first run's). */
  private async runAgain(batchId: string, state: OpenBatchState): Promise<void> {
    const owner = state.user;
    const items: Array<{ index: number; input: BatchInput | null }> = [];
    for (const item of state.items.filter((i) => i.status === 'queued')) {
      // The detection of an earlier run recorded just before the stop: that run answers the item (one counted and
      // never recorded is given back here, whatever follows).
      const earlier = await this.earlierRun(batchId, owner, item.index, state);
      if (earlier) {
        await this.settle(batchId, owner, {
          index: item.index,
          status: 'done',
          requestId: earlier,
          error: null,
          at: this.clock.now().toISOString(),
        });
        continue;
      }
      const stored = await this.vault.get(batchVaultKeys.input(owner, batchId, item.index), this.clock.now());
      items.push({ index: item.index, input: stored ? inputOf(stored.body) : null });
    }
    const batch: BatchCaller = {
      batchId,
      owner,
      submittedAt: state.createdAt,
      ...(state.apiKeyId ? { apiKeyId: state.apiKeyId } : {}),
    };
    await this.runItems(batch, state.mode as DetectionMode, state.run, items);
  }

  /**
   * Looks at the item's detections in earlier runs. One that was recorded answers the item (its request id), even
   * when the stop came before the batch kept its result: the result is taken back from what the detection itself
   * kept (its text and cached result, 48 h). One counted but never recorded is given back now (InterruptedRuns would,
   * later) so the new run is the only one charged.
   */
  private async earlierRun(
    batchId: string,
    owner: ToolUser,
    index: number,
    state: OpenBatchState,
  ): Promise<string | null> {
    const now = this.clock.now();
    for (let run = 1; run < state.run; run++) {
      const requestId = batchItemRequestId(batchId, index, run);
      const recorded = (await this.store.readStream(toolRunStreamId(requestId))).find(
        (event) => event.type === 'DetectionRecorded',
      );
      if (recorded) {
        if (!(await this.vault.get(batchVaultKeys.result(owner, batchId, index), now)))
          await this.keepRecordedResult(batchId, owner, index, state.mode, recorded.data as DetectionFacts);
        return requestId;
      }
      const streams: string[] = [];
      for (let day = Date.parse(state.createdAt.slice(0, 10)); day <= now.getTime(); day += 86_400_000) {
        const date = usageDay(new Date(day));
        if (state.apiKeyId) streams.push(usageStreamId('detector', date, { kind: 'apikey', id: state.apiKeyId }));
        streams.push(usageStreamId('detector', date, { kind: 'account', id: owner.id }));
      }
      // Released only where it was counted and not given back yet (a no-op elsewhere).
      await this.usage.releaseInterrupted(requestId, streams, { type: owner.type, id: owner.id });
    }
    return null;
  }

  /** The item's result rebuilt from a recorded detection's text and cached result (when the vault still has both). */
  private async keepRecordedResult(
    batchId: string,
    owner: ToolUser,
    index: number,
    mode: string,
    facts: DetectionFacts,
  ): Promise<void> {
    const now = this.clock.now();
    const text = (await this.vault.get<{ text?: unknown }>(vaultKeys.text(owner, facts.textHash), now))?.body.text;
    const cached = facts.modelVersion
      ? await this.vault.get(vaultKeys.detection(facts.textHash, mode, facts.modelVersion), now)
      : undefined;
    const result = DetectJobResult.safeParse(cached?.body);
    if (typeof text !== 'string' || !result.success) return;
    await this.vault.put(
      resultEntry(owner, batchId, index, { result: { ...result.data, cached: facts.cached }, text }, facts.at),
    );
  }

  /**
   * The batch's caller as it is now (issue 39 item 2): the account re-read and put to the one liveness rule that
   * sessions and API keys answer to (`callerMayAct`: active, not erased, no password reset, disable or erasure since
   * the batch was sent, its API key still live and its plan still with keys), with its plan and key's cap as they are
   * now, so a downgrade counts from the next item. Throws BATCH_CANCELLED when it may no longer act.
   */
  private async callerNow(batch: BatchCaller): Promise<CallerCredentials> {
    if (batch.owner.type !== 'user') throw cancelled(null);
    const { state } = await loadState(this.store, accountStreamId(batch.owner.id), accountDecider);
    const verdict = callerMayAct(
      state,
      { startedAt: batch.submittedAt, ...(batch.apiKeyId ? { apiKeyId: batch.apiKeyId } : {}) },
      this.clock.now().getTime(),
    );
    if (!verdict.ok) throw cancelled(verdict);
    const { account: a, key } = verdict;
    const account: SignedInAccount = {
      accountId: a.accountId,
      email: a.email,
      name: a.name,
      role: a.role,
      sessionId: `batch:${batch.batchId}`,
      planSlug: a.planSlug ?? null,
      ...(key ? { apiKey: { id: key.keyId, scopes: key.scopes, dailyCap: key.dailyCap } } : {}),
    };
    return { account };
  }

  /**
   * Whether the owner's erasure has begun: its data key is destroyed first, then its vault rows, then AccountErased
   * is appended (eraseAccount), so a row written before this answers false is deleted by the erasure itself.
   */
  private async ownerErased(owner: ToolUser): Promise<boolean> {
    return owner.type === 'user' && (await this.keys.isErased(accountPersonalDataSubject(owner.id)));
  }

  /**
   * Runs items, each for the caller as it is when its turn comes (`callerNow`, before it is read, run and charged):
   * once the caller may no longer act, that item and every later one is cancelled (failed, BATCH_CANCELLED) without
   * running; an item in flight when the owner is erased keeps no result.
   */
  private async runItems(
    batch: BatchCaller,
    mode: DetectionMode,
    run: number,
    items: Array<{ index: number; input: BatchInput | null }>,
  ): Promise<void> {
    const { batchId, owner } = batch;
    let cancel: DomainError | undefined;
    await eachLimited(items, BATCH_CONCURRENCY, async ({ index, input }) => {
      if (this.stopping) return;
      let settle: SettleBatchItem['data'];
      try {
        if (cancel) throw cancel;
        // A file waits for its turn in the owner's (and the sender's address's) allowance of files a minute, as an
        // upload would be refused past it (issue 39 item 4).
        if (input && 'file' in input) {
          await this.fileWork.wait(
            { accountId: owner.id, ...(batch.address ? { address: batch.address } : {}) },
            () => this.stopping,
          );
          if (this.stopping) return;
          if (cancel) throw cancel;
        }
        let caller: CallerCredentials;
        try {
          caller = await this.callerNow(batch);
        } catch (error) {
          if (error instanceof DomainError && error.code === 'BATCH_CANCELLED') cancel = error;
          throw error;
        }
        if (!input) throw inputGone();
        const text =
          'text' in input
            ? input.text
            : (
                await this.commands.execute<ImportText, UploadTextResponse>(
                  new ImportText(caller, { file: input.file }, 'detect', mode),
                )
              ).text;
        const answer = await this.commands.execute<DetectText, DetectResponse>(
          new DetectText(caller, {
            text,
            mode,
            internalEvaluation: false,
            clientTrim: false,
            source: 'file' in input ? 'upload' : 'paste',
            requestId: batchItemRequestId(batchId, index, run),
          }),
        );
        const at = this.clock.now().toISOString();
        await this.vault.put(resultEntry(owner, batchId, index, { result: answer.result, text }, at));
        // Erased while this item ran: what it wrote for the account (its text, its result) goes too.
        if (await this.ownerErased(owner)) {
          await this.vault.forgetOwner(owner);
          throw (cancel = cancelled(null));
        }
        settle = { index, status: 'done', requestId: answer.history?.id ?? null, error: null, at };
      } catch (error) {
        // Cut off by this process stopping: left queued for the next start.
        if (this.stopping) return;
        settle = {
          index,
          status: 'failed',
          requestId: null,
          error: failure(error),
          at: this.clock.now().toISOString(),
        };
      }
      await this.settle(batchId, owner, settle);
    });
  }

  private async settle(batchId: string, owner: ToolUser, settle: SettleBatchItem['data']): Promise<void> {
    await handleCommand(
      this.store,
      batchStreamId(batchId),
      batchDecider,
      { type: 'SettleBatchItem', data: settle },
      { metadata: { actor: owner, correlationId: batchId }, maxAttempts: 200 },
    );
    // Its input is not needed any more.
    await this.vault.delete(batchVaultKeys.input(owner, batchId, settle.index));
  }
}
