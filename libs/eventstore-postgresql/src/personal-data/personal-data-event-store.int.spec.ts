import { randomUUID } from 'node:crypto';
import { describeWithService } from '@inkprint/testing';
import {
  ERASED,
  PersonalDataErasedError,
  PersonalDataEventStore,
  personalDataOf,
  type PersonalDataPolicy,
  type RecordedEvent,
  START,
} from '@inkprint/eventstore';
import { eventStoreContract, eventually, type ContractSubject } from '@inkprint/eventstore/testing';
import type { Database } from '../database';
import { PostgresEventStore } from '../postgres/postgres-event-store';
import { dropSchema, openTestDatabase, testSchemaName, type TestBackend } from '../testing/test-database';
import { SqlPersonalDataKeys } from './sql-personal-data-keys';

/** Like the accounts policy: people's streams carry `email` and `name` of the person the stream is about. */
const policy: PersonalDataPolicy = (streamId, event) =>
  streamId.startsWith('person-') && event.type === 'PersonRegistered'
    ? { subject: streamId, fields: ['email', 'name'] }
    : undefined;

/** For the contract: every top-level field of every event is sealed, so any slip in opening shows as a data mismatch. */
const sealEverything: PersonalDataPolicy = (streamId, event) =>
  typeof event.data === 'object' && event.data !== null
    ? { subject: `contract:${streamId}`, fields: Object.keys(event.data) }
    : undefined;

