import type { ReadModels } from '../read-models';
import { RecentActivityRow } from './recent-activity.projection';

/** The latest recorded runs, newest first; of one kind only when `kind` is given (the dashboard lists each kind apart). */
export function listRecentActivity(
  read: ReadModels,
  limit: number,
  kind?: RecentActivityRow['kind'],
): Promise<RecentActivityRow[]> {
  return read
    .em()
    .find(RecentActivityRow, kind ? { kind } : {}, { orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], limit });
}
