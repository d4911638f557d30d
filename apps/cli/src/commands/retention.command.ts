import type { Writable } from 'node:stream';
import type { Command } from 'commander';
import type { EventStore } from '@inkprint/eventstore';
import { purgeExpired, TextVault, type PurgeSummary, type VaultKind } from '@inkprint/text-vault';
import { count, elapsed, OpsProgress } from '../ops/progress';
import { openInkprintData } from '../ops/runtime';

const NOUNS: Record<VaultKind, [string, string]> = {
  text: ['text', 'texts'],
  detection: ['cached result', 'cached results'],
  rewrite: ['rewrite', 'rewrites'],
  report: ['report', 'reports'],
  upload: ['upload', 'uploads'],
};

/** `purged 12 texts, 3 reports in 0.4 s` (dry run: `would purge ...`); kinds with nothing to purge are left out. */
export function purgeSummaryLine(summary: PurgeSummary, took: string): string {
  const parts = (Object.keys(NOUNS) as VaultKind[])
    .filter((kind) => summary.deleted[kind] > 0)
    .map((kind) => count(summary.deleted[kind], ...NOUNS[kind]));
  const what = parts.length > 0 ? parts.join(', ') : 'nothing';
  const expired = summary.expiredReports > 0 ? ` (${count(summary.expiredReports, 'report')} expired)` : '';
  return `${summary.dryRun ? 'would purge' : 'purged'} ${what}${summary.dryRun ? '' : expired} in ${took}`;
}

/** The scheduled purge's rules (purgeExpired), run once now. */
export async function runRetentionPurge(
  store: EventStore,
  vault: TextVault,
  options: { dryRun?: boolean; now?: Date; progress: Writable & { isTTY?: boolean } },
): Promise<PurgeSummary> {
  const bar = new OpsProgress(options.progress, 'expiring reports', 'reports');
  return purgeExpired(store, vault, {
    now: options.now ?? new Date(),
    dryRun: options.dryRun,
    onReport: (done, total) => bar.update(done, total),
  });
}

export function register(program: Command): void {
  const retention = program.command('retention').description('Retention of submitted texts, results and reports');
  retention
    .command('purge')
    .description(
      'Expire reports past 24 h and delete every vault entry past its retention, as the API does every 10 minutes',
    )
    .option('--dry-run', 'count what would be purged and change nothing')
    .option('--json', 'print the summary as JSON')
    .addHelpText(
      'after',
      '\nThe same rules as the scheduled purge (docs/retention.md); safe while the API runs (idempotent). Examples:\n' +
        '  inkprint retention purge --dry-run\n  DATABASE_URL=postgres://... inkprint retention purge',
    )
    .action(async (options: { dryRun?: boolean; json?: boolean }) => {
      const data = await openInkprintData();
      try {
        const started = Date.now();
        const vault = await TextVault.create(data.db.sql);
        const summary = await runRetentionPurge(data.store, vault, {
          dryRun: options.dryRun,
          progress: process.stderr,
        });
        process.stdout.write(
          options.json ? `${JSON.stringify(summary)}\n` : `${purgeSummaryLine(summary, elapsed(started))}\n`,
        );
      } finally {
        await data.close();
      }
    });
}
