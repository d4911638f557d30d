import { describeWithService } from '@inkprint/testing';
import { type Database, PostgresEventStore } from '@inkprint/eventstore-postgresql';
import {
  dropSchema,
  openTestDatabase,
  testSchemaName,
  type TestBackend,
} from '@inkprint/eventstore-postgresql/testing';
import type { Projection } from './projection';
import { ProjectionRunner } from './projection-runner';
import { StreamActivitySchema, streamActivityProjection } from './testing/stream-activity-projection';

async function readModel(db: Database, schema: string) {
  return db.sql.query<{ stream_id: string; events: number; words: number; last_type: string }>(
    `select stream_id, events, words, last_type from "${schema}".stream_activity order by stream_id`,
  );
}

function runnerSuite(backend: () => TestBackend) {
  const eventsSchema = testSchemaName('es');
  const readSchema = testSchemaName('rm');
  let db: Database;
  let store: PostgresEventStore;

  beforeAll(async () => {
    db = await openTestDatabase(backend(), { entities: [StreamActivitySchema] });
    store = await PostgresEventStore.create(db.sql, { schema: eventsSchema });
    for (let s = 0; s < 6; s++) {
      for (let v = 0; v < 5; v++) {
        await store.appendToStream(
          `doc-${s}`,
          [
            { type: 'TextSubmitted', data: { words: 10 * (s + 1) + v } },
            { type: 'Ignored', data: {} },
          ],
          { expectedVersion: v * 2 },
        );
      }
    }
  });
  afterAll(async () => {
    if (db) {
      await dropSchema(db, readSchema);
      await dropSchema(db, eventsSchema);
      await db.close();
    }
  });

  const expected = Array.from({ length: 6 }, (_, s) => ({
    stream_id: `doc-${s}`,
    events: 5,
    words: Array.from({ length: 5 }, (_, v) => 10 * (s + 1) + v).reduce((a, b) => a + b, 0),
    last_type: 'TextSubmitted',
  }));

  it('resumes after a crash mid-batch without applying any event twice, matching a rebuild from scratch', async () => {
    let crashes = 1;
    const crashing = new ProjectionRunner(
      db,
      store,
      [
        streamActivityProjection({
          beforeEvent: (_event, index) => {
            if (index === 7 && crashes-- > 0) throw new Error('simulated crash mid-batch');
          },
          flushEachEvent: true,
        }),
      ],
      { schema: readSchema, batchSize: 25 },
    );
    await crashing.init();
    await expect(crashing.processBatch('stream_activity')).rejects.toThrow('simulated crash');
    // The crashed batch left nothing behind: no rows, checkpoint still at the start.
    expect(await readModel(db, readSchema)).toEqual([]);
    expect((await crashing.status())[0]).toMatchObject({ position: '0', lag: 60 });

    const restarted = new ProjectionRunner(db, store, [streamActivityProjection()], {
      schema: readSchema,
      batchSize: 25,
    });
    await restarted.catchUp('stream_activity');
    expect(await readModel(db, readSchema)).toEqual(expected);
    expect((await restarted.status())[0].lag).toBe(0);

    const rebuilt = await restarted.rebuild('stream_activity');
    expect(rebuilt.events).toBe(60);
    expect(await readModel(db, readSchema)).toEqual(expected);
    expect((await restarted.status())[0].lag).toBe(0);
    const shadows = await db.sql.query(`select 1 from information_schema.schemata where schema_name = $1`, [
      rebuilt.shadowSchema,
    ]);
    expect(shadows).toEqual([]);
  });

  it('keeps following the log in the background and picks up new events', async () => {
    const batches: Array<{ projection: string; events: number; seconds: number }> = [];
    const runner = new ProjectionRunner(db, store, [streamActivityProjection()], {
      schema: readSchema,
      pollIntervalMs: 20,
      onBatch: (projection, batch) => batches.push({ projection, ...batch }),
    });
    await runner.init();
    runner.start();
    await store.appendToStream('doc-new', [{ type: 'TextScored', data: { words: 7 } }], {
      expectedVersion: 'no_stream',
    });
    runner.wake();
    const deadline = Date.now() + 10_000;
    while (Date.now() < deadline && !(await readModel(db, readSchema)).some((r) => r.stream_id === 'doc-new')) {
      await new Promise((r) => setTimeout(r, 25));
    }
    await runner.stop();
    expect((await readModel(db, readSchema)).find((r) => r.stream_id === 'doc-new')).toEqual({
      stream_id: 'doc-new',
      events: 1,
      words: 7,
      last_type: 'TextScored',
    });
    // Each applied batch is reported (the API's projection batch histogram), the new event's among them.
    expect(batches.length).toBeGreaterThan(0);
    expect(batches.every((b) => b.projection === 'stream_activity' && b.events > 0 && b.seconds > 0)).toBe(true);
  });

  it('applies a round of several projections in one transaction with one checkpoint write, and polls with one read', async () => {
    const schema = testSchemaName('rm');
    const seen: string[] = [];
    // A second projection beside the first, at the same checkpoint; its rows are the events it was given.
    const scored: Projection = {
      name: 'scored_texts',
      entities: [],
      eventTypes: ['TextScored'],
      apply: async (events) => void seen.push(...events.map((e) => e.streamId)),
    };
    const runner = new ProjectionRunner(db, store, [streamActivityProjection(), scored], { schema });
    await runner.init();
    await runner.catchUpAll();
    seen.length = 0;
    await store.appendToStream('doc-round', [{ type: 'TextScored', data: { words: 3 } }], {
      expectedVersion: 'no_stream',
    });
    const sent: string[] = [];
    const unwatch = db.statements.watch((sql) => sent.push(sql.replace(/\s+/g, ' ')));
    try {
      expect(await runner.runOnce()).toBe(true);
      const round = sent.splice(0);
      expect(round.filter((sql) => /^BEGIN/i.test(sql))).toHaveLength(1);
      expect(round.filter((sql) => /^COMMIT/i.test(sql))).toHaveLength(1);
      expect(round.filter((sql) => /projection_checkpoints/.test(sql) && /^update/i.test(sql))).toHaveLength(1);
      expect(seen).toEqual(['doc-round']);
      // Nothing new: the loop goes on from the checkpoints its round left, reading only the log.
      expect(await runner.runOnce()).toBe(false);
      expect(sent.splice(0)).toEqual([expect.stringMatching(/es_events/)]);
    } finally {
      unwatch();
    }
    expect((await readModel(db, schema)).find((r) => r.stream_id === 'doc-round')).toMatchObject({ words: 3 });
    expect((await runner.status()).map((p) => p.lag)).toEqual([0, 0]);
    await dropSchema(db, schema);
  });
}

