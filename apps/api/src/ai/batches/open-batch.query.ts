import { Inject, Logger } from '@nestjs/common';
import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { batchDecider, batchNotFound, batchStreamId, type BatchState, type ToolUser } from '@inkprint/ai-domain';
import { DetectionResult, type BatchItem, type BatchItemReport, type BatchResponse } from '@inkprint/contracts';
import { DomainError } from '@inkprint/domain-kernel';
import { loadState, type EventStore } from '@inkprint/eventstore';
import type { TextVault } from '@inkprint/text-vault';
import { CLOCK, type Clock } from '../../platform/clock';
import { EVENT_STORE } from '../../platform/tokens';
import { TEXT_VAULT } from '../shared/tokens';
import { ToolUsers } from '../shared/tool-users';
import type { CallerCredentials } from '../../accounts';
import { batchVaultKeys } from './batch-items';
import { BatchRuns } from './batch-runs';

/**
 * The caller's own batch and its owner. A guest, an id that is not a batch's, a batch that does not exist and another
 * caller's batch all read as BATCH_NOT_FOUND.
 */
async function ownBatch(
  users: ToolUsers,
  store: EventStore,
  caller: CallerCredentials,
  batchId: string,
): Promise<{ owner: ToolUser; state: Exclude<BatchState, { status: 'none' }> }> {
  if (!caller.account || !/^[0-9a-f-]{36}$/.test(batchId)) throw batchNotFound();
  const owner = (await users.resolve(caller)).user;
  const { state } = await loadState(store, batchStreamId(batchId), batchDecider);
  if (state.status === 'none' || state.user.type !== owner.type || state.user.id !== owner.id) throw batchNotFound();
  return { owner, state };
}

export class OpenBatch extends Query<BatchResponse> {
  constructor(
    readonly caller: CallerCredentials,
    readonly batchId: string,
  ) {
    super();
  }
}

/**
 * `GET /ai/batches/{id}`: the caller's own batch, its items' states and, for 48 h, their names and results. A batch
 * read as running without a runner (its API process stopped) is taken over here too (BatchRuns).
 */
@QueryHandler(OpenBatch)
export class OpenBatchHandler implements IQueryHandler<OpenBatch> {
  private readonly logger = new Logger('Batches');

  constructor(
    private readonly runs: BatchRuns,
    private readonly users: ToolUsers,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(TEXT_VAULT) private readonly vault: TextVault,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ caller, batchId }: OpenBatch): Promise<BatchResponse> {
    const { owner, state } = await ownBatch(this.users, this.store, caller, batchId);
    if (this.runs.isOrphaned(batchId, state))
      this.runs
        .resume(batchId)
        .catch((error: unknown) => this.logger.error(`could not resume batch ${batchId}: ${(error as Error).message}`));
    const now = this.clock.now();
    const names = ((await this.vault.get(batchVaultKeys.names(owner, batchId), now))?.body as { names?: unknown[] })
      ?.names;
    const items = await Promise.all(
      state.items.map(async (item): Promise<BatchItem> => {
        const name = names?.[item.index];
        const stored =
          item.status === 'done' ? await this.vault.get(batchVaultKeys.result(owner, batchId, item.index), now) : null;
        const result = stored ? DetectionResult.safeParse((stored.body as { result?: unknown }).result) : null;
        return {
          index: item.index,
          ...(typeof name === 'string' ? { name } : {}),
          status: item.status,
          ...(result?.success ? { result: result.data } : {}),
          ...(item.error ? { error: item.error } : {}),
        };
      }),
    );
    return { id: batchId, status: state.status, mode: state.mode, createdAt: state.createdAt, items };
  }
}

export class OpenBatchItem extends Query<BatchItemReport> {
  constructor(
    readonly caller: CallerCredentials,
    readonly batchId: string,
    readonly index: number,
  ) {
    super();
  }
}

/** `GET /ai/batches/{id}/items/{index}`: one done item's result and text (48 h), for the report modal and its PDF. */
@QueryHandler(OpenBatchItem)
export class OpenBatchItemHandler implements IQueryHandler<OpenBatchItem> {
  constructor(
    private readonly users: ToolUsers,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(TEXT_VAULT) private readonly vault: TextVault,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ caller, batchId, index }: OpenBatchItem): Promise<BatchItemReport> {
    const { owner } = await ownBatch(this.users, this.store, caller, batchId);
    const now = this.clock.now();
    const stored = await this.vault.get(batchVaultKeys.result(owner, batchId, index), now);
    const body = (stored?.body ?? {}) as { result?: unknown; text?: unknown };
    const result = DetectionResult.safeParse(body.result);
    if (!stored || !result.success || typeof body.text !== 'string')
      throw new DomainError(
        'BATCH_NOT_FOUND',
        'This item has no result to show (not done, failed, or older than 48 h).',
        404,
      );
    const name = ((await this.vault.get(batchVaultKeys.names(owner, batchId), now))?.body as { names?: unknown[] })
      ?.names?.[index];
    return {
      index,
      ...(typeof name === 'string' ? { name } : {}),
      text: body.text,
      result: result.data,
      createdAt: stored.createdAt,
    };
  }
}
