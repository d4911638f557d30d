import type { Event } from '@inkprint/domain-kernel';
import type { EventStore } from './port/event-store';
import { type StateDecider, type StreamState, toDomainEvent } from './stream-state';

/**
 * Folded states of hot streams kept in memory (e.g. today's quota streams, appended to on every request): a load
 * reads only the events after the cached version, so a long stream is not read and folded again on each request.
 * Safe with other writers because streams are append-only. Only for streams without sealed personal data (a cached
 * state would outlive an erasure) and for deciders whose `evolve` returns new states instead of changing them.
 */
export class StreamStateCache {
  private readonly entries = new Map<string, { version: number; state: unknown }>();
  /** The load in progress per stream: loads of one stream run one after another, each folding only what is new. */
  private readonly loading = new Map<string, Promise<unknown>>();

  constructor(private readonly maxEntries = 5_000) {}

  load<S, E extends Event>(store: EventStore, streamId: string, decider: StateDecider<S, E>): Promise<StreamState<S>> {
    const previous = this.loading.get(streamId);
    const next = (previous ?? Promise.resolve())
      .catch(() => undefined)
      .then(() => this.loadNow(store, streamId, decider));
    this.loading.set(streamId, next);
    const forget = () => {
      if (this.loading.get(streamId) === next) this.loading.delete(streamId);
    };
    next.then(forget, forget);
    return next;
  }

  private async loadNow<S, E extends Event>(
    store: EventStore,
    streamId: string,
    decider: StateDecider<S, E>,
  ): Promise<StreamState<S>> {
    const cached = this.entries.get(streamId) as { version: number; state: S } | undefined;
    const from = cached ? cached.version + 1 : 1;
    const recorded = await store.readStream(streamId, { fromVersion: from });
    let state = cached ? cached.state : decider.initialState();
    for (const event of recorded) state = decider.evolve(state, toDomainEvent<E>(event));
    const version = (cached?.version ?? 0) + recorded.length;
    // Another writer's remember() may have moved the entry on meanwhile: keep the newer one.
    if ((this.entries.get(streamId)?.version ?? 0) <= version) this.remember(streamId, { version, state });
    return { state, version };
  }

  /** The cached state and version of a stream without reading it (undefined when not cached or being loaded). */
  peek<S>(streamId: string): { state: S; version: number } | undefined {
    if (this.loading.has(streamId)) return undefined;
    return this.entries.get(streamId) as { state: S; version: number } | undefined;
  }

  /** The cached version of a stream (undefined when not cached). */
  versionOf(streamId: string): number | undefined {
    return this.entries.get(streamId)?.version;
  }

  /** After an append: the state and version the writer just produced. */
  remember(streamId: string, entry: { version: number; state: unknown }): void {
    this.entries.delete(streamId);
    this.entries.set(streamId, entry);
    if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value as string);
  }

  get size(): number {
    return this.entries.size;
  }
}
