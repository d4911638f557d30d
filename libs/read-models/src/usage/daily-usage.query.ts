import type { ReadModels } from '../read-models';
import { DailyUsageRow } from './daily-usage.projection';

/** Daily detections and humanisations per plan from `fromDay` (YYYY-MM-DD, UTC) on, oldest first. */
export function listDailyUsage(read: ReadModels, fromDay: string): Promise<DailyUsageRow[]> {
  return read.em().find(DailyUsageRow, { day: { $gte: fromDay } }, { orderBy: [{ day: 'asc' }, { plan: 'asc' }] });
}
