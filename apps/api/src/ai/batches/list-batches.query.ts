import { Inject } from '@nestjs/common';
import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import type { BatchList } from '@inkprint/contracts';
import type { ReadModelFreshness } from '@inkprint/projections';
import { decodeBatchCursor, listUserBatches, ReadModels } from '@inkprint/read-models';
import { DomainError } from '@inkprint/domain-kernel';
import { RequestValidationError } from '../../http/api-error';
import { READ_MODEL_FRESHNESS } from '../../platform/tokens';
import { ToolUsers } from '../shared/tool-users';
import type { CallerCredentials } from '../../accounts';
import { BATCH_SIGN_IN_MESSAGE } from './batch-caller.guard';

export class ListBatches extends Query<BatchList> {
  constructor(
    readonly caller: CallerCredentials,
    readonly page: { limit: number; cursor?: string },
  ) {
    super();
  }
}

/**
 * `GET /ai/batches`: the caller's own batches, newest first, with their counts (issue 43 item 3: the batch page's
 * recent list). Read from the `user_batches` read model caught up with the log (bounded wait), so a batch just sent
 * is listed.
 */
@QueryHandler(ListBatches)
export class ListBatchesHandler implements IQueryHandler<ListBatches> {
  constructor(
    private readonly users: ToolUsers,
    private readonly read: ReadModels,
    @Inject(READ_MODEL_FRESHNESS) private readonly freshness: ReadModelFreshness,
  ) {}

  async execute({ caller, page }: ListBatches): Promise<BatchList> {
    if (!caller.account) throw new DomainError('AUTH_REQUIRED', BATCH_SIGN_IN_MESSAGE, 401, { reason: 'batch' });
    const cursor = page.cursor === undefined ? undefined : decodeBatchCursor(page.cursor);
    if (cursor === null) throw new RequestValidationError({ cursor: ['Invalid cursor.'] }, 'Invalid cursor.');
    const owner = (await this.users.resolve(caller)).user;
    await this.freshness.waitForHead(['user_batches']);
    const listed = await listUserBatches(this.read, owner, { limit: page.limit, ...(cursor ? { cursor } : {}) });
    return {
      batches: listed.batches.map((row) => ({
        id: row.id,
        status: row.settled >= row.items ? 'done' : 'running',
        mode: row.mode,
        createdAt: row.createdAt.toISOString(),
        items: row.items,
        settled: row.settled,
        failed: row.failed,
      })),
      nextCursor: listed.nextCursor,
    };
  }
}
