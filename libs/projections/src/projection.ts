import type { EntityClass, EntitySchema } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { RecordedEvent } from '@inkprint/eventstore';

/**
 * A read model fed by the global event log. Its entities must be declared with `schema: '*'` so the runner can
 * write them into the live schema or, during a rebuild, into a shadow schema.
 */
export interface Projection {
  readonly name: string;
  readonly entities: ReadonlyArray<EntityClass<object> | EntitySchema>;
  /** Event types it reacts to; other events only advance its checkpoint. */
  readonly eventTypes: readonly string[];
  /** Applies events in log order inside the batch transaction (the runner flushes and commits with the checkpoint). */
  apply(events: readonly RecordedEvent[], em: EntityManager): Promise<void>;
}

export interface ProjectionStatus {
  name: string;
  position: string;
  lag: number;
  updatedAt: string | null;
}

/** An event a projection could not apply, parked so the projection could go on (ProjectionRunner.deadLetters). */
export interface DeadLetter {
  projection: string;
  /** Global position of the event in the log. */
  position: string;
  eventId: string;
  eventType: string;
  streamId: string;
  /** Error class, SQLSTATE and the database's sentence: never the statement or its values. */
  error: string;
  attempts: number;
  parkedAt: string;
}
