/** Who caused an event. */
export type Actor =
  | { type: 'user'; id: string }
  | { type: 'guest'; id: string }
  | { type: 'admin'; id: string }
  | { type: 'system'; id: string };

export interface EventMetadata {
  /** Groups every event caused by one request or job. */
  correlationId: string;
  /** Id of the message (command or event) that directly caused this one. */
  causationId: string | null;
  actor: Actor;
  /** ISO-8601 time the business fact happened. */
  occurredAt: string;
  /** Version of the event's data schema; old versions are upcast on read. */
  schemaVersion: number;
  /** Extra, free-form tags (client address, user agent...). */
  [extra: string]: unknown;
}

/** An event to append. `id` defaults to a fresh UUID; metadata fields default from the append context. */
export interface NewEvent<Type extends string = string, Data = unknown> {
  id?: string;
  type: Type;
  data: Data;
  metadata?: Partial<EventMetadata>;
}

/** An event as stored in the log. */
export interface RecordedEvent<Type extends string = string, Data = unknown> {
  id: string;
  type: Type;
  data: Data;
  metadata: EventMetadata;
  streamId: string;
  /** 1-based position of the event inside its stream. */
  streamVersion: number;
  /**
   * Position in the global log. Use it as an opaque checkpoint: `readAll(position)` returns the events committed
   * after this one. The PostgreSQL store orders the log by commit (transaction id) so positions are not
   * necessarily increasing in read order.
   */
  globalPosition: bigint;
  recordedAt: string;
}
