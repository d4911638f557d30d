import type { ReadModels } from '../read-models';
import { UserBatchRow } from './user-batches.projection';

/** Position after the last row of a page of a caller's batches: ordered by (createdAt desc, id desc). */
export interface BatchCursor {
  createdAt: Date;
  id: string;
}

export function encodeBatchCursor(cursor: BatchCursor): string {
  return Buffer.from(JSON.stringify({ c: cursor.createdAt.toISOString(), i: cursor.id }), 'utf8').toString('base64url');
}

/** The position of a cursor, or null when it is not one of ours. */
export function decodeBatchCursor(token: string): BatchCursor | null {
  if (!/^[A-Za-z0-9_-]{1,600}$/.test(token)) return null;
  try {
    const value: unknown = JSON.parse(Buffer.from(token, 'base64url').toString('utf8'));
    const { c, i } = (value ?? {}) as { c?: unknown; i?: unknown };
    if (typeof c !== 'string' || typeof i !== 'string' || i.length === 0) return null;
    const createdAt = new Date(c);
    if (Number.isNaN(createdAt.getTime()) || createdAt.toISOString() !== c) return null;
    return { createdAt, id: i };
  } catch {
    return null;
  }
}

/** A page of one owner's batches, newest first. */
export async function listUserBatches(
  read: ReadModels,
  owner: { type: 'user' | 'guest'; id: string },
  page: { limit: number; cursor?: BatchCursor },
): Promise<{ batches: UserBatchRow[]; nextCursor: string | null }> {
  const mine = { ownerType: owner.type, ownerId: owner.id };
  const rows = await read.em().find(
    UserBatchRow,
    page.cursor
      ? {
          ...mine,
          $or: [
            { createdAt: { $lt: page.cursor.createdAt } },
            { createdAt: page.cursor.createdAt, id: { $lt: page.cursor.id } },
          ],
        }
      : mine,
    { orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], limit: page.limit + 1 },
  );
  const batches = rows.slice(0, page.limit);
  const last = batches[batches.length - 1];
  return { batches, nextCursor: rows.length > page.limit && last ? encodeBatchCursor(last) : null };
}