function personalDataSuite(backend: () => TestBackend, connections: number) {
  const schema = testSchemaName('pd');
  const dbs: Database[] = [];
  let store: PersonalDataEventStore;
  let keys: SqlPersonalDataKeys;
  let contract: ContractSubject;

  beforeAll(async () => {
    for (let i = 0; i < connections; i++) dbs.push(await openTestDatabase(backend()));
    keys = await SqlPersonalDataKeys.create(dbs[0].sql, { schema });
    store = new PersonalDataEventStore(await PostgresEventStore.create(dbs[0].sql, { schema }), keys, policy);
    const sealed = async (db: Database) =>
      new PersonalDataEventStore(
        PostgresEventStore.on(db.sql, { schema }),
        await SqlPersonalDataKeys.create(db.sql, { schema }),
        sealEverything,
      );
    contract = { store: await sealed(dbs[0]), otherClients: await Promise.all(dbs.slice(1).map(sealed)) };
  }, 60_000);
  afterAll(async () => {
    if (dbs[0] && backend().kind === 'postgres') await dropSchema(dbs[0], schema);
    await Promise.all(dbs.map((db) => db.close()));
  });

  eventStoreContract(() => contract);

  async function register(email: string, name: string) {
    const streamId = `person-${randomUUID()}`;
    await store.appendToStream(
      streamId,
      [
        { type: 'PersonRegistered', data: { email, name, plan: 'free' } },
        { type: 'PersonLoggedIn', data: { sessionId: 's-1' } },
      ],
      { expectedVersion: 'no_stream' },
    );
    return streamId;
  }

  /** The event as the global log (what projections read) gives it. */
  async function fromGlobalLog(eventId: string): Promise<RecordedEvent | undefined> {
    return eventually(
      async () => {
        for (let position = START; ;) {
          const page = await store.readAll(position, 1000);
          const found = page.find((e) => e.id === eventId);
          if (found || page.length === 0) return found;
          position = page[page.length - 1].globalPosition;
        }
      },
      (found) => found !== undefined,
    );
  }

  async function rawData(streamId: string): Promise<string> {
    const rows = await dbs[0].sql.query<{ data: string; metadata: string }>(
      `select data::text as data, metadata::text as metadata from "${schema}".es_events where stream_id = $1 order by stream_version`,
      [streamId],
    );
    return rows.map((r) => r.data + r.metadata).join('\n');
  }

  it('never writes the personal fields in clear, and reads them back in clear', async () => {
    const streamId = await register('ada.lovelace@example.com', 'Ada Lovelace');
    const raw = await rawData(streamId);
    expect(raw).not.toContain('ada.lovelace');
    expect(raw).not.toContain('Lovelace');
    expect(raw).toContain('"plan": "free"');
    const [registered, loggedIn] = await store.readStream(streamId);
    expect(registered.data).toEqual({ email: 'ada.lovelace@example.com', name: 'Ada Lovelace', plan: 'free' });
    expect(personalDataOf(registered)).toEqual({ subject: streamId, fields: ['email', 'name'] });
    expect(loggedIn.data).toEqual({ sessionId: 's-1' });
    expect(personalDataOf(loggedIn)).toBeUndefined();
    expect((await fromGlobalLog(registered.id))?.data).toEqual(registered.data);
  });

  it('erasing the subject makes its personal fields read as erased everywhere, and nothing else', async () => {
    const ada = await register('ada@example.com', 'Ada');
    const grace = await register('grace@example.com', 'Grace');
    expect(await keys.erase(ada)).toBe(true);
    expect(await keys.isErased(ada)).toBe(true);

    const [registered] = await store.readStream(ada);
    expect(registered.data).toEqual({ email: ERASED, name: ERASED, plan: 'free' });
    expect(personalDataOf(registered)).toMatchObject({ subject: ada, erased: true });
    expect((await fromGlobalLog(registered.id))?.data).toEqual({ email: ERASED, name: ERASED, plan: 'free' });
    expect((await store.readStream(grace))[0].data).toEqual({
      email: 'grace@example.com',
      name: 'Grace',
      plan: 'free',
    });

    // Another process (its own key cache, no TTL) sees the erasure at once; new personal data for the subject is refused.
    const elsewhere = new PersonalDataEventStore(
      PostgresEventStore.on(dbs[dbs.length - 1].sql, { schema }),
      await SqlPersonalDataKeys.create(dbs[dbs.length - 1].sql, { schema, cacheTtlMs: 0 }),
      policy,
    );
    expect((await elsewhere.readStream(ada))[0].data).toMatchObject({ email: ERASED });
    await expect(
      elsewhere.appendToStream(ada, [{ type: 'PersonRegistered', data: { email: 'again@example.com', name: 'A' } }], {
        expectedVersion: 2,
      }),
    ).rejects.toBeInstanceOf(PersonalDataErasedError);
    expect(await store.streamVersion(ada)).toBe(2);
    // Events without personal data can still be appended to the stream.
    await elsewhere.appendToStream(ada, [{ type: 'PersonLoggedIn', data: { sessionId: 's-2' } }], {
      expectedVersion: 2,
    });
    expect(await keys.erase(ada)).toBe(false);
  });

  it('gives every concurrent first writer of a subject the same key', async () => {
    const subject = `person-${randomUUID()}`;
    const writers = await Promise.all(
      dbs.map(
        async (db) =>
          new PersonalDataEventStore(
            PostgresEventStore.on(db.sql, { schema }),
            await SqlPersonalDataKeys.create(db.sql, { schema }),
            () => ({ subject, fields: ['email'] }),
          ),
      ),
    );
    const streams = Array.from({ length: 12 }, (_, i) => `parallel-${i}-${randomUUID()}`);
    await Promise.all(
      streams.map((streamId, i) =>
        writers[i % writers.length].appendToStream(
          streamId,
          [{ type: 'PersonRegistered', data: { email: `p${i}@example.com` } }],
          { expectedVersion: 'no_stream' },
        ),
      ),
    );
    const reader = new PersonalDataEventStore(
      PostgresEventStore.on(dbs[0].sql, { schema }),
      await SqlPersonalDataKeys.create(dbs[0].sql, { schema, cacheTtlMs: 0 }),
      policy,
    );
    for (const [i, streamId] of streams.entries())
      expect((await reader.readStream(streamId))[0].data).toEqual({ email: `p${i}@example.com` });
  });

  it('reads events written before sealing existed as they are', async () => {
    const streamId = `person-${randomUUID()}`;
    await PostgresEventStore.on(dbs[0].sql, { schema }).appendToStream(
      streamId,
      [{ type: 'PersonRegistered', data: { email: 'old@example.com', name: 'Old' } }],
      {
        expectedVersion: 'no_stream',
      },
    );
    expect((await store.readStream(streamId))[0].data).toEqual({ email: 'old@example.com', name: 'Old' });
  });
}

describe('PersonalDataEventStore on embedded PGlite', () => personalDataSuite(() => ({ kind: 'pglite' }), 1));

describeWithService('postgres', 'PersonalDataEventStore on PostgreSQL', (url) =>
  personalDataSuite(() => ({ kind: 'postgres', url }), 3),
);
