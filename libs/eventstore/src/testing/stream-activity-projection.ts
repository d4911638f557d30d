import { EntitySchema } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { RecordedEvent } from '../port/event-envelope';
import type { Projection } from '../projections/projection';

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

export function streamActivityProjection(hooks: { beforeEvent?: (event: RecordedEvent, index: number) => Promise<void> | void } = {}): Projection {
  return {
    name: 'stream_activity',
    entities: [StreamActivitySchema],
    eventTypes: ['TextSubmitted', 'TextScored'],
    async apply(events: readonly RecordedEvent[], em: EntityManager) {
      for (const [index, event] of events.entries()) {
        await hooks.beforeEvent?.(event, index);
        const row =
          (await em.findOne(StreamActivity, { streamId: event.streamId })) ??
          em.create(StreamActivity, { streamId: event.streamId, events: 0, words: 0, lastType: '' });
        row.events += 1;
        row.words += Number((event.data as { words?: number }).words ?? 0);
        row.lastType = event.type;
        // Flushing per event makes a crash mid-batch leave written rows behind, which the rollback must undo.
        await em.flush();
      }
    },
  };
}