describe('ProjectionRunner on embedded PGlite', () => {
  runnerSuite(() => ({ kind: 'pglite' }));
});

describeWithService('postgres', 'ProjectionRunner on PostgreSQL', (url) => {
  runnerSuite(() => ({ kind: 'postgres', url }));
});

describeWithService('postgres', 'ProjectionRunner killed by SIGKILL mid-batch', (url) => {
  const eventsSchema = testSchemaName('es');
  const readSchema = testSchemaName('rm');
  let db: Database;
  beforeAll(async () => {
    db = await openTestDatabase({ kind: 'postgres', url }, { entities: [StreamActivitySchema] });
    const store = await PostgresEventStore.create(db.sql, { schema: eventsSchema });
    for (let s = 0; s < 10; s++) {
      await store.appendToStream(
        `doc-${s}`,
        Array.from({ length: 8 }, (_, v) => ({ type: 'TextSubmitted', data: { words: s * 100 + v } })),
        { expectedVersion: 'no_stream' },
      );
    }
  });
  afterAll(async () => {
    await dropSchema(db, readSchema);
    await dropSchema(db, eventsSchema);
    await db.close();
  });

  it('restarts from its last committed checkpoint and ends equal to a rebuild from scratch', async () => {
    const { spawn } = await import('node:child_process');
    const path = await import('node:path');
    const root = path.join(__dirname, '../../..');
    const child = spawn(
      process.execPath,
      [
        '-r',
        path.join(root, 'scripts/ts-register.js'),
        path.join(__dirname, 'testing/crash-child.ts'),
        url,
        eventsSchema,
        readSchema,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => chunk.toString().includes('inside-second-batch') && resolve());
      child.on('exit', (code) => reject(new Error(`child exited early with ${code}`)));
    });
    child.kill('SIGKILL');
    await new Promise((resolve) => child.once('exit', resolve));

    const store = PostgresEventStore.on(db.sql, { schema: eventsSchema });
    const runner = new ProjectionRunner(db, store, [streamActivityProjection()], { schema: readSchema, batchSize: 20 });
    // Exactly the first batch survived the kill.
    expect((await runner.status())[0]).toMatchObject({ lag: 60 });
    await runner.catchUp('stream_activity');
    const resumed = await readModel(db, readSchema);
    await runner.rebuild('stream_activity');
    expect(await readModel(db, readSchema)).toEqual(resumed);
    expect(resumed).toHaveLength(10);
    expect(resumed.every((row) => row.events === 8)).toBe(true);
  });
});
