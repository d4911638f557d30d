import { EntitySchema } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { RecordedEvent } from '@inkprint/eventstore';
import type { Projection } from '@inkprint/projections';
import type { BatchItemSettled, BatchSubmitted } from '@inkprint/ai-domain';
import { accountIdOfStream, eventTime } from '../streams';

/**
 * One row per batch (issue 43 item 3: the batch page lists the caller's recent batches): whose it is, when it was
 * sent, its mode and its counts. Names, texts and results stay in the vault (48 h); the list links to the batch.
 */
export class UserBatchRow {
  /** The batch id (its stream is `batch-<id>`). */
  id!: string;
  ownerType!: 'user' | 'guest';
  ownerId!: string;
  createdAt!: Date;
  mode!: string;
  items!: number;
  settled!: number;
  failed!: number;
}

export const UserBatchSchema = new EntitySchema<UserBatchRow>({
  class: UserBatchRow,
  tableName: 'user_batches',
  schema: '*',
  properties: {
    id: { type: 'string', primary: true },
    ownerType: { type: 'string' },
    ownerId: { type: 'string' },
    createdAt: { type: 'datetime' },
    mode: { type: 'string' },
    items: { type: 'integer' },
    settled: { type: 'integer', default: 0 },
    failed: { type: 'integer', default: 0 },
  },
  indexes: [{ properties: ['ownerType', 'ownerId', 'createdAt', 'id'] }],
});

const batchIdOfStream = (streamId: string): string | null =>
  streamId.startsWith('batch-') && streamId.length > 'batch-'.length ? streamId.slice('batch-'.length) : null;

export function userBatchesProjection(): Projection {
  return {
    name: 'user_batches',
    entities: [UserBatchSchema],
    eventTypes: ['BatchSubmitted', 'BatchItemSettled', 'AccountErased'],
    async apply(events: readonly RecordedEvent[], em: EntityManager) {
      const ids = new Set<string>();
      for (const event of events) {
        const id = event.type === 'AccountErased' ? null : batchIdOfStream(event.streamId);
        if (id) ids.add(id);
      }
      const rows = new Map((await em.find(UserBatchRow, { id: { $in: [...ids] } })).map((r) => [r.id, r]));
      for (const event of events) {
        if (event.type === 'AccountErased') {
          const accountId = accountIdOfStream(event.streamId);
          if (!accountId) continue;
          // The account's batches go with it.
          await em.nativeDelete(UserBatchRow, { ownerType: 'user', ownerId: accountId });
          for (const row of rows.values())
            if (row.ownerType === 'user' && row.ownerId === accountId) {
              em.remove(row);
              rows.delete(row.id);
            }
          continue;
        }
        const id = batchIdOfStream(event.streamId);
        if (!id) continue;
        if (event.type === 'BatchSubmitted') {
          const d = (event as unknown as BatchSubmitted).data;
          // One submission per stream; a replayed one finds its row.
          if (rows.has(id)) continue;
          rows.set(
            id,
            em.create(UserBatchRow, {
              id,
              ownerType: d.user.type,
              ownerId: d.user.id,
              createdAt: eventTime(event),
              mode: d.mode,
              items: d.items.length,
              settled: 0,
              failed: 0,
            }),
          );
          continue;
        }
        // BatchItemSettled: the decider settles an item once, so each fact counts once.
        const row = rows.get(id);
        if (!row) continue;
        row.settled = Math.min(row.items, row.settled + 1);
        if ((event as unknown as BatchItemSettled).data.status === 'failed') row.failed += 1;
      }
    },
  };
}
