import { randomUUID } from 'node:crypto';
import type { EventMetadata, NewEvent } from './port/event-envelope';
import type { AppendOptions } from './port/event-store';

export const SYSTEM_ACTOR = { type: 'system', id: 'inkprint' } as const;

/** An event about to be appended: id and metadata filled in. */
export interface CompletedEvent {
  id: string;
  type: string;
  data: unknown;
  metadata: EventMetadata;
}

/** Fills an event's id and metadata from the append's defaults, then the system defaults. */
export function completeEvent(
  event: NewEvent,
  defaults: Partial<EventMetadata> | undefined,
  now: () => Date,
): CompletedEvent {
  const metadata: EventMetadata = {
    correlationId: randomUUID(),
    causationId: null,
    actor: SYSTEM_ACTOR,
    occurredAt: now().toISOString(),
    schemaVersion: 1,
    ...defaults,
    ...event.metadata,
  } as EventMetadata;
  if (!event.type) throw new Error('Event type is required');
  return { id: event.id ?? randomUUID(), type: event.type, data: event.data ?? {}, metadata };
}

/**
 * The prologue every store's appendToStream runs before it writes: the stream id and at least one event are
 * required, and each event is completed from the append's metadata defaults.
 */
export function prepareAppend(
  streamId: string,
  events: readonly NewEvent[],
  options: AppendOptions,
  now: () => Date,
): CompletedEvent[] {
  if (!streamId) throw new Error('streamId is required');
  if (events.length === 0) throw new Error('appendToStream needs at least one event');
  return events.map((event) => completeEvent(event, options.metadata, now));
}
