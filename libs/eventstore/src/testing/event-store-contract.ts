import { randomUUID } from 'node:crypto';
import { readStreams } from '../command-handling';
import type { EventStore } from '../port/event-store';
import { START } from '../port/event-store';
import { StreamVersionConflictError } from '../port/errors';
import type { RecordedEvent } from '../port/event-envelope';

export interface ContractSubject {
  store: EventStore;
  /** Stores for "other clients" (separate connections where the backend has them). */
  otherClients: EventStore[];
}

const streamOf = (prefix: string) => `${prefix}-${randomUUID()}`;

async function readEverything(store: EventStore, from = START, pageSize = 1000): Promise<RecordedEvent[]> {
  const all: RecordedEvent[] = [];
  for (let position = from; ;) {
    const page = await store.readAll(position, pageSize);
    if (page.length === 0) return all;
    all.push(...page);
    position = page[page.length - 1].globalPosition;
  }
}

/**
 * Re-reads until `done` holds: the global log hides events behind any older transaction still in flight anywhere in
 * the database (other test files included), so a just-committed event can take a moment to become readable.
 */
export async function eventually<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  timeoutMs = 10_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The behaviour every EventStore implementation must show. Call inside a describe block. */
export function eventStoreContract(subject: () => ContractSubject): void {
  describe('event store contract', () => {
    it('reads several whole streams in one call as readStream reads each (an unknown one empty)', async () => {
      const { store } = subject();
      const [a, b, none] = [streamOf('many-a'), streamOf('many-b'), streamOf('many-none')];
      await store.appendToStream(a, [{ type: 'A', data: { n: 1 } }], { expectedVersion: 'no_stream' });
      await store.appendToStream(b, [{ type: 'B', data: { n: 1 } }], { expectedVersion: 'no_stream' });
      await store.appendToStream(a, [{ type: 'A', data: { n: 2 } }], { expectedVersion: 1 });
      const streams = await readStreams(store, [b, none, a]);
      expect(streams).toEqual([await store.readStream(b), [], await store.readStream(a)]);
      expect(streams[2].map((e) => e.data)).toEqual([{ n: 1 }, { n: 2 }]);
    });

    it('appends events and reads them back in stream order with complete metadata', async () => {
      const { store } = subject();
      const stream = streamOf('contract');
      const result = await store.appendToStream(
        stream,
        [
          { type: 'DetectionRequested', data: { words: 120 } },
          { type: 'DetectionCompleted', data: { score: 0.91 }, metadata: { causationId: 'cmd-1' } },
        ],
        { expectedVersion: 'no_stream', metadata: { correlationId: 'corr-1', actor: { type: 'user', id: 'u-1' } } },
      );
      expect(result.nextExpectedVersion).toBe(2);
      const events = await store.readStream(stream);
      expect(events.map((e) => [e.type, e.streamVersion, e.data])).toEqual([
        ['DetectionRequested', 1, { words: 120 }],
        ['DetectionCompleted', 2, { score: 0.91 }],
      ]);
      expect(events[1].globalPosition).toBe(result.lastPosition);
      for (const event of events) {
        expect(event.id).toMatch(/^[0-9a-f-]{36}$/);
        expect(event.metadata.correlationId).toBe('corr-1');
        expect(event.metadata.actor).toEqual({ type: 'user', id: 'u-1' });
        expect(event.metadata.schemaVersion).toBe(1);
        expect(Number.isNaN(Date.parse(event.metadata.occurredAt))).toBe(false);
      }
      expect(events[0].metadata.causationId).toBeNull();
      expect(events[1].metadata.causationId).toBe('cmd-1');
      expect(await store.streamVersion(stream)).toBe(2);
      expect(await store.readStream(stream, { fromVersion: 2 })).toHaveLength(1);
      expect(await store.readStream(streamOf('missing'))).toEqual([]);
    });

    it('rejects a stale expected version with a typed conflict and writes nothing', async () => {
      const { store } = subject();
      const stream = streamOf('conflict');
      await store.appendToStream(stream, [{ type: 'A', data: {} }], { expectedVersion: 0 });
      const attempts: Array<[number | 'no_stream' | 'stream_exists', number]> = [
        [0, 1],
        ['no_stream', 1],
        [2, 1],
      ];
      for (const [expectedVersion, actual] of attempts) {
        const error = await store
          .appendToStream(
            stream,
            [
              { type: 'B', data: {} },
              { type: 'C', data: {} },
            ],
            { expectedVersion },
          )
          .catch((e: unknown) => e);
        expect(error).toBeInstanceOf(StreamVersionConflictError);
        expect(error).toMatchObject({ streamId: stream, expectedVersion, actualVersion: actual });
      }
      const missing = await store
        .appendToStream(streamOf('missing'), [{ type: 'A', data: {} }], { expectedVersion: 'stream_exists' })
        .catch((e: unknown) => e);
      expect(missing).toBeInstanceOf(StreamVersionConflictError);
      expect((await store.readStream(stream)).map((e) => e.type)).toEqual(['A']);
      await store.appendToStream(stream, [{ type: 'D', data: {} }], { expectedVersion: 'any' });
      await store.appendToStream(stream, [{ type: 'E', data: {} }], { expectedVersion: 'stream_exists' });
      expect((await store.readStream(stream)).map((e) => e.streamVersion)).toEqual([1, 2, 3]);
    });

    it('lets exactly one of many concurrent clients win the same expected version', async () => {
      const { store, otherClients } = subject();
      const clients = [store, ...otherClients];
      const stream = streamOf('race');
      const outcomes = await Promise.allSettled(
        Array.from({ length: 12 }, (_, i) =>
          clients[i % clients.length].appendToStream(stream, [{ type: 'Claimed', data: { by: i } }], {
            expectedVersion: 'no_stream',
          }),
        ),
      );
      const winners = outcomes.filter((o) => o.status === 'fulfilled');
      expect(winners).toHaveLength(1);
      for (const o of outcomes)
        if (o.status === 'rejected') expect(o.reason).toBeInstanceOf(StreamVersionConflictError);
      expect(await store.readStream(stream)).toHaveLength(1);
    });

    it('never loses or duplicates events when many clients append to one stream with retries', async () => {
      const { store, otherClients } = subject();
      const clients = [store, ...otherClients];
      const stream = streamOf('contended');
      const writers = 8;
      const perWriter = 6;
      await Promise.all(
        Array.from({ length: writers }, async (_, w) => {
          const client = clients[w % clients.length];
          for (let n = 0; n < perWriter; n++) {
            for (;;) {
              const version = await client.streamVersion(stream);
              try {
                await client.appendToStream(stream, [{ type: 'Written', data: { w, n } }], {
                  expectedVersion: version,
                });
                break;
              } catch (error) {
                if (!(error instanceof StreamVersionConflictError)) throw error;
              }
            }
          }
        }),
      );
      const events = await store.readStream(stream);
      expect(events.map((e) => e.streamVersion)).toEqual(Array.from({ length: writers * perWriter }, (_, i) => i + 1));
      const written = events
        .map((e) => {
          const d = e.data as { w: number; n: number };
          return `${d.w}:${d.n}`;
        })
        .sort();
      const expected = Array.from({ length: writers }, (_, w) =>
        Array.from({ length: perWriter }, (_, n) => `${w}:${n}`),
      )
        .flat()
        .sort();
      expect(written).toEqual(expected);
      expect(new Set(events.map((e) => e.id)).size).toBe(events.length);
    });

    it('reads the global log in order from any checkpoint, each event exactly once', async () => {
      const { store, otherClients } = subject();
      const head = await readEverything(store);
      const from = head.length ? head[head.length - 1].globalPosition : START;
      const streams = Array.from({ length: 5 }, () => streamOf('log'));
      const clients = [store, ...otherClients];
      await Promise.all(
        streams.map(async (stream, s) => {
          for (let v = 0; v < 4; v++) {
            await clients[s % clients.length].appendToStream(stream, [{ type: 'Step', data: { s, v } }], {
              expectedVersion: v,
            });
          }
        }),
      );
      const read = await eventually(
        () => readEverything(store, from, 3),
        (events) => events.filter((e) => streams.includes(e.streamId)).length === 20,
      );
      const mine = read.filter((e) => streams.includes(e.streamId));
      expect(mine).toHaveLength(20);
      expect(new Set(read.map((e) => e.id)).size).toBe(read.length);
      for (const stream of streams) {
        expect(mine.filter((e) => e.streamId === stream).map((e) => e.streamVersion)).toEqual([1, 2, 3, 4]);
      }
      // Reading again from the middle returns exactly the tail.
      const middle = read[Math.floor(read.length / 2)].globalPosition;
      const tail = await readEverything(store, middle);
      expect(tail.map((e) => e.id)).toEqual(read.slice(Math.floor(read.length / 2) + 1).map((e) => e.id));
      expect(await store.countAfter(middle)).toBe(tail.length);
    });

    it('appends a large batch atomically', async () => {
      const { store } = subject();
      const stream = streamOf('batch');
      const events = Array.from({ length: 2000 }, (_, i) => ({ type: 'Chunk', data: { i, text: 'x'.repeat(50) } }));
      const result = await store.appendToStream(stream, events, { expectedVersion: 'no_stream' });
      expect(result.nextExpectedVersion).toBe(2000);
      const read = await store.readStream(stream);
      expect(read).toHaveLength(2000);
      expect(read.map((e) => (e.data as { i: number }).i)).toEqual(events.map((e) => e.data.i));
      const conflict = await store.appendToStream(stream, events, { expectedVersion: 1999 }).catch((e: unknown) => e);
      expect(conflict).toBeInstanceOf(StreamVersionConflictError);
      expect(await store.streamVersion(stream)).toBe(2000);
    });

    it('never stores the same event id twice (a retried append is rejected or ignored)', async () => {
      const { store } = subject();
      const id = randomUUID();
      const first = streamOf('ids');
      await store.appendToStream(first, [{ id, type: 'Once', data: {} }], { expectedVersion: 'no_stream' });
      await store
        .appendToStream(first, [{ id, type: 'Once', data: {} }], { expectedVersion: 1 })
        .catch(() => undefined);
      const second = streamOf('ids');
      await store
        .appendToStream(second, [{ id, type: 'Once', data: {} }], { expectedVersion: 'no_stream' })
        .catch(() => undefined);
      const copies = [...(await store.readStream(first)), ...(await store.readStream(second))].filter(
        (e) => e.id === id,
      );
      expect(copies).toHaveLength(1);
    });
  });
}
