import type { CheckpointStore } from '@inkprint/eventstore';
import type { SqlClient } from '../sql/sql-client';
import type { EventStoreTables } from './schema';

/** Consumer checkpoints in `es_checkpoints` (used by the Kafka relay and pollers outside a read-model transaction). */
export class PostgresCheckpointStore implements CheckpointStore {
  constructor(
    private readonly sql: SqlClient,
    private readonly tables: EventStoreTables,
  ) {}

  async load(consumer: string): Promise<bigint> {
    return loadCheckpoint(this.sql, this.tables, consumer);
  }

  async save(consumer: string, position: bigint): Promise<void> {
    await saveCheckpoint(this.sql, this.tables, consumer, position);
  }
}

export async function loadCheckpoint(sql: SqlClient, tables: EventStoreTables, consumer: string): Promise<bigint> {
  const rows = await sql.query<{ position: string }>(`select position from ${tables.checkpoints} where consumer = $1`, [
    consumer,
  ]);
  return rows.length ? BigInt(rows[0].position) : 0n;
}

export async function saveCheckpoint(
  sql: SqlClient,
  tables: EventStoreTables,
  consumer: string,
  position: bigint,
): Promise<void> {
  await sql.query(
    `insert into ${tables.checkpoints} (consumer, position) values ($1, $2)
     on conflict (consumer) do update set position = excluded.position, updated_at = now()`,
    [consumer, position.toString()],
  );
}
