import type { Writable } from 'node:stream';
import type { Command } from 'commander';
import type { ProjectionRunner } from '@inkprint/eventstore';
import { count, elapsed, OpsProgress } from '../ops/progress';
import { openInkprintData, type DataEnvironment } from '../ops/runtime';

export type ProjectionsEnvironment = DataEnvironment;

/** Opens the same database, event store and projections the API uses, from the same variables. */
export async function openProjectionRunner(env: ProjectionsEnvironment = process.env) {
  const { runner, close } = await openInkprintData(env);
  return { runner, close };
}

/**
 * Rebuilds projections from the first event, each into a shadow schema of its own, swapped in atomically (its
 * tables and its checkpoint in one transaction: ProjectionRunner.rebuild). `--all` rebuilds every projection that
 * way, one after another: each read model has its own tables and checkpoint and no projection reads another's
 * tables, so swapping them one by one leaves every read model consistent with its own checkpoint at every moment,
 * exactly as the live runner does when projections lag each other by a batch; one global swap would add nothing
 * but a longer lock.
 */
export async function rebuildProjections(
  runner: ProjectionRunner,
  names: readonly string[],
  progress: Writable & { isTTY?: boolean },
): Promise<{ projections: number; events: number }> {
  for (const name of names) runner.projection(name); // unknown names are refused before anything is rebuilt
  const bar = new OpsProgress(progress, 'rebuilding projections', 'projections');
  let events = 0;
  for (const [i, name] of names.entries()) {
    events += (await runner.rebuild(name)).events;
    bar.update(i + 1, names.length);
  }
  return { projections: names.length, events };
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
    .command('rebuild [name]')
    .description(
      'Rebuild one projection (or every one with --all) from the first event into a shadow schema, then swap it in',
    )
    .option('--all', 'rebuild every projection, each swapped in on its own once rebuilt')
    .addHelpText(
      'after',
      '\nEach projection is rebuilt into a shadow schema and swapped in atomically (tables and checkpoint in one\n' +
        'transaction); readers see the old read model until the swap. Examples:\n' +
        '  inkprint projections rebuild users_directory\n  inkprint projections rebuild --all',
    )
    .action(async (name: string | undefined, options: { all?: boolean }) => {
      if (Boolean(name) === Boolean(options.all)) {
        throw new Error('name one projection, or pass --all (see `inkprint projections status` for the names)');
      }
      const { runner, close } = await openProjectionRunner();
      try {
        const started = Date.now();
        const names = options.all ? (await runner.status()).map((row) => row.name) : [name!];
        const result = await rebuildProjections(runner, names, process.stderr);
        process.stdout.write(
          `rebuilt ${count(result.projections, 'projection')} from ${count(result.events, 'event')} in ${elapsed(started)}` +
            `${names.length === 1 ? ` (${names[0]})` : ''}\n`,
        );
      } finally {
        await close();
      }
    });
}
