import { EntitySchema, raw } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { RecordedEvent } from '@inkprint/eventstore';
import type { Projection } from '@inkprint/projections';
import type { DetectionRecorded, HumanisationRecorded } from '@inkprint/ai-domain';

/** Detections and humanisations per day (UTC) and plan: the admin dashboard's 14-day chart. */
export class DailyUsageRow {
  day!: string;
  plan!: string;
  detections!: number;
  humanisations!: number;
}

export const DailyUsageSchema = new EntitySchema<DailyUsageRow>({
  class: DailyUsageRow,
  tableName: 'daily_usage',
  schema: '*',
  properties: {
    day: { type: 'string', primary: true },
    plan: { type: 'string', primary: true },
    detections: { type: 'integer' },
    humanisations: { type: 'integer' },
  },
});

export function dailyUsageProjection(): Projection {
  return {
    name: 'daily_usage',
    entities: [DailyUsageSchema],
    eventTypes: ['DetectionRecorded', 'HumanisationRecorded'],
    async apply(events: readonly RecordedEvent[], em: EntityManager) {
      const counts = new Map<string, { day: string; plan: string; detections: number; humanisations: number }>();
      for (const event of events) {
        const data = (event as unknown as DetectionRecorded | HumanisationRecorded).data;
        const day = data.at.slice(0, 10);
        const plan = data.plan ?? 'unknown';
        const key = `${day}\n${plan}`;
        const entry = counts.get(key) ?? { day, plan, detections: 0, humanisations: 0 };
        if (event.type === 'DetectionRecorded') entry.detections += 1;
        else entry.humanisations += 1;
        counts.set(key, entry);
      }
      if (counts.size === 0) return;
      // One upsert adds the batch's counts to each (day, plan) row: no read first, each row written once a batch.
      await em
        .createQueryBuilder(DailyUsageRow)
        .insert([...counts.values()])
        .onConflict(['day', 'plan'])
        .merge({
          detections: raw('daily_usage.detections + excluded.detections'),
          humanisations: raw('daily_usage.humanisations + excluded.humanisations'),
        })
        .execute('run');
    },
  };
}
