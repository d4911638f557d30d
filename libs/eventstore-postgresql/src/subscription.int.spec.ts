import { EventLogSubscription, type RecordedEvent } from '@inkprint/eventstore';
import type { Database } from './database';
import { PostgresEventStore } from './postgres/postgres-event-store';
import { PostgresCheckpointStore } from './postgres/postgres-checkpoint-store';
import { openTestDatabase, testSchemaName } from './testing/test-database';

describe('EventLogSubscription on embedded PGlite', () => {
  const schema = testSchemaName('es');
  let db: Database;
  let store: PostgresEventStore;
  beforeAll(async () => {
    db = await openTestDatabase({ kind: 'pglite' });
    store = await PostgresEventStore.create(db.sql, { schema });
  });
  afterAll(() => db?.close());

  it('delivers every event once in log order, resumes from its checkpoint, and redelivers a failed batch', async () => {
    for (let i = 0; i < 7; i++)
      await store.appendToStream(`s-${i % 3}`, [{ type: 'Tick', data: { i } }], { expectedVersion: 'any' });
    const checkpoints = new PostgresCheckpointStore(db.sql, store.tables);
    const seen: number[] = [];
    let failNext = true;
    const consumer = {
      async handle(events: readonly RecordedEvent[]) {
        if (failNext) {
          failNext = false;
          throw new Error('broker down');
        }
        seen.push(...events.map((e) => (e.data as { i: number }).i));
      },
    };
    const subscription = new EventLogSubscription(store, checkpoints, 'test-consumer', consumer, { batchSize: 3 });
    await expect(subscription.runOnce()).rejects.toThrow('broker down');
    expect(await checkpoints.load('test-consumer')).toBe(0n);
    while ((await subscription.runOnce()) > 0);
    expect(seen).toEqual([0, 1, 2, 3, 4, 5, 6]);

    await store.appendToStream('s-9', [{ type: 'Tick', data: { i: 7 } }], { expectedVersion: 'no_stream' });
    const resumed = new EventLogSubscription(store, checkpoints, 'test-consumer', consumer, { batchSize: 3 });
    expect(await resumed.runOnce()).toBe(1);
    expect(seen).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
  });
});
