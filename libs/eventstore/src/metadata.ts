import { randomUUID } from 'node:crypto';
import type { EventMetadata, NewEvent } from './port/event-envelope';

export const SYSTEM_ACTOR = { type: 'system', id: 'inkprint' } as const;

/** Fills an event's id and metadata from the append's defaults, then the system defaults. */
export function completeEvent(
  event: NewEvent,
  defaults: Partial<EventMetadata> | undefined,
  now: () => Date,
): { id: string; type: string; data: unknown; metadata: EventMetadata } {
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
