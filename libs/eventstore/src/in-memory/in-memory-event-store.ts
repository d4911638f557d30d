import type { NewEvent, RecordedEvent } from '../port/event-envelope';
import { StreamVersionConflictError } from '../port/errors';
import type { AppendOptions, AppendResult, EventStore, ReadStreamOptions } from '../port/event-store';
import { prepareAppend } from '../metadata';
import { Upcasters } from '../upcasting';

export interface InMemoryEventStoreOptions {
  /** Time of events' `occurredAt` / `recordedAt` defaults (a test clock). */
  now?: () => Date;
  upcasters?: Upcasters;
}

/**
 * The event store in memory: the same contract as PostgreSQL (expected versions, atomic batches, unique event ids,
 * one global log in commit order), for handler tests that run without a database. Appends are atomic because they
 * never await between the version check and the write.
 */
export class InMemoryEventStore implements EventStore {
  private readonly log: RecordedEvent[] = [];
  private readonly streams = new Map<string, RecordedEvent[]>();
  private readonly ids = new Set<string>();
  private readonly now: () => Date;
  private readonly upcasters: Upcasters;

  constructor(options: InMemoryEventStoreOptions = {}) {
    this.now = options.now ?? (() => new Date());
    this.upcasters = options.upcasters ?? new Upcasters();
  }

  async appendToStream(streamId: string, events: readonly NewEvent[], options: AppendOptions): Promise<AppendResult> {
    const completed = prepareAppend(streamId, events, options, this.now);
    const stream = this.streams.get(streamId) ?? [];
    const actual = stream.length;
    const expected = options.expectedVersion;
    const ok =
      expected === 'any' ||
      ((expected === 'no_stream' || expected === 0) && actual === 0) ||
      (expected === 'stream_exists' && actual > 0) ||
      (typeof expected === 'number' && expected > 0 && expected === actual);
    if (typeof expected === 'number' && (!Number.isInteger(expected) || expected < 0))
      throw new Error(`Invalid expected version ${expected}`);
    if (!ok) throw new StreamVersionConflictError(streamId, expected, actual);
    const seen = new Set<string>();
    for (const event of completed) {
      if (this.ids.has(event.id) || seen.has(event.id)) throw new Error(`Event ${event.id} is already stored`);
      seen.add(event.id);
    }
    const recordedAt = this.now().toISOString();
    const recorded = completed.map((event, i): RecordedEvent => ({
      ...structuredClone(event),
      streamId,
      streamVersion: actual + i + 1,
      globalPosition: BigInt(this.log.length + i + 1),
      recordedAt,
    }));
    for (const event of recorded) this.ids.add(event.id);
    this.log.push(...recorded);
    this.streams.set(streamId, [...stream, ...recorded]);
    return {
      nextExpectedVersion: actual + recorded.length,
      lastPosition: recorded[recorded.length - 1].globalPosition,
    };
  }

  async readStream(streamId: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    const from = options.fromVersion ?? 1;
    const events = (this.streams.get(streamId) ?? []).filter((e) => e.streamVersion >= from);
    return this.copy(options.maxCount === undefined ? events : events.slice(0, options.maxCount));
  }

  async streamVersion(streamId: string): Promise<number> {
    return this.streams.get(streamId)?.length ?? 0;
  }

  async readAll(fromPosition: bigint, limit: number): Promise<RecordedEvent[]> {
    if (!Number.isInteger(limit) || limit <= 0) throw new Error('limit must be a positive integer');
    return this.copy(this.log.slice(Number(fromPosition), Number(fromPosition) + limit));
  }

  async countAfter(fromPosition: bigint): Promise<number> {
    return Math.max(0, this.log.length - Number(fromPosition));
  }

  async isAfter(position: bigint, checkpoint: bigint): Promise<boolean> {
    return position > checkpoint;
  }

  /** Every event in log order (for then-assertions in tests). */
  all(): RecordedEvent[] {
    return this.copy(this.log);
  }

  async close(): Promise<void> {}

  private copy(events: RecordedEvent[]): RecordedEvent[] {
    return events.map((e) => this.upcasters.apply(structuredClone(e)));
  }
}
