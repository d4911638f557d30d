// Event store and projection benchmarks on embedded PGlite and on PostgreSQL (when TEST_DATABASE_URL or
// .services/env points at one). Run with `npm run bench` at the root.
import { readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { Database, openDatabase, PostgresEventStore } from '@inkprint/eventstore-postgresql';
import { testSchemaName } from '@inkprint/eventstore-postgresql/testing';
import { ProjectionRunner } from '../src/projection-runner';
import { StreamActivitySchema, streamActivityProjection } from '../src/testing/stream-activity-projection';

type Row = { backend: string; scenario: string; events: number; seconds: number };

function postgresUrl(): string | undefined {
  if (process.env.TEST_DATABASE_URL) return process.env.TEST_DATABASE_URL;
  const envFile = join(__dirname, '../../../.services/env');
  if (!existsSync(envFile)) return undefined;
  return /TEST_DATABASE_URL=(\S+)/.exec(readFileSync(envFile, 'utf8'))?.[1];
}

async function timed(work: () => Promise<number>): Promise<{ events: number; seconds: number }> {
  const started = process.hrtime.bigint();
  const events = await work();
  return { events, seconds: Number(process.hrtime.bigint() - started) / 1e9 };
}

async function benchBackend(backend: string, db: Database, writers: number): Promise<Row[]> {
  const rows: Row[] = [];
  const schema = testSchemaName('bench');
  const readSchema = testSchemaName('benchrm');
  const store = await PostgresEventStore.create(db.sql, { schema });
  const event = (i: number) => ({
    type: 'TextSubmitted',
    data: { words: i % 500, text: 'lorem ipsum dolor sit amet' },
  });
  try {
    // Warm-up.
    for (let i = 0; i < 50; i++) await store.appendToStream(`warm-${i}`, [event(i)], { expectedVersion: 'no_stream' });

    const singleStream = await timed(async () => {
      const n = 1000;
      for (let v = 0; v < n; v++) await store.appendToStream('single', [event(v)], { expectedVersion: v });
      return n;
    });
    rows.push({ backend, scenario: 'one stream, 1 event per append, sequential', ...singleStream });

    const manySingle = await timed(async () => {
      const perWriter = 400;
      await Promise.all(
        Array.from({ length: writers }, async (_, w) => {
          for (let i = 0; i < perWriter; i++)
            await store.appendToStream(`many1-${w}-${i}`, [event(i)], { expectedVersion: 'no_stream' });
        }),
      );
      return perWriter * writers;
    });
    rows.push({ backend, scenario: `many streams, 1 event per append, ${writers} writers`, ...manySingle });

    const manyBatched = await timed(async () => {
      const perWriter = 200;
      const batch = 10;
      await Promise.all(
        Array.from({ length: writers }, async (_, w) => {
          for (let i = 0; i < perWriter; i++) {
            await store.appendToStream(
              `many10-${w}-${i}`,
              Array.from({ length: batch }, (_, k) => event(k)),
              { expectedVersion: 'no_stream' },
            );
          }
        }),
      );
      return perWriter * writers * batch;
    });
    rows.push({ backend, scenario: `many streams, 10 events per append, ${writers} writers`, ...manyBatched });

    const runner = new ProjectionRunner(db, store, [streamActivityProjection()], {
      schema: readSchema,
      batchSize: 1000,
    });
    await runner.init();
    const total = await store.countAfter(0n);
    const catchUp = await timed(() => runner.catchUp('stream_activity'));
    rows.push({ backend, scenario: `projection catch-up (${total} events, batches of 1000)`, ...catchUp });
  } finally {
    await db.sql.query(`drop schema if exists "${schema}" cascade`);
    await db.sql.query(`drop schema if exists "${readSchema}" cascade`);
  }
  return rows;
}

async function main() {
  const rows: Row[] = [];
  const pglite = await openDatabase({ entities: [StreamActivitySchema] });
  try {
    rows.push(...(await benchBackend('PGlite', pglite, 8)));
  } finally {
    await pglite.close();
  }
  const url = postgresUrl();
  if (url) {
    const pg = await openDatabase({ databaseUrl: url, entities: [StreamActivitySchema], poolSize: 16 });
    try {
      rows.push(...(await benchBackend('PostgreSQL', pg, 16)));
    } finally {
      await pg.close();
    }
  } else {
    process.stdout.write('PostgreSQL: not measured (start it with scripts/services.sh start postgres)\n');
  }
  const table = [
    ['backend', 'scenario', 'events', 'seconds', 'events/s'],
    ...rows.map((r) => [
      r.backend,
      r.scenario,
      String(r.events),
      r.seconds.toFixed(2),
      Math.round(r.events / r.seconds).toLocaleString('en-US'),
    ]),
  ];
  const widths = table[0].map((_, i) => Math.max(...table.map((l) => l[i].length)));
  process.stdout.write('\nEvent store and projections\n');
  for (const line of table)
    process.stdout.write(`${line.map((c, i) => (i >= 2 ? c.padStart(widths[i]) : c.padEnd(widths[i]))).join('  ')}\n`);
}

main().catch((error) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
