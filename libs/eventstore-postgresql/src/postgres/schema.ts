import type { SqlClient } from '../sql/sql-client';
import { quoteIdentifier } from '../sql/identifiers';

/** Table names of the event store inside one PostgreSQL schema. */
export class EventStoreTables {
  readonly schema: string;
  readonly events: string;
  readonly streams: string;
  readonly checkpoints: string;

  constructor(schema = 'public') {
    this.schema = quoteIdentifier(schema);
    this.events = `${this.schema}.es_events`;
    this.streams = `${this.schema}.es_streams`;
    this.checkpoints = `${this.schema}.es_checkpoints`;
  }
}

/**
 * Creates the event store tables (idempotent). `transaction_id` records the writing transaction so readers of the
 * global log can skip rows of transactions still in flight (see readAll).
 */
export async function ensureEventStoreSchema(sql: SqlClient, tables: EventStoreTables): Promise<void> {
  await sql.transaction(async (tx) => {
    // Serialises concurrent first starts (two processes creating the schema at once).
    await tx.query(`select pg_advisory_xact_lock(hashtext('inkprint:event-store-schema'))`);
    await tx.query(`create schema if not exists ${tables.schema}`);
    await tx.query(`
      create table if not exists ${tables.streams} (
        stream_id text primary key,
        version bigint not null check (version >= 0)
      )`);
    await tx.query(`
      create table if not exists ${tables.events} (
        global_position bigint generated always as identity primary key,
        transaction_id xid8 not null default pg_current_xact_id(),
        event_id uuid not null unique,
        stream_id text not null,
        stream_version bigint not null,
        event_type text not null,
        data jsonb not null,
        metadata jsonb not null,
        schema_version integer not null default 1,
        occurred_at timestamptz not null,
        recorded_at timestamptz not null default now(),
        unique (stream_id, stream_version)
      )`);
    await tx.query(
      `create index if not exists es_events_log_order on ${tables.events} (transaction_id, global_position)`,
    );
    await tx.query(`
      create table if not exists ${tables.checkpoints} (
        consumer text primary key,
        position bigint not null,
        updated_at timestamptz not null default now()
      )`);
  });
}
