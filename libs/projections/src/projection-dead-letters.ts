import type { EntityManager } from '@mikro-orm/postgresql';
import { type Database, quoteIdentifier } from '@inkprint/eventstore-postgresql';
import type { EventStore, RecordedEvent } from '@inkprint/eventstore';
import type { DeadLetter, Projection } from './projection';
import { CHECKPOINTS } from './projection-checkpoints';

/** Events a projection failed to apply `maxAttempts` times, parked so that it goes on (always in the live schema). */
export const DEAD_LETTERS = 'projection_dead_letters';

/**
 * One transaction: the checkpoint (in `schema`) still at `from`, the dead letter written to the live schema's table
 * (also while a rebuild fills a shadow schema), the checkpoint moved past the event. False when another runner moved
 * the checkpoint on.
 */
export async function parkEvent(
  db: Database,
  where: { schema: string; live: string },
  name: string,
  failed: { event: RecordedEvent; error: string; attempts: number; from: bigint },
  onPark?: (letter: DeadLetter) => void,
): Promise<boolean> {
  const { event, error, attempts, from } = failed;
  const s = quoteIdentifier(where.schema);
  const live = quoteIdentifier(where.live);
  const parked = await db.sql.transaction(async (tx) => {
    const locked = await tx.query<{ position: string }>(
      `select position from ${s}.${CHECKPOINTS} where projection = $1 for update`,
      [name],
    );
    if (locked.length === 0 || BigInt(locked[0].position) !== from) return false;
    await tx.query(
      `insert into ${live}.${DEAD_LETTERS} (projection, position, event_id, event_type, stream_id, error, attempts, parked_at)
       values ($1, $2, $3, $4, $5, $6, $7, now())
       on conflict (projection, position) do update set error = excluded.error, attempts = excluded.attempts, parked_at = now()`,
      [name, event.globalPosition.toString(), event.id, event.type, event.streamId, error, attempts],
    );
    await tx.query(`update ${s}.${CHECKPOINTS} set position = $1, updated_at = now() where projection = $2`, [
      event.globalPosition.toString(),
      name,
    ]);
    return true;
  });
  if (parked) {
    onPark?.({
      projection: name,
      position: event.globalPosition.toString(),
      eventId: event.id,
      eventType: event.type,
      streamId: event.streamId,
      error,
      attempts,
      parkedAt: new Date().toISOString(),
    });
  }
  return parked;
}

/** Events parked by the projections (oldest first), optionally of one projection. */
export async function readDeadLetters(db: Database, live: string, name?: string): Promise<DeadLetter[]> {
  const s = quoteIdentifier(live);
  const rows = await db.sql.query<{
    projection: string;
    position: string;
    event_id: string;
    event_type: string;
    stream_id: string;
    error: string;
    attempts: number;
    parked_at: Date | string;
  }>(
    `select projection, position, event_id, event_type, stream_id, error, attempts, parked_at
     from ${s}.${DEAD_LETTERS} ${name ? 'where projection = $1' : ''} order by position, projection`,
    name ? [name] : [],
  );
  return rows.map((r) => ({
    projection: r.projection,
    position: String(r.position),
    eventId: r.event_id,
    eventType: r.event_type,
    streamId: r.stream_id,
    error: r.error,
    attempts: Number(r.attempts),
    parkedAt: new Date(r.parked_at).toISOString(),
  }));
}

/**
 * Applies a parked event again (after a fix was deployed, say), in one transaction with removing its dead letter;
 * throws, keeping the dead letter, when it still fails. Applied out of log order: fine for the upserts the read
 * models do, which is why this is an operator's decision (`inkprint projections dead-letters --retry`).
 */
export async function retryDeadLetter(
  db: Database,
  store: EventStore,
  live: string,
  projection: Projection,
  eventId: string,
): Promise<void> {
  const name = projection.name;
  const letter = (await readDeadLetters(db, live, name)).find((l) => l.eventId === eventId);
  if (!letter) throw new Error(`No dead letter of ${name} for event ${eventId}`);
  const position = BigInt(letter.position);
  const [event] = await store.readAll(position - 1n, 1);
  if (!event || event.id !== eventId) throw new Error(`Event ${eventId} is no longer at position ${position}`);
  const s = quoteIdentifier(live);
  await db.em.fork({ schema: live }).transactional(async (em: EntityManager) => {
    await projection.apply([event], em);
    await em.flush();
    await em.execute(`delete from ${s}.${DEAD_LETTERS} where projection = ? and event_id = ?`, [name, eventId]);
  });
}

/** Gives up on a parked event for good: its dead letter is removed (the log keeps the event). */
export async function skipDeadLetter(db: Database, live: string, name: string, eventId: string): Promise<void> {
  const s = quoteIdentifier(live);
  const removed = await db.sql.query(
    `delete from ${s}.${DEAD_LETTERS} where projection = $1 and event_id = $2 returning event_id`,
    [name, eventId],
  );
  if (removed.length === 0) throw new Error(`No dead letter of ${name} for event ${eventId}`);
}
