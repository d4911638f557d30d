import type { ReadModels } from '../read-models';
import { afterCursor, decodePageCursor, encodePageCursor, type PageCursor, pageOf } from '../page-cursor';
import { UserBatchRow } from './user-batches.projection';

/** Position after the last row of a page of a caller's batches: ordered by (createdAt desc, id desc). */
export type BatchCursor = PageCursor;
export const encodeBatchCursor = encodePageCursor;
export const decodeBatchCursor = decodePageCursor;

/** A page of one owner's batches, newest first. */
export async function listUserBatches(
  read: ReadModels,
  owner: { type: 'user' | 'guest'; id: string },
  page: { limit: number; cursor?: BatchCursor },
): Promise<{ batches: UserBatchRow[]; nextCursor: string | null }> {
  const mine = { ownerType: owner.type, ownerId: owner.id };
  const rows = await read.em().find(UserBatchRow, page.cursor ? { ...mine, ...afterCursor(page.cursor) } : mine, {
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    limit: page.limit + 1,
  });
  const { rows: batches, nextCursor } = pageOf(rows, page.limit);
  return { batches, nextCursor };
}
