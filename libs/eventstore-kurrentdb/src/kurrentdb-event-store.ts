import {
  ANY,
  FORWARDS,
  KurrentDBClient,
  NO_STREAM,
  START as KURRENT_START,
  STREAM_EXISTS,
  StreamNotFoundError,
  WrongExpectedVersionError,
  excludeSystemEvents,
  jsonEvent,
  type AppendStreamState,
  type ResolvedEvent,
} from '@kurrent/kurrentdb-client';
import {
  type AppendOptions,
  type AppendResult,
  completeEvent,
  type EventMetadata,
  type EventStore,
  type ExpectedVersion,
  type NewEvent,
  type ReadStreamOptions,
  type RecordedEvent,
  StreamVersionConflictError,
  Upcasters,
} from '@inkprint/eventstore';

/**
 * The same port on KurrentDB (EventStoreDB's successor). Stream versions are KurrentDB revisions + 1; the global
 * position is KurrentDB's commit position. Runs the shared contract suite when KURRENTDB_URL is set.
 */
export class KurrentDbEventStore implements EventStore {
  private readonly upcasters: Upcasters;

  constructor(
    private readonly client: KurrentDBClient,
    options: { upcasters?: Upcasters; now?: () => Date } = {},
    private readonly now: () => Date = options.now ?? (() => new Date()),
  ) {
    this.upcasters = options.upcasters ?? new Upcasters();
  }

  static connect(connectionString: string, options: { upcasters?: Upcasters } = {}): KurrentDbEventStore {
    return new KurrentDbEventStore(KurrentDBClient.connectionString(connectionString), options);
  }

  async appendToStream(streamId: string, events: readonly NewEvent[], options: AppendOptions): Promise<AppendResult> {
    if (events.length === 0) throw new Error('appendToStream needs at least one event');
    const completed = events.map((event) => completeEvent(event, options.metadata, this.now));
    try {
      const result = await this.client.appendToStream(
        streamId,
        completed.map((e) =>
          jsonEvent({ id: e.id, type: e.type, data: e.data as never, metadata: e.metadata as never }),
        ),
        { streamState: toStreamState(options.expectedVersion) },
      );
      return {
        nextExpectedVersion: Number(result.nextExpectedRevision) + 1,
        lastPosition: result.position?.commit ?? 0n,
      };
    } catch (error) {
      if (error instanceof WrongExpectedVersionError) {
        const actual = typeof error.actualState === 'bigint' ? Number(error.actualState) + 1 : 0;
        throw new StreamVersionConflictError(streamId, options.expectedVersion, actual);
      }
      throw error;
    }
  }

  async readStream(streamId: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    const events: RecordedEvent[] = [];
    try {
      for await (const resolved of this.client.readStream(streamId, {
        fromRevision: BigInt((options.fromVersion ?? 1) - 1),
        direction: FORWARDS,
        maxCount: options.maxCount ?? Number.MAX_SAFE_INTEGER,
      })) {
        const event = this.toRecorded(resolved);
        if (event) events.push(event);
      }
    } catch (error) {
      if (error instanceof StreamNotFoundError) return [];
      throw error;
    }
    return events;
  }

  async streamVersion(streamId: string): Promise<number> {
    try {
      for await (const resolved of this.client.readStream(streamId, {
        fromRevision: 'end',
        direction: 'backwards',
        maxCount: 1,
      })) {
        if (resolved.event) return Number(resolved.event.revision) + 1;
      }
    } catch (error) {
      if (error instanceof StreamNotFoundError) return 0;
      throw error;
    }
    return 0;
  }

  async readAll(fromPosition: bigint, limit: number): Promise<RecordedEvent[]> {
    const events: RecordedEvent[] = [];
    const from = fromPosition === 0n ? KURRENT_START : { commit: fromPosition, prepare: fromPosition };
    for await (const resolved of this.client.readAll({
      fromPosition: from,
      direction: FORWARDS,
      maxCount: limit + 1,
      filter: excludeSystemEvents(),
    })) {
      const event = this.toRecorded(resolved);
      // KurrentDB reads from a position inclusively; our checkpoints are exclusive.
      if (!event || event.globalPosition <= fromPosition) continue;
      events.push(event);
      if (events.length === limit) break;
    }
    return events;
  }

  async countAfter(fromPosition: bigint): Promise<number> {
    let count = 0;
    for (let position = fromPosition; ;) {
      const page = await this.readAll(position, 1000);
      if (page.length === 0) return count;
      count += page.length;
      position = page[page.length - 1].globalPosition;
    }
  }

  /** KurrentDB's commit positions grow in log order. */
  async isAfter(position: bigint, checkpoint: bigint): Promise<boolean> {
    return position > checkpoint;
  }

  async close(): Promise<void> {
    await this.client.dispose();
  }

  private toRecorded(resolved: ResolvedEvent): RecordedEvent | undefined {
    const event = resolved.event;
    if (!event || !event.isJson || event.streamId.startsWith('$')) return undefined;
    const metadata = event.metadata as unknown as EventMetadata;
    return this.upcasters.apply({
      id: event.id,
      type: event.type,
      data: event.data,
      metadata: { ...metadata, schemaVersion: metadata?.schemaVersion ?? 1 },
      streamId: event.streamId,
      streamVersion: Number(event.revision) + 1,
      globalPosition: event.position?.commit ?? resolved.commitPosition ?? 0n,
      recordedAt: new Date(event.created).toISOString(),
    });
  }
}

function toStreamState(expected: ExpectedVersion): AppendStreamState {
  if (expected === 'any') return ANY;
  if (expected === 'no_stream' || expected === 0) return NO_STREAM;
  if (expected === 'stream_exists') return STREAM_EXISTS;
  return BigInt(expected - 1);
}
