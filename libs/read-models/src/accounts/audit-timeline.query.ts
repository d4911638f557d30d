import type { FilterQuery } from '@mikro-orm/core';
import type { ReadModels } from '../read-models';
import { AuditTimelineRow } from './audit-timeline.projection';

/** An account's events, newest first; `beforeVersion` pages back. */
export function getAccountTimeline(
  read: ReadModels,
  accountId: string,
  options: { limit: number; beforeVersion?: number; types?: readonly string[] },
): Promise<AuditTimelineRow[]> {
  const where: FilterQuery<AuditTimelineRow> = {
    accountId,
    ...(options.beforeVersion === undefined ? {} : { version: { $lt: options.beforeVersion } }),
    ...(options.types?.length ? { type: { $in: [...options.types] } } : {}),
  };
  return read.em().find(AuditTimelineRow, where, { orderBy: { version: 'desc' }, limit: options.limit });
}

/**
 * Each API key's recorded tool runs and the last one's time, from the account's timeline (issue 29: the runs carry
 * `apiKeyId`). Keys never used are absent.
 */
export async function getApiKeyUses(
  read: ReadModels,
  accountId: string,
): Promise<Map<string, { uses: number; lastUsedAt: Date }>> {
  const rows = await read
    .em()
    .getConnection()
    .execute<Array<{ key_id: string; uses: string | number; last_used_at: Date | string }>>(
      `select data->>'apiKeyId' as key_id, count(*) as uses, max("at") as last_used_at
         from "${read.schema}"."audit_timeline"
        where account_id = ? and data->>'apiKeyId' is not null
        group by 1`,
      [accountId],
    );
  return new Map(rows.map((row) => [row.key_id, { uses: Number(row.uses), lastUsedAt: new Date(row.last_used_at) }]));
}
