import { describeWithService } from '@inkprint/testing';
import { eventStoreContract, eventually, type ContractSubject } from '@inkprint/eventstore/testing';
import { Upcasters } from '@inkprint/eventstore';
import type { Database } from '../database';
import { PostgresEventStore } from './postgres-event-store';
import { dropSchema, openTestDatabase, testSchemaName } from '../testing/test-database';

describe('PostgresEventStore on embedded PGlite', () => {
  const schema = testSchemaName('es');
  let db: Database;
  let subject: ContractSubject;
  beforeAll(async () => {
    db = await openTestDatabase({ kind: 'pglite' });
    subject = { store: await PostgresEventStore.create(db.sql, { schema }), otherClients: [] };
  });
  afterAll(() => db?.close());

  eventStoreContract(() => subject);

  it('upcasts events stored under an old schema version when reading', async () => {
    const upcasters = new Upcasters().register('PlanChanged', 1, (data) => {
      const { plan } = data as { plan: string };
      return { planSlug: plan.toLowerCase() };
    });
    const store = PostgresEventStore.on(db.sql, { schema, upcasters });
    await store.appendToStream('plans-1', [{ type: 'PlanChanged', data: { plan: 'PRO' } }], {
      expectedVersion: 'no_stream',
    });
    const [event] = await store.readStream('plans-1');
    expect(event.data).toEqual({ planSlug: 'pro' });
    expect(event.metadata.schemaVersion).toBe(2);
  });
});

describeWithService('postgres', 'PostgresEventStore on PostgreSQL', (url) => {
  const schema = testSchemaName('es');
  const dbs: Database[] = [];
  let subject: ContractSubject;
  beforeAll(async () => {
    for (let i = 0; i < 3; i++) dbs.push(await openTestDatabase({ kind: 'postgres', url }));
    const store = await PostgresEventStore.create(dbs[0].sql, { schema });
    subject = { store, otherClients: dbs.slice(1).map((db) => PostgresEventStore.on(db.sql, { schema })) };
  });
  afterAll(async () => {
    if (dbs[0]) await dropSchema(dbs[0], schema);
    await Promise.all(dbs.map((db) => db.close()));
  });

  eventStoreContract(() => subject);

  it('never lets a reader pass an event of a transaction still in flight (gap-safe global log)', async () => {
    const [first, second] = dbs;
    const reader = PostgresEventStore.on(first.sql, { schema });
    const head = await reader.readAll(0n, 1_000_000);
    const checkpoint = head.length ? head[head.length - 1].globalPosition : 0n;

    let releaseSlow!: () => void;
    const slowMayCommit = new Promise<void>((resolve) => (releaseSlow = resolve));
    let slowAppended!: () => void;
    const slowHasAppended = new Promise<void>((resolve) => (slowAppended = resolve));
    // The slow transaction appends first (lower transaction id) but commits last.
    const slow = first.sql.transaction(async (tx) => {
      await PostgresEventStore.on(tx, { schema }).appendToStream('gap-slow', [{ type: 'Slow', data: {} }], {
        expectedVersion: 'any',
      });
      slowAppended();
      await slowMayCommit;
    });
    await slowHasAppended;
    await PostgresEventStore.on(second.sql, { schema }).appendToStream('gap-fast', [{ type: 'Fast', data: {} }], {
      expectedVersion: 'any',
    });

    const whileInFlight = await PostgresEventStore.on(dbs[2].sql, { schema }).readAll(checkpoint, 100);
    expect(whileInFlight.map((e) => e.type)).toEqual([]);

    releaseSlow();
    await slow;
    const afterCommit = await eventually(
      () => PostgresEventStore.on(dbs[2].sql, { schema }).readAll(checkpoint, 100),
      (events) => events.length >= 2,
    );
    expect(afterCommit.map((e) => e.type)).toEqual(['Slow', 'Fast']);
  });
});
