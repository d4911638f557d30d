import type { EntityManager } from '@mikro-orm/postgresql';
import { type Database, quoteIdentifier } from '@inkprint/eventstore-postgresql';
import { type EventStore, PollingLoop, type RecordedEvent } from '@inkprint/eventstore';
import type { DeadLetter, Projection, ProjectionStatus } from './projection';
import { describeFailure, isTransientFailure } from './projection-failure';

export interface ProjectionRunnerOptions {
  /** PostgreSQL schema of the live read models (default `read_model`). */
  schema?: string;
  batchSize?: number;
  pollIntervalMs?: number;
  /**
   * Pause after a round that applied something before the next (default 0; `wake()` cuts it short): under a steady
   * stream of requests each round then takes more of them, in the same number of statements.
   */
  settleMs?: number;
  onError?: (projection: string, error: unknown) => void;
  /** After each batch a projection applied (its events, committed with the checkpoint): for metrics. */
  onBatch?: (projection: string, batch: { events: number; seconds: number }) => void;
  /** An event the projection failed to apply `maxAttempts` times was parked and the projection went on. */
  onPark?: (letter: DeadLetter) => void;
  /** Failed attempts at one event (transient database failures not counted) before it is parked (default 3). */
  maxAttempts?: number;
}

const CHECKPOINTS = 'projection_checkpoints';
/**
 * How long the loop goes on from the checkpoints its own rounds left, without reading them again. A checkpoint moved
 * by someone else is caught sooner by the claim (which needs the exact position); this bounds the one case the claim
 * cannot see: a rebuild elsewhere moving a checkpoint back while no new event arrives.
 */
const CHECKPOINTS_KNOWN_MS = 1_000;
const DEAD_LETTERS = 'projection_dead_letters';

/**
 * Runs projections over the global log. Each batch is one transaction holding the read-model rows AND the new
 * checkpoint, with the checkpoint row claimed first: a crash rolls both back, and two runners never apply a batch twice.
 */
export class ProjectionRunner {
  readonly schema: string;
  private readonly batchSize: number;
  private readonly byName = new Map<string, Projection>();
  private readonly polling: PollingLoop;
  private readonly maxAttempts: number;
  /** Where a projection (per schema) failed: its checkpoint then, and the failed attempts at one event. */
  private readonly failures = new Map<string, { from: bigint; position: bigint; attempts: number }>();
  /** The live checkpoints as the loop's last clean round left them, and when they were last read from the table. */
  private known?: { positions: Map<string, bigint>; readAt: number };

  constructor(
    private readonly db: Database,
    private readonly store: EventStore,
    projections: readonly Projection[],
    private readonly options: ProjectionRunnerOptions = {},
  ) {
    this.schema = options.schema ?? 'read_model';
    quoteIdentifier(this.schema);
    this.batchSize = options.batchSize ?? 500;
    this.maxAttempts = Math.max(1, options.maxAttempts ?? 3);
    this.polling = new PollingLoop(() => this.processAllOnce(), options.pollIntervalMs ?? 250, options.settleMs ?? 0);
    for (const projection of projections) {
      if (this.byName.has(projection.name)) throw new Error(`Duplicate projection ${projection.name}`);
      this.byName.set(projection.name, projection);
    }
  }

  get projections(): Projection[] {
    return [...this.byName.values()];
  }

  projection(name: string): Projection {
    const projection = this.byName.get(name);
    if (!projection)
      throw new Error(`Unknown projection "${name}". Known: ${[...this.byName.keys()].join(', ') || 'none'}`);
    return projection;
  }

  /** Creates the live schema, read-model tables and checkpoint rows. */
  async init(): Promise<void> {
    this.known = undefined;
    await this.prepareSchema(this.schema);
  }

  /** Applies at most one batch to one projection; returns the number of log events consumed. */
  async processBatch(name: string, schema = this.schema): Promise<number> {
    const projection = this.projection(name);
    this.known = undefined;
    const s = quoteIdentifier(schema);
    const [row] = await this.db.sql.query<{ position: string }>(
      `select position from ${s}.${CHECKPOINTS} where projection = $1`,
      [name],
    );
    if (!row) throw new Error(`Projection ${name} has no checkpoint in schema ${schema}: call init() first`);
    const from = BigInt(row.position);
    const events = await this.store.readAll(from, this.batchSize);
    if (events.length === 0) return 0;
    const relevant = events.filter((event) => projection.eventTypes.includes(event.type));
    const next = events[events.length - 1].globalPosition;

    const applied =
      relevant.length > 0
        ? await this.applyOrPark(projection, relevant, from, next, schema)
        : await this.advance([name], from, next, schema);
    return applied ? events.length : 0;
  }

