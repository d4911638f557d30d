import { type Database, quoteIdentifier } from '@inkprint/eventstore-postgresql';
import { type EventStore, PollingWorker, type RecordedEvent } from '@inkprint/eventstore';
import type { DeadLetter, Projection, ProjectionStatus } from './projection';
import {
  advanceCheckpoints,
  claimAndApply,
  readCheckpoint,
  readCheckpoints,
  type ProjectionWork,
} from './projection-checkpoints';
import { parkEvent, readDeadLetters, retryDeadLetter, skipDeadLetter } from './projection-dead-letters';
import { describeFailure, isTransientFailure } from './projection-failure';
import { dropSchema, prepareSchema, shadowSchemaFor, swapInShadow } from './projection-rebuild';
import { projectionStatus } from './projection-status';

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

/**
 * How long the loop goes on from the checkpoints its own rounds left, without reading them again. A checkpoint moved
 * by someone else is caught sooner by the claim (which needs the exact position); this bounds the one case the claim
 * cannot see: a rebuild elsewhere moving a checkpoint back while no new event arrives.
 */
const CHECKPOINTS_KNOWN_MS = 1_000;

/**
 * Runs projections over the global log. Each batch is one transaction holding the read-model rows AND the new
 * checkpoint, with the checkpoint row claimed first: a crash rolls both back, and two runners never apply a batch twice.
 * This file is the loop (rounds, catch-up, retries and parking); the SQL is beside it: checkpoints and the batch's
 * transaction in `projection-checkpoints.ts`, dead letters in `projection-dead-letters.ts`, the schema's DDL and the
 * rebuild's swap in `projection-rebuild.ts`, status in `projection-status.ts`.
 */
export class ProjectionRunner extends PollingWorker {
  readonly schema: string;
  private readonly batchSize: number;
  private readonly byName = new Map<string, Projection>();
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
    super(options.pollIntervalMs ?? 250, options.settleMs ?? 0);
    this.schema = options.schema ?? 'read_model';
    quoteIdentifier(this.schema);
    this.batchSize = options.batchSize ?? 500;
    this.maxAttempts = Math.max(1, options.maxAttempts ?? 3);
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
    await prepareSchema(this.db, this.schema, this.projections);
  }

  /** Applies at most one batch to one projection; returns the number of log events consumed. */
  async processBatch(name: string, schema = this.schema): Promise<number> {
    const projection = this.projection(name);
    this.known = undefined;
    const from = await readCheckpoint(this.db, schema, name);
    if (from === undefined)
      throw new Error(`Projection ${name} has no checkpoint in schema ${schema}: call init() first`);
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
        const failed = { event, error: describeFailure(error), attempts, from: at };
        const where = { schema, live: this.schema };
        if (!(await parkEvent(this.db, where, projection.name, failed, this.options.onPark))) return at !== from;
      }
      at = event.globalPosition;
    }
    this.failures.delete(key);
    return at === next ? true : (await this.advance([projection.name], at, next, schema)) || at !== from;
  }

  /** Events parked by the projections (oldest first), optionally of one projection. */
  deadLetters(name?: string): Promise<DeadLetter[]> {
    return readDeadLetters(this.db, this.schema, name);
  }

  /** Applies a parked event again, removing its dead letter (see `retryDeadLetter` in projection-dead-letters.ts). */
  async retryDeadLetter(name: string, eventId: string): Promise<void> {
    await retryDeadLetter(this.db, this.store, this.schema, this.projection(name), eventId);
  }

  /** Gives up on a parked event for good: its dead letter is removed (the log keeps the event). */
  async skipDeadLetter(name: string, eventId: string): Promise<void> {
    this.projection(name);
    await skipDeadLetter(this.db, this.schema, name, eventId);
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

  protected poll(): Promise<boolean> {
    return this.processAllOnce();
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

  /** The batch's one transaction (see `claimAndApply` in projection-checkpoints.ts), with the runner's metrics. */
  private applyRound(work: ProjectionWork, from: bigint, next: bigint, schema = this.schema): Promise<boolean> {
    return claimAndApply(this.db, schema, work, from, next, this.options.onBatch);
  }

  /** Moves checkpoints still at `from` to `next` (events none of them handles); a moved one is left alone. */
  private advance(names: string[], from: bigint, next: bigint, schema = this.schema): Promise<boolean> {
    return advanceCheckpoints(this.db, schema, names, from, next);
  }

  status(): Promise<ProjectionStatus[]> {
    return projectionStatus(this.db, this.store, this.schema, this.projections);
  }

  /** The live checkpoint of each named projection (0 when it has none yet). */
  checkpoints(names: readonly string[]): Promise<Map<string, bigint>> {
    return readCheckpoints(this.db, this.schema, names);
  }

  /**
   * Rebuilds one projection from the start of the log into a shadow schema, then swaps its tables in with the
   * shadow checkpoint in one transaction. Live reads keep working on the old tables until the swap.
   */
  async rebuild(name: string): Promise<{ events: number; shadowSchema: string }> {
    const projection = this.projection(name);
    this.known = undefined;
    const shadow = shadowSchemaFor(name);
    await prepareSchema(this.db, shadow, this.projections, [name]);
    try {
      const events = await this.catchUp(name, shadow);
      await swapInShadow(this.db, projection, this.schema, shadow);
      return { events, shadowSchema: shadow };
    } finally {
      await dropSchema(this.db, shadow);
    }
  }
}
