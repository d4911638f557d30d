import type { Writable } from 'node:stream';
import type { Command } from 'commander';
import type { DeadLetter, ProjectionRunner } from '@inkprint/projections';
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

/**
 * The events projections parked (`inkprint projections dead-letters`), and what an operator does with one: `retry`
 * applies it again (after a fix), `skip` gives up on it. Both take an event id and act on every projection that
 * parked it (or only `projection`). Returns the dead letters left.
 */
export async function resolveDeadLetters(
  runner: ProjectionRunner,
  action: { retry?: string; skip?: string; projection?: string } = {},
): Promise<{ resolved: string[]; left: DeadLetter[] }> {
  if (action.retry && action.skip) throw new Error('pass --retry or --skip, not both');
  const eventId = action.retry ?? action.skip;
  const resolved: string[] = [];
  if (eventId) {
    const letters = (await runner.deadLetters(action.projection)).filter((l) => l.eventId === eventId);
    if (letters.length === 0) throw new Error(`no dead letter for event ${eventId}`);
    for (const letter of letters) {
      if (action.retry) await runner.retryDeadLetter(letter.projection, eventId);
      else await runner.skipDeadLetter(letter.projection, eventId);
      resolved.push(letter.projection);
    }
  }
  return { resolved, left: await runner.deadLetters() };
}

export function formatDeadLetters(rows: readonly DeadLetter[]): string {
  if (rows.length === 0) return 'No parked events.\n';
  return table(
    ['projection', 'position', 'event', 'type', 'attempts', 'parked', 'error'],
    rows.map((r) => [r.projection, r.position, r.eventId, r.eventType, String(r.attempts), r.parkedAt, r.error]),
  );
}

function table(header: string[], body: string[][]): string {
  const lines = [header, ...body];
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

export function formatStatus(rows: Awaited<ReturnType<ProjectionRunner['status']>>): string {
  if (rows.length === 0) return 'No projections are registered.\n';
  return table(
    ['projection', 'position', 'lag', 'updated'],
    rows.map((r) => [r.name, r.position, String(r.lag), r.updatedAt ?? 'never']),
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

  projections
    .command('dead-letters')
    .description('List events a projection could not apply and parked; --retry or --skip one by its event id')
    .option('--retry <eventId>', 'apply the parked event again (after a fix); it stays parked if it still fails')
    .option('--skip <eventId>', 'give up on the parked event (the log keeps it; the read model goes without it)')
    .option('--projection <name>', 'only this projection')
    .option('--json', 'print JSON instead of a table')
    .addHelpText(
      'after',
      '\nA parked event turns GET /health to "degraded" and shows in inkprint_projection_dead_letters. Examples:\n' +
        '  inkprint projections dead-letters\n  inkprint projections dead-letters --retry 0b6f…\n' +
        '  inkprint projections dead-letters --skip 0b6f… --projection users',
    )
    .action(async (options: { retry?: string; skip?: string; projection?: string; json?: boolean }) => {
      const { runner, close } = await openProjectionRunner();
      try {
        const { resolved, left } = await resolveDeadLetters(runner, options);
        if (resolved.length > 0) {
          process.stderr.write(`${options.retry ? 'retried' : 'skipped'} in ${resolved.join(', ')}\n`);
        }
        process.stdout.write(options.json ? `${JSON.stringify(left)}\n` : formatDeadLetters(left));
      } finally {
        await close();
      }
    });
}
