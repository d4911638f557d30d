import { EntitySchema } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { RecordedEvent } from '@inkprint/eventstore';
import type { Projection } from '../projection';

/** A small read model for the runner's own tests: per stream, how many events and words it has seen. */
export class StreamActivity {
  streamId!: string;
  events!: number;
  words!: number;
  lastType!: string;
}

export const StreamActivitySchema = new EntitySchema<StreamActivity>({
  class: StreamActivity,
  tableName: 'stream_activity',
  schema: '*',
  properties: {
    streamId: { type: 'string', primary: true },
    events: { type: 'integer' },
    words: { type: 'integer' },
    lastType: { type: 'string' },
  },
});

export interface StreamActivityHooks {
  beforeEvent?: (event: RecordedEvent, index: number) => Promise<void> | void;
  /** Flush after every event, so a crash mid-batch leaves written rows behind for the rollback to undo. */
  flushEachEvent?: boolean;
}

export function streamActivityProjection(hooks: StreamActivityHooks = {}): Projection {
  return {
    name: 'stream_activity',
    entities: [StreamActivitySchema],
    eventTypes: ['TextSubmitted', 'TextScored'],
    async apply(events: readonly RecordedEvent[], em: EntityManager) {
      // One query loads every row the batch touches; the runner flushes all changes once.
      const ids = [...new Set(events.map((event) => event.streamId))];
      const rows = new Map(
        (await em.find(StreamActivity, { streamId: { $in: ids } })).map((row) => [row.streamId, row]),
      );
      for (const [index, event] of events.entries()) {
        await hooks.beforeEvent?.(event, index);
        let row = rows.get(event.streamId);
        if (!row) {
          row = em.create(StreamActivity, { streamId: event.streamId, events: 0, words: 0, lastType: '' });
          rows.set(event.streamId, row);
        }
        row.events += 1;
        row.words += Number((event.data as { words?: number }).words ?? 0);
        row.lastType = event.type;
        if (hooks.flushEachEvent) await em.flush();
      }
    },
  };
}
