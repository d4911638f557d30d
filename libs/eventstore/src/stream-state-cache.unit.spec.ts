import type { Decider } from '@inkprint/domain-kernel';
import { handleCommand } from './command-handling';
import { InMemoryEventStore } from './in-memory';
import { StreamStateCache } from './stream-state-cache';

type Counted = { type: 'Counted'; data: { id: string } };
type Count = { type: 'Count'; data: { id: string; limit: number | null } };
interface Tally {
  ids: readonly string[];
}

/** A tally decider that records every fold, to see what the cache folds and how often. */
function tallyDecider(folds: string[]): Decider<Tally, Count, Counted> {
  return {
    initialState: () => ({ ids: [] }),
    decide: (command, state) => {
      if (state.ids.includes(command.data.id)) return [];
      if (command.data.limit !== null && state.ids.length >= command.data.limit) throw new Error('LIMIT');
      return [{ type: 'Counted', data: { id: command.data.id } }];
    },
    evolve: (state, event) => {
      folds.push(event.data.id);
      return { ids: [...state.ids, event.data.id] };
    },
  };
}

describe('StreamStateCache', () => {
  it('folds each event once however many loads of one stream run at the same time', async () => {
    const store = new InMemoryEventStore();
    await store.appendToStream(
      's',
      ['a', 'b', 'c'].map((id) => ({ type: 'Counted', data: { id } })),
      { expectedVersion: 'any' },
    );
    const folds: string[] = [];
    const cache = new StreamStateCache();
    const decider = tallyDecider(folds);
    const loads = await Promise.all(Array.from({ length: 10 }, () => cache.load(store, 's', decider)));
    expect(loads.map((l) => l.version)).toEqual(Array(10).fill(3));
    expect(folds).toEqual(['a', 'b', 'c']);
    await store.appendToStream('s', [{ type: 'Counted', data: { id: 'd' } }], { expectedVersion: 'any' });
    const after = await Promise.all([cache.load(store, 's', decider), cache.load(store, 's', decider)]);
    expect(after.map((l) => l.state.ids)).toEqual([
      ['a', 'b', 'c', 'd'],
      ['a', 'b', 'c', 'd'],
    ]);
    expect(folds).toEqual(['a', 'b', 'c', 'd']);
  });

  it('keeps a failed load from blocking the next one', async () => {
    const store = new InMemoryEventStore();
    const cache = new StreamStateCache();
    const failing = { readStream: () => Promise.reject(new Error('down')) } as unknown as InMemoryEventStore;
    await expect(cache.load(failing, 's', tallyDecider([]))).rejects.toThrow('down');
    await expect(cache.load(store, 's', tallyDecider([]))).resolves.toMatchObject({ version: 0 });
  });

  it('with handleCommand: parallel checked appends never exceed a limit, and unchecked ones are all counted', async () => {
    const store = new InMemoryEventStore();
    const cache = new StreamStateCache();
    const decider = tallyDecider([]);
    const limited = await Promise.allSettled(
      Array.from({ length: 30 }, (_, i) =>
        handleCommand(store, 'limited', decider, { type: 'Count', data: { id: `r${i}`, limit: 12 } }, { cache }),
      ),
    );
    expect(limited.filter((r) => r.status === 'fulfilled')).toHaveLength(12);
    expect(await store.readStream('limited')).toHaveLength(12);
    await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        handleCommand(
          store,
          'open',
          decider,
          { type: 'Count', data: { id: `r${i}`, limit: null } },
          { cache, expectedVersion: 'any' },
        ),
      ),
    );
    const { state, version } = await cache.load(store, 'open', decider);
    expect(version).toBe(40);
    expect(new Set(state.ids).size).toBe(40);
  });
});

describe('handleCommand with newStream', () => {
  it('appends to a stream named by a fresh id without reading it first', async () => {
    const store = new InMemoryEventStore();
    const reads: string[] = [];
    const readStream = store.readStream.bind(store);
    store.readStream = (id, options) => (reads.push(id), readStream(id, options));
    const outcome = await handleCommand(
      store,
      'run-1',
      tallyDecider([]),
      { type: 'Count', data: { id: 'a', limit: null } },
      { newStream: true },
    );
    expect(outcome.version).toBe(1);
    expect(reads).toEqual([]);
  });

  it('reads the stream and decides again when it exists after all', async () => {
    const store = new InMemoryEventStore();
    await store.appendToStream('run-2', [{ type: 'Counted', data: { id: 'a' } }], { expectedVersion: 'any' });
    const outcome = await handleCommand(
      store,
      'run-2',
      tallyDecider([]),
      { type: 'Count', data: { id: 'a', limit: null } },
      { newStream: true },
    );
    expect(outcome.events).toEqual([]);
    expect(await store.readStream('run-2')).toHaveLength(1);
  });
});

describe('handleCommand with a cache', () => {
  function counting(store: InMemoryEventStore): string[] {
    const reads: string[] = [];
    const readStream = store.readStream.bind(store);
    store.readStream = (id, options) => (reads.push(id), readStream(id, options));
    return reads;
  }

  it('decides on the cached state without reading the stream while this cache wrote its last events', async () => {
    const store = new InMemoryEventStore();
    const reads = counting(store);
    const cache = new StreamStateCache();
    const decider = tallyDecider([]);
    for (const id of ['a', 'b', 'c'])
      await handleCommand(store, 's', decider, { type: 'Count', data: { id, limit: 5 } }, { cache });
    // The first command read the (empty) stream; the next two decided on what the cache remembered.
    expect(reads).toEqual(['s']);
    expect((await store.readStream('s')).map((e) => (e.data as { id: string }).id)).toEqual(['a', 'b', 'c']);
  });

  it('reads what another writer added when the cached version conflicts, and decides again on it', async () => {
    const store = new InMemoryEventStore();
    const cache = new StreamStateCache();
    const decider = tallyDecider([]);
    await handleCommand(store, 's', decider, { type: 'Count', data: { id: 'a', limit: 2 } }, { cache });
    // Another process counts 'b' behind this cache's back: the cached state (1 of 2) is stale.
    await store.appendToStream('s', [{ type: 'Counted', data: { id: 'b' } }], { expectedVersion: 1 });
    await expect(
      handleCommand(store, 's', decider, { type: 'Count', data: { id: 'c', limit: 2 } }, { cache }),
    ).rejects.toThrow('LIMIT');
    expect(await store.readStream('s')).toHaveLength(2);
  });
});
