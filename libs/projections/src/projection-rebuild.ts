import type { EntityManager } from '@mikro-orm/postgresql';
import { type Database, quoteIdentifier } from '@inkprint/eventstore-postgresql';
import type { Projection } from './projection';
import { CHECKPOINTS } from './projection-checkpoints';
import { DEAD_LETTERS } from './projection-dead-letters';

/**
 * Creates a read-model schema (the live one, or a rebuild's shadow): the checkpoint and dead-letter tables, a
 * checkpoint row at 0 for each projection (of `only`, when given), and the read-model tables MikroORM's metadata
 * describes (safe DDL: nothing dropped). One schema change at a time, across processes.
 */
export async function prepareSchema(
  db: Database,
  schema: string,
  projections: readonly Projection[],
  only?: string[],
): Promise<void> {
  const s = quoteIdentifier(schema);
  await db.sql.transaction(async (tx) => {
    await tx.query(`select pg_advisory_xact_lock(hashtext('inkprint:read-model-schema'))`);
    await tx.query(`create schema if not exists ${s}`);
    await tx.query(`create table if not exists ${s}.${CHECKPOINTS} (
      projection text primary key,
      position bigint not null default 0,
      updated_at timestamptz)`);
    await tx.query(`create table if not exists ${s}.${DEAD_LETTERS} (
      projection text not null,
      position bigint not null,
      event_id text not null,
      event_type text not null,
      stream_id text not null,
      error text not null,
      attempts integer not null,
      parked_at timestamptz not null,
      primary key (projection, position))`);
    for (const projection of projections) {
      if (only && !only.includes(projection.name)) continue;
      await tx.query(`insert into ${s}.${CHECKPOINTS} (projection, position) values ($1, 0) on conflict do nothing`, [
        projection.name,
      ]);
    }
  });
  const ddl = await db.orm.schema.getUpdateSchemaSQL({ schema, safe: true, dropTables: false, wrap: false });
  if (ddl.trim()) await db.orm.schema.execute(ddl);
}

/** A fresh shadow schema's name for rebuilding `name`. */
export const shadowSchemaFor = (name: string): string =>
  `rb_${name.replace(/[^a-z0-9_]/g, '_').slice(0, 40)}_${Date.now().toString(36)}`;

/**
 * Swaps a rebuilt projection's tables in from the shadow schema, with the shadow checkpoint, in one transaction. Live
 * reads keep working on the old tables until then.
 */
export async function swapInShadow(db: Database, projection: Projection, live: string, shadow: string): Promise<void> {
  const name = projection.name;
  const l = quoteIdentifier(live);
  const sh = quoteIdentifier(shadow);
  const tables = tablesOf(db, projection);
  await db.em.fork().transactional(async (em: EntityManager) => {
    // Holding the live checkpoint row keeps the live runner out while tables move.
    await em.execute(`select position from ${l}.${CHECKPOINTS} where projection = ? for update`, [name]);
    for (const table of tables) {
      await em.execute(`drop table if exists ${l}.${quoteIdentifier(table)} cascade`);
      await em.execute(`alter table ${sh}.${quoteIdentifier(table)} set schema ${l}`);
    }
    await em.execute(
      `update ${l}.${CHECKPOINTS} set position = (select position from ${sh}.${CHECKPOINTS} where projection = ?), updated_at = now()
       where projection = ?`,
      [name, name],
    );
  });
}

export async function dropSchema(db: Database, schema: string): Promise<void> {
  await db.sql.query(`drop schema if exists ${quoteIdentifier(schema)} cascade`);
}

function tablesOf(db: Database, projection: Projection): string[] {
  const metadata = db.orm.getMetadata();
  return projection.entities.map((entity) => {
    const name = typeof entity === 'function' ? entity.name : entity.meta.className;
    return metadata.get(name).tableName;
  });
}
