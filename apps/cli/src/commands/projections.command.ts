import * as path from 'node:path';
import type { Command } from 'commander';
import { accountsPersonalData } from '@inkprint/accounts-domain';
import { ProjectionRunner, openDatabase, openEventStore } from '@inkprint/eventstore';
import { inkprintProjections } from '@inkprint/read-models';

/** Repository root: this file sits at apps/cli/{src,dist}/commands/. */
const REPO_ROOT = path.resolve(__dirname, '..', '..', '..', '..');

export interface ProjectionsEnvironment {
  DATABASE_URL?: string;
  DATA_DIR?: string;
  KURRENTDB_URL?: string;
}

/** Opens the same database, event store and projections the API uses, from the same variables. */
export async function openProjectionRunner(env: ProjectionsEnvironment = process.env) {
  const projections = inkprintProjections();
  const db = await openDatabase({
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: env.DATABASE_URL ? undefined : path.resolve(REPO_ROOT, env.DATA_DIR || '.data/pglite'),
    entities: projections.flatMap((p) => [...p.entities]),
  });
  const store = await openEventStore(db, {
    kurrentDbUrl: env.KURRENTDB_URL || undefined,
    personalData: accountsPersonalData,
  });
  const runner = new ProjectionRunner(db, store, projections);
  await runner.init();
  return {
    runner,
    async close() {
      await store.close();
      await db.close();
    },
  };
}

export function formatStatus(rows: Awaited<ReturnType<ProjectionRunner['status']>>): string {
  if (rows.length === 0) return 'No projections are registered.\n';
  const header = ['projection', 'position', 'lag', 'updated'];
  const lines = [header, ...rows.map((r) => [r.name, r.position, String(r.lag), r.updatedAt ?? 'never'])];
  const widths = header.map((_, i) => Math.max(...lines.map((l) => l[i].length)));
  return (
    lines
      .map((l) =>
        l
          .map((cell, i) => cell.padEnd(widths[i]))
          .join('  ')
          .trimEnd(),
      )
      .join('\n') + '\n'
  );
}

export function register(program: Command): void {
  const projections = program
    .command('projections')
    .description(
      'Read models: status and rebuilds (embedded PGlite: stop the API first; PostgreSQL: safe while it runs)',
    );

  projections
    .command('status')
    .description('Show each projection with its checkpoint and lag behind the event log')
    .option('--json', 'print JSON instead of a table')
    .action(async (options: { json?: boolean }) => {
      const { runner, close } = await openProjectionRunner();
      try {
        const rows = await runner.status();
        process.stdout.write(options.json ? `${JSON.stringify(rows)}\n` : formatStatus(rows));
      } finally {
        await close();
      }
    });

  projections
    .command('rebuild <name>')
    .description('Rebuild one projection from the first event into a shadow schema, then swap it in')
    .action(async (name: string) => {
      const { runner, close } = await openProjectionRunner();
      try {
        runner.projection(name);
        const started = Date.now();
        const result = await runner.rebuild(name);
        process.stdout.write(
          `Rebuilt ${name}: ${result.events} events in ${Date.now() - started} ms; swapped in from ${result.shadowSchema}\n`,
        );
      } finally {
        await close();
      }
    });
}