  /**
   * Applies a batch. After a batch failed, the next attempt from the same checkpoint applies its events one by one,
   * so that the good ones land and the one that fails is found. An event that fails `maxAttempts` times (over
   * successive rounds; transient database failures do not count) is parked in the dead-letter table with its id and
   * a description of the error, and the projection goes on past it, instead of stalling every read model behind one
   * event it cannot apply. A failure below the limit is rethrown: the next round retries from the last good event.
   */
  private async applyOrPark(
    projection: Projection,
    relevant: RecordedEvent[],
    from: bigint,
    next: bigint,
    schema = this.schema,
  ): Promise<boolean> {
    const key = `${schema}/${projection.name}`;
    const stuck = this.failures.get(key);
    if (!stuck || stuck.from !== from) {
      try {
        const applied = await this.applyBatch(projection, relevant, from, next, schema);
        this.failures.delete(key);
        return applied;
      } catch (error) {
        if (!isTransientFailure(error)) this.failures.set(key, { from, position: -1n, attempts: 0 });
        throw error;
      }
    }
    let at = from;
    for (const event of relevant) {
      try {
        if (!(await this.applyBatch(projection, [event], at, event.globalPosition, schema))) return at !== from;
      } catch (error) {
        if (isTransientFailure(error)) throw error;
        const seen = this.failures.get(key);
        const attempts = seen?.position === event.globalPosition ? seen.attempts + 1 : 1;
        if (attempts < this.maxAttempts) {
          this.failures.set(key, { from: at, position: event.globalPosition, attempts });
          throw error;
        }
        if (!(await this.park(projection.name, event, describeFailure(error), attempts, at, schema)))
          return at !== from;
      }
      at = event.globalPosition;
    }
    this.failures.delete(key);
    return at === next ? true : (await this.advance([projection.name], at, next, schema)) || at !== from;
  }

