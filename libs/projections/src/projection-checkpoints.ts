import type { EntityManager } from '@mikro-orm/postgresql';
import { type Database, quoteIdentifier } from '@inkprint/eventstore-postgresql';
import type { RecordedEvent } from '@inkprint/eventstore';
import type { Projection } from './projection';

/** Each projection's position in the global log, one row per projection, in each read-model schema. */
export const CHECKPOINTS = 'projection_checkpoints';

/** What a projection applies of a batch: the events of its types. */
export type ProjectionWork = ReadonlyArray<{ projection: Projection; relevant: RecordedEvent[] }>;

/** One projection's checkpoint in `schema`; undefined when it has no row (init() not called). */
export async function readCheckpoint(db: Database, schema: string, name: string): Promise<bigint | undefined> {
  const s = quoteIdentifier(schema);
  const [row] = await db.sql.query<{ position: string }>(
    `select position from ${s}.${CHECKPOINTS} where projection = $1`,
    [name],
  );
  return row ? BigInt(row.position) : undefined;
}

/** The checkpoint of each named projection in `schema` (0 when it has none yet). */
export async function readCheckpoints(
  db: Database,
  schema: string,
  names: readonly string[],
): Promise<Map<string, bigint>> {
  const s = quoteIdentifier(schema);
  const rows = await db.sql.query<{ projection: string; position: string }>(
    `select projection, position from ${s}.${CHECKPOINTS} where projection = any($1::text[])`,
    [names as string[]],
  );
  return new Map(names.map((name) => [name, BigInt(rows.find((r) => r.projection === name)?.position ?? '0')]));
}

/**
 * One transaction for projections at the same checkpoint (one, or all of a round), in `schema` (the live one or a
 * rebuild's shadow): their checkpoints claimed (still at `from`, row
 * locks taken) and moved to `next` in one statement, each projection's rows of the batch, one flush. False, with
 * nothing applied, when another runner moved one of them on in between. Throws (nothing applied) when a projection
 * or the database failed.
 */
export async function claimAndApply(
  db: Database,
  schema: string,
  work: ProjectionWork,
  from: bigint,
  next: bigint,
  onBatch?: (projection: string, batch: { events: number; seconds: number }) => void,
): Promise<boolean> {
  const s = quoteIdentifier(schema);
  const names = work.map((w) => w.projection.name);
  const started = process.hrtime.bigint();
  const moved = new Error('moved on by another runner');
  let applied: boolean;
  try {
    applied = await db.em.fork({ schema }).transactional(async (em: EntityManager) => {
      // Claiming first: the update locks the rows and checks them in one statement, before any read-model row.
      const claimed = await em.execute<Array<{ projection: string }>>(
        `update ${s}.${CHECKPOINTS} set position = ?, updated_at = now()
         where projection in (?) and position = ? returning projection`,
        [next.toString(), names, from.toString()],
      );
      // Another runner moved one of them on while we were reading: roll back, the next round re-reads.
      if (claimed.length !== names.length) throw moved;
      for (const { projection, relevant } of work) if (relevant.length > 0) await projection.apply(relevant, em);
      await em.flush();
      return true;
    });
  } catch (error) {
    if (error === moved) return false;
    throw error;
  }
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  for (const { projection, relevant } of work)
    if (relevant.length > 0) onBatch?.(projection.name, { events: relevant.length, seconds });
  return applied;
}

/** Moves checkpoints still at `from` to `next` (events none of them handles); a moved one is left alone. */
export async function advanceCheckpoints(
  db: Database,
  schema: string,
  names: string[],
  from: bigint,
  next: bigint,
): Promise<boolean> {
  const s = quoteIdentifier(schema);
  const moved = await db.sql.query(
    `update ${s}.${CHECKPOINTS} set position = $1, updated_at = now()
     where projection = any($2::text[]) and position = $3 returning projection`,
    [next.toString(), names, from.toString()],
  );
  return moved.length > 0;
}
