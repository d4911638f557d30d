import {
  type AppendOptions,
  type AppendResult,
  type EventMetadata,
  type EventStore,
  type NewEvent,
  prepareAppend,
  type ReadStreamOptions,
  type RecordedEvent,
  StreamVersionConflictError,
  Upcasters,
} from '@inkprint/eventstore';
import type { SqlClient } from '../sql/sql-client';
import { EventStoreTables, ensureEventStoreSchema } from './schema';

export interface PostgresEventStoreOptions {
  /** PostgreSQL schema holding the tables (default `public`); tests use one schema per spec file. */
  schema?: string;
  upcasters?: Upcasters;
  now?: () => Date;
}

interface EventRow {
  global_position: string;
  event_id: string;
  stream_id: string;
  stream_version: string;
  event_type: string;
  data: unknown;
  metadata: EventMetadata;
  schema_version: number;
  recorded_at: Date | string;
}

const EVENT_COLUMNS =
  'e.global_position, e.event_id, e.stream_id, e.stream_version, e.event_type, e.data, e.metadata, e.schema_version, e.recorded_at';

/**
 * Event store on PostgreSQL (also embedded PGlite: same SQL).
 *
 * An append is one statement: it claims the new stream version with a conditional write on `es_streams` (row lock =
 * exactly one winner per version) and inserts all events in the same statement. The global log is read in commit order
 * `(transaction_id, global_position)` and only up to the oldest transaction still in flight, so a reader never
 * passes a row that a slower concurrent transaction will commit later.
 */
export class PostgresEventStore implements EventStore {
  readonly tables: EventStoreTables;
  private readonly upcasters: Upcasters;
  private readonly now: () => Date;

  private constructor(
    private readonly sql: SqlClient,
    options: PostgresEventStoreOptions,
  ) {
    this.tables = new EventStoreTables(options.schema);
    this.upcasters = options.upcasters ?? new Upcasters();
    this.now = options.now ?? (() => new Date());
  }

  /** Creates the tables when missing, then returns the store. */
  static async create(sql: SqlClient, options: PostgresEventStoreOptions = {}): Promise<PostgresEventStore> {
    const store = PostgresEventStore.on(sql, options);
    await ensureEventStoreSchema(sql, store.tables);
    return store;
  }

  /** A store over existing tables, e.g. bound to an open transaction so appends join it. */
  static on(sql: SqlClient, options: PostgresEventStoreOptions = {}): PostgresEventStore {
    return new PostgresEventStore(sql, options);
  }

  async appendToStream(streamId: string, events: readonly NewEvent[], options: AppendOptions): Promise<AppendResult> {
    const completed = prepareAppend(streamId, events, options, this.now);
    const count = completed.length;
    const t = this.tables;

    const expected = options.expectedVersion;
    let claim: string;
    let params: unknown[];
    // The claim of the new stream version ($1 stream, $2 count): one conditional statement on es_streams whose row
    // lock gives exactly one winner per version.
    if (expected === 'any') {
      claim = `insert into ${t.streams} as s (stream_id, version) values ($1, $2)
               on conflict (stream_id) do update set version = s.version + excluded.version returning version`;
      params = [streamId, count];
    } else if (expected === 'no_stream' || expected === 0) {
      claim = `insert into ${t.streams} (stream_id, version) values ($1, $2) on conflict do nothing returning version`;
      params = [streamId, count];
    } else if (expected === 'stream_exists') {
      claim = `update ${t.streams} set version = version + $2 where stream_id = $1 and version > 0 returning version`;
      params = [streamId, count];
    } else {
      if (!Number.isInteger(expected) || expected < 0) throw new Error(`Invalid expected version ${expected}`);
      claim = `update ${t.streams} set version = version + $2 where stream_id = $1 and version = $4 returning version`;
      params = [streamId, count, null, expected];
    }
    params[2] = JSON.stringify(
      completed.map((e) => ({
        id: e.id,
        type: e.type,
        data: e.data,
        metadata: e.metadata,
        schemaVersion: e.metadata.schemaVersion,
        occurredAt: e.metadata.occurredAt,
      })),
    );
    // Claim and events in ONE statement (one round trip, atomic on its own or inside a caller's transaction): the
    // events are inserted only when the claim returned the new version; none when another writer got there first.
    const rows = await this.sql.query<{ version: string; last: string | null }>(
      `with claimed as (${claim}),
       inserted as (
         insert into ${t.events} (event_id, stream_id, stream_version, event_type, data, metadata, schema_version, occurred_at)
         select (x.e->>'id')::uuid, $1, c.version - $2 + x.ord, x.e->>'type', x.e->'data', x.e->'metadata',
                (x.e->>'schemaVersion')::int, (x.e->>'occurredAt')::timestamptz
         from claimed c, jsonb_array_elements($3::jsonb) with ordinality as x(e, ord)
         returning global_position)
       select c.version::text as version, (select max(global_position)::text from inserted) as last from claimed c`,
      params,
    );
    if (rows.length === 0) {
      const actual = await this.sql.query<{ version: string }>(
        `select version from ${t.streams} where stream_id = $1`,
        [streamId],
      );
      throw new StreamVersionConflictError(streamId, expected, actual.length ? Number(actual[0].version) : 0);
    }
    return { nextExpectedVersion: Number(rows[0].version), lastPosition: BigInt(rows[0].last!) };
  }

