import type { RecordedEvent } from './event-envelope';

/** Where a consumer of the global log keeps its position. */
export interface CheckpointStore {
  load(consumer: string): Promise<bigint>;
  save(consumer: string, position: bigint): Promise<void>;
}

export interface LogConsumer {
  /** Handles a batch in log order; return when the batch is durably processed. */
  handle(events: readonly RecordedEvent[]): Promise<void>;
}
