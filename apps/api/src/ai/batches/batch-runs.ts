import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
  type OnModuleDestroy,
} from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { batchDecider, batchStreamId, type BatchState, type ToolUser } from '@inkprint/ai-domain';
import type { DetectionMode } from '@inkprint/contracts';
import {
  handleCommand,
  loadState,
  type CheckpointStore,
  type EventStore,
  type PersonalDataKeys,
} from '@inkprint/eventstore';
import type { TextVault } from '@inkprint/text-vault';
import type { CallerCredentials } from '../../accounts';
import { UsageService } from '../../usage';
import { APP_CONFIG, type AppConfig } from '../../config';
import { CLOCK, type Clock } from '../../platform/clock';
import { CHECKPOINTS, EVENT_STORE, PERSONAL_DATA_KEYS } from '../../platform/tokens';
import { TEXT_VAULT } from '../shared/tokens';
import { FileWorkLimits } from '../shared/file-work-limits';
import type { BatchInput } from './batch-items';
import { BatchItemRuns } from './batch-item-runs';
import { BatchResume } from './batch-resume';

/** How long a graceful stop waits for the batch items in progress to settle. */
const STOP_GRACE_MS = 10_000;

const CONSUMER = 'interrupted-batches';
const PAGE = 1_000;

/**
 * Runs the items of batches (issue 29): the first run right after the submission, and again after a restart. This
 * file is the lifecycle (start, take-over of a batch without a runner, graceful stop); each item's run is in
 * batch-item-runs.ts, a cut-off batch's second run in batch-resume.ts. Each
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
  /** Runs the items (batch-item-runs.ts) and runs a cut-off batch again (batch-resume.ts). */
  private readonly items: BatchItemRuns;
  private readonly resumed: BatchResume;

  constructor(
    commands: CommandBus,
    usage: UsageService,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(TEXT_VAULT) vault: TextVault,
    @Inject(CHECKPOINTS) private readonly checkpoints: CheckpointStore,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(APP_CONFIG) config: AppConfig,
    @Inject(PERSONAL_DATA_KEYS) keys: PersonalDataKeys,
    fileWork: FileWorkLimits,
  ) {
    this.singleProcess = !config.databaseUrl;
    this.stalledAfterMs = config.batchStalledAfterMs;
    this.items = new BatchItemRuns(commands, store, vault, clock, keys, fileWork, () => this.stopping);
    this.resumed = new BatchResume(store, vault, usage, clock, this.items);
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
      this.items.runItems(
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
      this.launch(batchId, () => this.resumed.runAgain(batchId, state));
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
}