  async readStream(streamId: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    const rows = await this.sql.query<EventRow>(
      `select ${EVENT_COLUMNS} from ${this.tables.events} e
       where e.stream_id = $1 and e.stream_version >= $2
       order by e.stream_version
       limit $3`,
      [streamId, options.fromVersion ?? 1, options.maxCount ?? null],
    );
    return rows.map((row) => this.toRecorded(row));
  }

  /** Several whole streams in one statement. */
  async readStreams(streamIds: readonly string[]): Promise<RecordedEvent[][]> {
    const rows = await this.sql.query<EventRow>(
      `select ${EVENT_COLUMNS} from ${this.tables.events} e
       where e.stream_id = any($1::text[])
       order by e.stream_id, e.stream_version`,
      [streamIds as string[]],
    );
    const byStream = new Map<string, RecordedEvent[]>(streamIds.map((id) => [id, []]));
    for (const row of rows) byStream.get(row.stream_id)?.push(this.toRecorded(row));
    return streamIds.map((id) => byStream.get(id)!);
  }

  async streamVersion(streamId: string): Promise<number> {
    const rows = await this.sql.query<{ version: string }>(
      `select version from ${this.tables.streams} where stream_id = $1`,
      [streamId],
    );
    return rows.length ? Number(rows[0].version) : 0;
  }

  async readAll(fromPosition: bigint, limit: number): Promise<RecordedEvent[]> {
    if (!Number.isInteger(limit) || limit <= 0) throw new Error('limit must be a positive integer');
    const rows = await this.sql.query<EventRow>(
      `select ${EVENT_COLUMNS} from ${this.tables.events} e
       where ${this.afterCheckpoint('$1')}
       order by e.transaction_id, e.global_position
       limit $2`,
      [fromPosition.toString(), limit],
    );
    return rows.map((row) => this.toRecorded(row));
  }

  async countAfter(fromPosition: bigint): Promise<number> {
    const rows = await this.sql.query<{ n: string }>(
      `select count(*)::text as n from ${this.tables.events} e where ${this.afterCheckpoint('$1')}`,
      [fromPosition.toString()],
    );
    return Number(rows[0].n);
  }

  async isAfter(position: bigint, checkpoint: bigint): Promise<boolean> {
    if (position <= 0n) return false;
    if (checkpoint <= 0n) return true;
    // Log order is commit order (transaction id, then position): compare the two events' places in it.
    const rows = await this.sql.query<{ after: boolean }>(
      `select (p.transaction_id, p.global_position) > (c.transaction_id, c.global_position) as after
         from ${this.tables.events} p, ${this.tables.events} c
        where p.global_position = $1::bigint and c.global_position = $2::bigint`,
      [position.toString(), checkpoint.toString()],
    );
    return rows.length === 0 ? position > checkpoint : rows[0].after;
  }

  /** Highest global position committed so far (0 when empty). */
  async headPosition(): Promise<bigint> {
    const rows = await this.sql.query<{ p: string | null }>(
      `select max(global_position)::text as p from ${this.tables.events}`,
    );
    return BigInt(rows[0].p ?? '0');
  }

  async close(): Promise<void> {
    // The SqlClient belongs to the caller (shared with the read models).
  }

  /** Rows after the checkpoint event in commit order, excluding transactions that may still be in flight. */
  private afterCheckpoint(param: string): string {
    const t = this.tables;
    return `(e.transaction_id, e.global_position) > (
              coalesce((select c.transaction_id from ${t.events} c where c.global_position = ${param}::bigint), '0'::xid8),
              ${param}::bigint)
            and e.transaction_id < pg_snapshot_xmin(pg_current_snapshot())`;
  }

  private toRecorded(row: EventRow): RecordedEvent {
    const metadata = { ...row.metadata, schemaVersion: row.schema_version };
    return this.upcasters.apply({
      id: row.event_id,
      type: row.event_type,
      data: row.data,
      metadata,
      streamId: row.stream_id,
      streamVersion: Number(row.stream_version),
      globalPosition: BigInt(row.global_position),
      recordedAt: new Date(row.recorded_at).toISOString(),
    });
  }
}
