import type { RecordedEvent } from '@inkprint/eventstore';

/** Default Kafka topic of the domain event stream for data teams. */
export const DOMAIN_EVENTS_TOPIC = 'inkprint.domain-events';

/** The JSON value of a message on the domain event topic (documented in docs/domain-events.md). */
export interface DomainEventMessage {
  /** Event id (UUID): consumers dedupe on it. */
  id: string;
  type: string;
  streamId: string;
  /** 1-based version of the event inside its stream. */
  streamVersion: number;
  /** Position in the global log, as a decimal string (a 64-bit integer does not fit a JSON number). */
  globalPosition: string;
  data: unknown;
  metadata: RecordedEvent['metadata'];
  schemaVersion: number;
  /** ISO-8601 time the event was committed. */
  recordedAt: string;
}

export const DOMAIN_EVENT_HEADERS = {
  eventId: 'event-id',
  eventType: 'event-type',
  schemaVersion: 'schema-version',
  correlationId: 'correlation-id',
  contentType: 'content-type',
} as const;

export interface OutgoingKafkaMessage {
  key: string;
  value: string;
  headers: Record<string, string>;
}

export function toDomainEventMessage(event: RecordedEvent): DomainEventMessage {
  return {
    id: event.id,
    type: event.type,
    streamId: event.streamId,
    streamVersion: event.streamVersion,
    globalPosition: event.globalPosition.toString(),
    data: event.data,
    metadata: event.metadata,
    schemaVersion: event.metadata.schemaVersion,
    recordedAt: event.recordedAt,
  };
}

/** Key = stream id, so the events of one stream stay in order on one partition. */
export function toKafkaMessage(event: RecordedEvent): OutgoingKafkaMessage {
  const headers: Record<string, string> = {
    [DOMAIN_EVENT_HEADERS.eventId]: event.id,
    [DOMAIN_EVENT_HEADERS.eventType]: event.type,
    [DOMAIN_EVENT_HEADERS.schemaVersion]: String(event.metadata.schemaVersion),
    [DOMAIN_EVENT_HEADERS.contentType]: 'application/json',
  };
  if (event.metadata.correlationId) headers[DOMAIN_EVENT_HEADERS.correlationId] = event.metadata.correlationId;
  return { key: event.streamId, value: JSON.stringify(toDomainEventMessage(event)), headers };
}
