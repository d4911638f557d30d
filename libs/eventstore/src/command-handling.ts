import type { Command, Decider, Event } from '@inkprint/domain-kernel';
import type { EventMetadata, RecordedEvent } from './port/event-envelope';
import { StreamVersionConflictError } from './port/errors';
import type { EventStore } from './port/event-store';
import type { StreamStateCache } from './stream-state-cache';
import { type StateDecider, type StreamState, toDomainEvent } from './stream-state';

export interface HandleCommandOptions {
  /** Metadata of every appended event (actor, correlation and causation ids). */
  metadata?: Partial<EventMetadata>;
  /** Attempts when another writer appended to the stream in between. Default 50. */
  maxAttempts?: number;
  /**
   * 'any': append without a version check, for commands whose decision cannot depend on what another writer adds
   * in between (e.g. counting a request against an unlimited allowance): no conflicts, no retries.
   */
  expectedVersion?: 'checked' | 'any';
  /**
   * Keeps the folded state in memory between calls (hot, append-only streams without personal data). The first
   * attempt decides on the cached state without a read (a stale one conflicts, or its refusal is re-checked on a read).
   */
  cache?: StreamStateCache;
  /**
   * The stream is expected not to exist yet (it is named by a fresh id): the first attempt decides on the initial
   * state without reading it and appends with 'no_stream'; if the stream exists after all, the next attempt reads it.
   */
  newStream?: boolean;
}

export interface CommandOutcome<S, E> {
  /** Events the decider produced (and that were appended). */
  events: E[];
  /** State after the events. */
  state: S;
  /** Stream version after the append. */
  version: number;
  /** Global log position of the last event appended; null when the decider decided nothing (read-your-writes). */
  position: bigint | null;
}

/**
 * The one write path: load the stream, fold its state, decide, append with the expected version; on a version
 * conflict start again from a fresh read (the decider sees the other writer's events). `command` may depend on the
 * state (e.g. a password check against the stored hash); it is re-evaluated on every attempt.
 */
export async function handleCommand<S, C extends Command, E extends Event>(
  store: EventStore,
  streamId: string,
  decider: Decider<S, C, E>,
  command: C | ((state: S) => C | Promise<C>),
  options: HandleCommandOptions = {},
): Promise<CommandOutcome<S, E>> {
  const attempts = options.maxAttempts ?? 50;
  for (let attempt = 1; ; attempt++) {
    // With a cache, the first attempt decides on the cached state without reading the stream: when another writer
    // moved the stream on, the append's expected version conflicts and the next attempt reads what is new.
    const trusted = attempt === 1 && !options.newStream ? options.cache?.peek<S>(streamId) : undefined;
    const { state, version } =
      options.newStream && attempt === 1
        ? { state: decider.initialState(), version: 0 }
        : (trusted ??
          (options.cache
            ? await options.cache.load(store, streamId, decider)
            : await loadState(store, streamId, decider)));
    const cmd = typeof command === 'function' ? await command(state) : command;
    let events: E[];
    try {
      events = decider.decide(cmd, state);
    } catch (error) {
      // A refusal or a no-op decided on the cached state is checked against the stream itself before it stands.
      if (trusted) continue;
      throw error;
    }
    if (events.length === 0) {
      if (trusted) continue;
      return { events, state, version, position: null };
    }
    try {
      const result = await store.appendToStream(
        streamId,
        events.map((e) => ({ type: e.type, data: e.data })),
        {
          expectedVersion: options.expectedVersion === 'any' ? 'any' : version === 0 ? 'no_stream' : version,
          metadata: options.metadata,
        },
      );
      // Folded only when wanted (the cache, or a caller reading `state`): folding onto a state another writer has
      // moved past can cost a copy (see the quota ledger).
      let next: S | undefined;
      const after = (): S => (next ??= events.reduce((s, e) => decider.evolve(s, e), state));
      // With 'any', other events may sit between the read and this append: then the next load reads them.
      // (and when a load has already moved the cache past the state this append was decided on, it stays as is).
      const contiguous = result.nextExpectedVersion === version + events.length;
      if (options.cache && contiguous && options.cache.versionOf(streamId) === version)
        options.cache.remember(streamId, { version: result.nextExpectedVersion, state: after() });
      return {
        events,
        get state() {
          return after();
        },
        version: result.nextExpectedVersion,
        position: result.lastPosition,
      };
    } catch (error) {
      if (!(error instanceof StreamVersionConflictError) || (attempt >= attempts && !trusted)) throw error;
      if (trusted) continue;
      // Jittered pause so a crowd of writers on one stream does not retry in lockstep.
      await new Promise((r) => setTimeout(r, Math.random() * Math.min(50, attempt * 5)));
    }
  }
}

/** Several whole streams in one read where the store can (`EventStore.readStreams`), else one read each. */
export function readStreams(store: EventStore, streamIds: readonly string[]): Promise<RecordedEvent[][]> {
  return store.readStreams ? store.readStreams(streamIds) : Promise.all(streamIds.map((id) => store.readStream(id)));
}

/** The state folded from a stream's events (as loadState gives it, for events read by `readStreams`). */
export function foldState<S, E extends Event>(
  recorded: readonly RecordedEvent[],
  decider: StateDecider<S, E>,
): StreamState<S> {
  return {
    state: recorded.reduce((s, e) => decider.evolve(s, toDomainEvent<E>(e)), decider.initialState()),
    version: recorded.length,
  };
}

/** Current state of a stream, without writing. */
export async function loadState<S, E extends Event>(
  store: EventStore,
  streamId: string,
  decider: StateDecider<S, E>,
): Promise<StreamState<S>> {
  return foldState(await store.readStream(streamId), decider);
}
