import { type Database, quoteIdentifier } from '@inkprint/eventstore-postgresql';
import type { EventStore } from '@inkprint/eventstore';
import type { Projection, ProjectionStatus } from './projection';
import { CHECKPOINTS } from './projection-checkpoints';

/** Each projection's checkpoint, how many events of the log lie after it, and when it last moved. */
export async function projectionStatus(
  db: Database,
  store: EventStore,
  schema: string,
  projections: readonly Projection[],
): Promise<ProjectionStatus[]> {
  const s = quoteIdentifier(schema);
  const rows = await db.sql.query<{ projection: string; position: string; updated_at: Date | null }>(
    `select projection, position, updated_at from ${s}.${CHECKPOINTS} order by projection`,
  );
  const result: ProjectionStatus[] = [];
  for (const projection of projections) {
    const row = rows.find((r) => r.projection === projection.name);
    const position = row ? BigInt(row.position) : 0n;
    result.push({
      name: projection.name,
      position: position.toString(),
      lag: await store.countAfter(position),
      updatedAt: row?.updated_at ? new Date(row.updated_at).toISOString() : null,
    });
  }
  return result;
}