  /** One transaction: the checkpoint still at `from`, the dead letter written, the checkpoint moved past the event. */
  private async park(
    name: string,
    event: RecordedEvent,
    error: string,
    attempts: number,
    from: bigint,
    schema = this.schema,
  ): Promise<boolean> {
    const s = quoteIdentifier(schema);
    // Dead letters always go to the live schema's table, also while a rebuild fills a shadow schema.
    const live = quoteIdentifier(this.schema);
    const parked = await this.db.sql.transaction(async (tx) => {
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
      this.options.onPark?.({
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
  async deadLetters(name?: string): Promise<DeadLetter[]> {
    const s = quoteIdentifier(this.schema);
    const rows = await this.db.sql.query<{
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
  async retryDeadLetter(name: string, eventId: string): Promise<void> {
    const projection = this.projection(name);
    const letter = (await this.deadLetters(name)).find((l) => l.eventId === eventId);
    if (!letter) throw new Error(`No dead letter of ${name} for event ${eventId}`);
    const position = BigInt(letter.position);
    const [event] = await this.store.readAll(position - 1n, 1);
    if (!event || event.id !== eventId) throw new Error(`Event ${eventId} is no longer at position ${position}`);
    const s = quoteIdentifier(this.schema);
    await this.db.em.fork({ schema: this.schema }).transactional(async (em: EntityManager) => {
      await projection.apply([event], em);
      await em.flush();
      await em.execute(`delete from ${s}.${DEAD_LETTERS} where projection = ? and event_id = ?`, [name, eventId]);
    });
  }

  /** Gives up on a parked event for good: its dead letter is removed (the log keeps the event). */
  async skipDeadLetter(name: string, eventId: string): Promise<void> {
    this.projection(name);
    const s = quoteIdentifier(this.schema);
    const removed = await this.db.sql.query(
      `delete from ${s}.${DEAD_LETTERS} where projection = $1 and event_id = $2 returning event_id`,
      [name, eventId],
    );
    if (removed.length === 0) throw new Error(`No dead letter of ${name} for event ${eventId}`);
  }

  /** One projection's batch in one transaction (applyRound of one): false when another runner moved it on. */
  private applyBatch(
    projection: Projection,
    relevant: RecordedEvent[],
    from: bigint,
    next: bigint,
    schema = this.schema,
  ): Promise<boolean> {
    return this.applyRound([{ projection, relevant }], from, next, schema);
  }

  /** Processes batches until the projection has consumed every committed event. */
  async catchUp(name: string, schema = this.schema): Promise<number> {
    let total = 0;
    let failed = 0;
    for (;;) {
      let n: number;
      try {
        n = await this.processBatch(name, schema);
        failed = 0;
      } catch (error) {
        // A poisoned event takes maxAttempts + 1 rounds to be parked (one for the batch, then one per attempt).
        if (isTransientFailure(error) || ++failed > this.maxAttempts) throw error;
        continue;
      }
      if (n === 0) return total;
      total += n;
    }
  }

  async catchUpAll(): Promise<void> {
    for (const projection of this.projections) await this.catchUp(projection.name);
  }

  /** Polls the log in the background until stop(). */
  start(): void {
    this.polling.start();
  }

  /** Shortens the wait after an append so read models follow writes closely. */
  wake(): void {
    this.polling.wake();
  }

  async stop(): Promise<void> {
    await this.polling.stop();
  }

  /**
   * One round of the background loop, here and now (the runner stopped): what the running projections do with the
   * events committed since their checkpoints. True when it applied or passed over something.
   */
  runOnce(): Promise<boolean> {
    return this.processAllOnce();
  }

  /**
   * One round over every projection. Projections at the same checkpoint (all of them, once caught up) share one read
   * of the log and one transaction: their checkpoints claimed and moved on in one statement, then every projection's
   * rows of the batch, one flush, one commit. When that transaction fails, or a projection of the group is stuck on an
   * event, each projection applies the batch in its own transaction instead (applyOrPark): a failing projection never
   * holds the others back.
   */
  private async processAllOnce(): Promise<boolean> {
    const names = this.projections.map((p) => p.name);
    // The checkpoints this loop's last clean round left (read again at least once a second), else the table's.
    const known = this.known && Date.now() - this.known.readAt < CHECKPOINTS_KNOWN_MS ? this.known : undefined;
    this.known = undefined;
    let positions: Map<string, bigint>;
    let readAt: number;
    if (known) ({ positions, readAt } = known);
    else {
      try {
        readAt = Date.now();
        positions = await this.checkpoints(names);
      } catch (error) {
        for (const name of names) this.options.onError?.(name, error);
        return false;
      }
    }
    const groups = new Map<bigint, string[]>();
    for (const name of names) {
      const at = positions.get(name) ?? 0n;
      groups.set(at, [...(groups.get(at) ?? []), name]);
    }
    let progressed = false;
    // Where each projection stands after this round, as long as every step of it went as planned.
    let after: Map<string, bigint> | undefined = new Map(positions);
    for (const [from, group] of groups) {
      let events: RecordedEvent[];
      try {
        events = await this.store.readAll(from, this.batchSize);
      } catch (error) {
        for (const name of group) this.options.onError?.(name, error);
        after = undefined;
        continue;
      }
      if (events.length === 0) continue;
      const next = events[events.length - 1].globalPosition;
      const work = group.map((name) => {
        const projection = this.projection(name);
        return { projection, relevant: events.filter((event) => projection.eventTypes.includes(event.type)) };
      });
      // Projections stuck on an event go their own way (one event at a time, parking); the others share the round.
      const stuck = (name: string) => this.failures.has(`${this.schema}/${name}`);
      const together = work.filter((w) => !stuck(w.projection.name));
      let alone = work.filter((w) => stuck(w.projection.name));
      if (together.length > 0) {
        try {
          if (await this.applyRound(together, from, next)) {
            progressed = true;
            for (const { projection } of together) after?.set(projection.name, next);
          } else after = undefined;
        } catch {
          // Someone's rows failed (or the database did): each projection tries alone, so the failing one is found
          // and the others go on.
          alone = work;
        }
      }
      if (alone.length > 0) after = undefined;
      const idle: string[] = [];
      for (const { projection, relevant } of alone) {
        if (relevant.length === 0) {
          idle.push(projection.name);
          continue;
        }
        try {
          progressed = (await this.applyOrPark(projection, relevant, from, next)) || progressed;
        } catch (error) {
          this.options.onError?.(projection.name, error);
        }
      }
      if (idle.length > 0) {
        try {
          progressed = (await this.advance(idle, from, next)) || progressed;
        } catch (error) {
          for (const name of idle) this.options.onError?.(name, error);
        }
      }
    }
    if (after) this.known = { positions: after, readAt };
    return progressed;
  }

  /**
   * One transaction for projections at the same checkpoint (one, or all of a round), in `schema` (the live one or a
   * rebuild's shadow): their checkpoints claimed (still at `from`, row
   * locks taken) and moved to `next` in one statement, each projection's rows of the batch, one flush. False, with
   * nothing applied, when another runner moved one of them on in between. Throws (nothing applied) when a projection
   * or the database failed.
   */
  private async applyRound(
    work: ReadonlyArray<{ projection: Projection; relevant: RecordedEvent[] }>,
    from: bigint,
    next: bigint,
    schema = this.schema,
  ): Promise<boolean> {
    const s = quoteIdentifier(schema);
    const names = work.map((w) => w.projection.name);
    const started = process.hrtime.bigint();
    const moved = new Error('moved on by another runner');
    let applied: boolean;
    try {
      applied = await this.db.em.fork({ schema }).transactional(async (em: EntityManager) => {
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
      if (relevant.length > 0) this.options.onBatch?.(projection.name, { events: relevant.length, seconds });
    return applied;
  }

  /** Moves checkpoints still at `from` to `next` (events none of them handles); a moved one is left alone. */
  private async advance(names: string[], from: bigint, next: bigint, schema = this.schema): Promise<boolean> {
    const s = quoteIdentifier(schema);
    const moved = await this.db.sql.query(
      `update ${s}.${CHECKPOINTS} set position = $1, updated_at = now()
       where projection = any($2::text[]) and position = $3 returning projection`,
      [next.toString(), names, from.toString()],
    );
    return moved.length > 0;
  }

  async status(): Promise<ProjectionStatus[]> {
    const s = quoteIdentifier(this.schema);
    const rows = await this.db.sql.query<{ projection: string; position: string; updated_at: Date | null }>(
      `select projection, position, updated_at from ${s}.${CHECKPOINTS} order by projection`,
    );
    const result: ProjectionStatus[] = [];
    for (const projection of this.projections) {
      const row = rows.find((r) => r.projection === projection.name);
      const position = row ? BigInt(row.position) : 0n;
      result.push({
        name: projection.name,
        position: position.toString(),
        lag: await this.store.countAfter(position),
        updatedAt: row?.updated_at ? new Date(row.updated_at).toISOString() : null,
      });
    }
    return result;
  }

  /** The live checkpoint of each named projection (0 when it has none yet). */
  async checkpoints(names: readonly string[]): Promise<Map<string, bigint>> {
    const s = quoteIdentifier(this.schema);
    const rows = await this.db.sql.query<{ projection: string; position: string }>(
      `select projection, position from ${s}.${CHECKPOINTS} where projection = any($1::text[])`,
      [names as string[]],
    );
    return new Map(names.map((name) => [name, BigInt(rows.find((r) => r.projection === name)?.position ?? '0')]));
  }

  /**
   * Rebuilds one projection from the start of the log into a shadow schema, then swaps its tables in with the
   * shadow checkpoint in one transaction. Live reads keep working on the old tables until the swap.
   */
  async rebuild(name: string): Promise<{ events: number; shadowSchema: string }> {
    const projection = this.projection(name);
    this.known = undefined;
    const shadow = `rb_${name.replace(/[^a-z0-9_]/g, '_').slice(0, 40)}_${Date.now().toString(36)}`;
    const live = quoteIdentifier(this.schema);
    const sh = quoteIdentifier(shadow);
    await this.prepareSchema(shadow, [name]);
    try {
      const events = await this.catchUp(name, shadow);
      const tables = this.tablesOf(projection);
      await this.db.em.fork().transactional(async (em: EntityManager) => {
        // Holding the live checkpoint row keeps the live runner out while tables move.
        await em.execute(`select position from ${live}.${CHECKPOINTS} where projection = ? for update`, [name]);
        for (const table of tables) {
          await em.execute(`drop table if exists ${live}.${quoteIdentifier(table)} cascade`);
          await em.execute(`alter table ${sh}.${quoteIdentifier(table)} set schema ${live}`);
        }
        await em.execute(
          `update ${live}.${CHECKPOINTS} set position = (select position from ${sh}.${CHECKPOINTS} where projection = ?), updated_at = now()
           where projection = ?`,
          [name, name],
        );
      });
      return { events, shadowSchema: shadow };
    } finally {
      await this.db.sql.query(`drop schema if exists ${sh} cascade`);
    }
  }

  private tablesOf(projection: Projection): string[] {
    const metadata = this.db.orm.getMetadata();
    return projection.entities.map((entity) => {
      const name = typeof entity === 'function' ? entity.name : entity.meta.className;
      return metadata.get(name).tableName;
    });
  }

  private async prepareSchema(schema: string, only?: string[]): Promise<void> {
    const s = quoteIdentifier(schema);
    await this.db.sql.transaction(async (tx) => {
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
      for (const projection of this.projections) {
        if (only && !only.includes(projection.name)) continue;
        await tx.query(`insert into ${s}.${CHECKPOINTS} (projection, position) values ($1, 0) on conflict do nothing`, [
          projection.name,
        ]);
      }
    });
    const ddl = await this.db.orm.schema.getUpdateSchemaSQL({ schema, safe: true, dropTables: false, wrap: false });
    if (ddl.trim()) await this.db.orm.schema.execute(ddl);
  }
}
