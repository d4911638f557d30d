import { describeWithService } from '@inkprint/testing';
import { type Database, PostgresEventStore } from '@inkprint/eventstore-postgresql';
import {
  dropSchema,
  openTestDatabase,
  testSchemaName,
  type TestBackend,
} from '@inkprint/eventstore-postgresql/testing';
import { StreamActivitySchema, streamActivityProjection } from './testing/stream-activity-projection';
import type { DeadLetter, Projection } from './projection';
import { describeFailure, isTransientFailure } from './projection-failure';
import { ProjectionRunner } from './projection-runner';

/** A projection that cannot apply one event (issue 25 item 2) parks it and goes on, instead of stalling for good. */
function deadLetterSuite(backend: () => TestBackend) {
  const eventsSchema = testSchemaName('es');
  let db: Database;
  let store: PostgresEventStore;
  let poisonId = '';

  beforeAll(async () => {
    db = await openTestDatabase(backend(), { entities: [StreamActivitySchema] });
    store = await PostgresEventStore.create(db.sql, { schema: eventsSchema });
    for (let s = 0; s < 4; s++) {
      const events = [1, 2, 3].map((v) => ({ type: 'TextSubmitted', data: { words: s === 2 && v === 2 ? -1 : v } }));
      const appended = await store.appendToStream(`doc-${s}`, events, { expectedVersion: 'no_stream' });
      if (s === 2) poisonId = (await store.readStream(`doc-${s}`))[1].id;
      expect(appended).toBeDefined();
    }
  });
  afterAll(async () => {
    if (db) {
      await dropSchema(db, eventsSchema);
      await db.close();
    }
  });

  // words -1 stands for an event the read model cannot store (as a NUL in a name is for the users table).
  const poisoned = (fixed: () => boolean) =>
    streamActivityProjection({
      beforeEvent: (event) => {
        if ((event.data as { words: number }).words < 0 && !fixed())
          throw new Error(`insert into "rm"."stream_activity" values ('ada@example.com') - cannot store "${event.id}"`);
      },
    });

  async function rows(schema: string) {
    return db.sql.query<{ stream_id: string; events: number; words: number }>(
      `select stream_id, events, words from "${schema}".stream_activity order by stream_id`,
    );
  }

  it('parks the event after its attempts, applies every event after it, and lists it without the data', async () => {
    const schema = testSchemaName('rm');
    const parked: DeadLetter[] = [];
    const runner = new ProjectionRunner(db, store, [poisoned(() => false)], {
      schema,
      batchSize: 5,
      maxAttempts: 3,
      onPark: (letter) => parked.push(letter),
    });
    await runner.init();
    await runner.catchUp('stream_activity');
    expect((await runner.status())[0].lag).toBe(0);
    expect(await rows(schema)).toEqual([
      { stream_id: 'doc-0', events: 3, words: 6 },
      { stream_id: 'doc-1', events: 3, words: 6 },
      { stream_id: 'doc-2', events: 2, words: 4 },
      { stream_id: 'doc-3', events: 3, words: 6 },
    ]);
    const letters = await runner.deadLetters();
    expect(letters).toEqual([
      expect.objectContaining({ projection: 'stream_activity', eventId: poisonId, eventType: 'TextSubmitted' }),
    ]);
    expect(letters[0].attempts).toBe(3);
    expect(letters[0].streamId).toBe('doc-2');
    expect(letters[0].error).toBe('Error: cannot store "..."');
    expect(letters[0].error).not.toContain('ada@example.com');
    expect(parked.map((l) => l.eventId)).toEqual([poisonId]);
    await dropSchema(db, schema);
  });

  it('in the background too: the runner keeps following the log past a parked event', async () => {
    const schema = testSchemaName('rm');
    const runner = new ProjectionRunner(db, store, [poisoned(() => false)], { schema, pollIntervalMs: 10 });
    await runner.init();
    runner.start();
    try {
      for (let i = 0; i < 300 && (await runner.deadLetters()).length === 0; i++)
        await new Promise((r) => setTimeout(r, 20));
      await store.appendToStream('doc-late', [{ type: 'TextSubmitted', data: { words: 5 } }], {
        expectedVersion: 'no_stream',
      });
      for (let i = 0; i < 300 && (await runner.status())[0].lag > 0; i++) await new Promise((r) => setTimeout(r, 20));
    } finally {
      await runner.stop();
    }
    expect((await runner.deadLetters()).map((l) => l.eventId)).toEqual([poisonId]);
    expect((await rows(schema)).find((r) => r.stream_id === 'doc-late')).toEqual({
      stream_id: 'doc-late',
      events: 1,
      words: 5,
    });
    await dropSchema(db, schema);
  });

  it('in a shared round too: a projection failing on an event never holds back the one beside it', async () => {
    const schema = testSchemaName('rm');
    const counted: string[] = [];
    const beside: Projection = {
      name: 'texts_beside',
      entities: [],
      eventTypes: ['TextSubmitted'],
      apply: async (events) => void counted.push(...events.map((e) => e.id)),
    };
    // Never parked within the test: the poisoned projection stays stuck while the other follows the log.
    const runner = new ProjectionRunner(db, store, [poisoned(() => false), beside], { schema, maxAttempts: 1000 });
    await runner.init();
    for (let round = 0; round < 20; round++) await runner.runOnce();
    const [activity, other] = await runner.status();
    expect(other).toMatchObject({ name: 'texts_beside', lag: 0 });
    expect(activity.lag).toBeGreaterThan(0);
    expect(await runner.deadLetters()).toEqual([]);
    // Each event counted once, the poisoned one included (it is only this projection's poison).
    expect(new Set(counted).size).toBe(counted.length);
    expect(counted).toContain(poisonId);
    await dropSchema(db, schema);
  });

  it('--retry applies a parked event once it can be applied; --skip drops it; a retry that fails keeps it', async () => {
    const schema = testSchemaName('rm');
    let fixed = false;
    const runner = new ProjectionRunner(db, store, [poisoned(() => fixed)], { schema, maxAttempts: 2 });
    await runner.init();
    await runner.catchUp('stream_activity');
    await expect(runner.retryDeadLetter('stream_activity', poisonId)).rejects.toThrow('cannot store');
    expect(await runner.deadLetters()).toHaveLength(1);
    fixed = true;
    await runner.retryDeadLetter('stream_activity', poisonId);
    expect(await runner.deadLetters()).toEqual([]);
    expect((await rows(schema)).find((r) => r.stream_id === 'doc-2')).toEqual({
      stream_id: 'doc-2',
      events: 3,
      words: 3,
    });

    const other = testSchemaName('rm');
    const skipping = new ProjectionRunner(db, store, [poisoned(() => false)], { schema: other, maxAttempts: 2 });
    await skipping.init();
    await skipping.catchUp('stream_activity');
    await skipping.skipDeadLetter('stream_activity', poisonId);
    expect(await skipping.deadLetters()).toEqual([]);
    await expect(skipping.skipDeadLetter('stream_activity', poisonId)).rejects.toThrow('No dead letter');
    await dropSchema(db, schema);
    await dropSchema(db, other);
  });
}

