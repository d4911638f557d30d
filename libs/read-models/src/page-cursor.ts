/**
 * Position after the last row of a page of a list ordered newest first, (createdAt desc, id desc): the user directory
 * and a caller's batches.
 */
export interface PageCursor {
  createdAt: Date;
  id: string;
}

/** An opaque base64url token of a page position. */
export function encodePageCursor(cursor: PageCursor): string {
  return Buffer.from(JSON.stringify({ c: cursor.createdAt.toISOString(), i: cursor.id }), 'utf8').toString('base64url');
}

/** The position of a cursor, or null when it is not one of ours. */
export function decodePageCursor(token: string): PageCursor | null {
  if (!/^[A-Za-z0-9_-]{1,600}$/.test(token)) return null;
  try {
    const value: unknown = JSON.parse(Buffer.from(token, 'base64url').toString('utf8'));
    if (!value || typeof value !== 'object') return null;
    const { c, i } = value as { c?: unknown; i?: unknown };
    if (typeof c !== 'string' || typeof i !== 'string' || i.length === 0) return null;
    const createdAt = new Date(c);
    if (Number.isNaN(createdAt.getTime()) || createdAt.toISOString() !== c) return null;
    return { createdAt, id: i };
  } catch {
    return null;
  }
}

/** The rows after a cursor in (createdAt desc, id desc) order: a filter for any row type with those two columns. */
export function afterCursor(cursor: PageCursor): {
  $or: [{ createdAt: { $lt: Date } }, { createdAt: Date; id: { $lt: string } }];
} {
  return {
    $or: [{ createdAt: { $lt: cursor.createdAt } }, { createdAt: cursor.createdAt, id: { $lt: cursor.id } }],
  };
}

/** A page out of the `limit + 1` rows read for it, and the cursor to the next page (null on the last one). */
export function pageOf<T extends PageCursor>(rows: T[], limit: number): { rows: T[]; nextCursor: string | null } {
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return { rows: page, nextCursor: rows.length > limit && last ? encodePageCursor(last) : null };
}
