import type { ReadModels } from '../read-models';
import { RecentActivityRow } from './recent-activity.projection';

/** The latest recorded detections and humanisations, newest first (the dashboard's "latest" table). */
export function listRecentActivity(read: ReadModels, limit: number): Promise<RecentActivityRow[]> {
  return read.em().find(RecentActivityRow, {}, { orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], limit });
}