describe('projection dead letters', () => {
  it('tells passing database failures from poisoned events, and describes errors without SQL or values', () => {
    expect(isTransientFailure({ name: 'ConnectionException', message: 'x' })).toBe(true);
    expect(isTransientFailure({ code: 'ECONNREFUSED' })).toBe(true);
    expect(isTransientFailure({ code: '57P01' })).toBe(true);
    expect(isTransientFailure({ code: '22P05', name: 'DriverException' })).toBe(false);
    expect(isTransientFailure({ code: '08P01', name: 'DriverException' })).toBe(false); // PGlite on a NUL
    expect(isTransientFailure({ code: '08006', name: 'DriverException' })).toBe(true);
    expect(isTransientFailure(new TypeError('x is undefined'))).toBe(false);
    expect(
      describeFailure({
        name: 'DriverException',
        code: '22P05',
        message: `insert into "read_model"."users" ("name", "email") values ('a\u0000b', 'ada@example.com') - unsupported Unicode escape sequence`,
      }),
    ).toBe('DriverException SQLSTATE 22P05: unsupported Unicode escape sequence');
  });
});

describe('projection dead letters on PGlite', () => deadLetterSuite(() => ({ kind: 'pglite' })));

describeWithService('postgres', 'projection dead letters on PostgreSQL', (url) =>
  deadLetterSuite(() => ({ kind: 'postgres', url })),
);
