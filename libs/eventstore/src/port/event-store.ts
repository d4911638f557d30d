import type { NewEvent, RecordedEvent, EventMetadata } from './event-envelope';

/**
 * Expected version of a stream before an append:
 * - a number: the stream must be at exactly that version (0 = the stream must not exist yet),
 * - 'no_stream': same as 0,
 * - 'stream_exists': the stream must have at least one event,
 * - 'any': no check.
 */
export type ExpectedVersion = number | 'no_stream' | 'stream_exists' | 'any';

export interface AppendOptions {
  expectedVersion: ExpectedVersion;
  /** Defaults for every event's metadata (correlation id, actor...). */
  metadata?: Partial<EventMetadata>;
}

export interface AppendResult {
  /** Version of the stream after the append (= version of its last event). */
  nextExpectedVersion: number;
  /** Global position of the last appended event. */
  lastPosition: bigint;
}

export interface ReadStreamOptions {
  /** First stream version to return (1-based, inclusive). Default 1. */
  fromVersion?: number;
  /** Maximum number of events. Default: all. */
  maxCount?: number;
}

/** The start of the global log, as a checkpoint. */
export const START: bigint = 0n;

export interface EventStore {
  appendToStream(streamId: string, events: readonly NewEvent[], options: AppendOptions): Promise<AppendResult>;
  /** Events of one stream in stream order. An unknown stream reads as empty. */
  readStream(streamId: string, options?: ReadStreamOptions): Promise<RecordedEvent[]>;
  /**
   * Events of several whole streams in one read: for each id, what readStream would give (optional: `readStreams()`
   * in command-handling reads them one by one where a store has no such read).
   */
  readStreams?(streamIds: readonly string[]): Promise<RecordedEvent[][]>;
  /** Current version of a stream (0 when it does not exist). */
  streamVersion(streamId: string): Promise<number>;
  /** Committed events after the checkpoint `fromPosition` (exclusive; START = from the beginning), in log order. */
  readAll(fromPosition: bigint, limit: number): Promise<RecordedEvent[]>;
  /** Number of committed events after a checkpoint (lag of a consumer). */
  countAfter(fromPosition: bigint): Promise<number>;
  /**
   * Whether the event at `position` comes after `checkpoint` in log order, i.e. a consumer whose checkpoint is
   * `checkpoint` has not seen it yet (read-your-writes waits on this).
   */
  isAfter(position: bigint, checkpoint: bigint): Promise<boolean>;
  close(): Promise<void>;
}
