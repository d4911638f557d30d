import { reportDecider, reportStreamId } from '@inkprint/ai-domain';
import { handleCommand, type EventStore } from '@inkprint/eventstore';
import type { TextVault, VaultKind } from './text-vault';
import { vaultKeys } from './vault-keys';

export type PurgeSummary = { expiredReports: number; deleted: Record<VaultKind, number>; dryRun: boolean; at: string };

export interface PurgeOptions {
  now: Date;
  /** Count what would go; change nothing (no ReportExpired, no deletion). */
  dryRun?: boolean;
  /** Called after each expired report is handled (a progress bar), with how many there are. */
  onReport?: (done: number, total: number) => void;
}

/**
 * The retention rules (docs/retention.md), in one place for the scheduled purge (the API's PurgeExpired) and
 * `inkprint retention purge`: every shared report past its 24 h gets ReportExpired on its stream, then every vault
 * entry past its expiry (texts, rewrites, uploads and cached results at 48 h, reports at 24 h) is deleted.
 * Idempotent: a report already expired is not expired twice, a deleted entry is gone.
 */
export async function purgeExpired(store: EventStore, vault: TextVault, options: PurgeOptions): Promise<PurgeSummary> {
  const at = options.now.toISOString();
  const reports = await vault.expiredReports(options.now);
  if (!options.dryRun) {
    for (const [i, key] of reports.entries()) {
      await handleCommand(
        store,
        reportStreamId(vaultKeys.reportIdOf(key)),
        reportDecider,
        { type: 'ExpireReport', data: { at } },
        { metadata: { actor: { type: 'system', id: 'retention' } } },
      );
      options.onReport?.(i + 1, reports.length);
    }
  }
  const deleted = await vault.purge(options.now, { dryRun: options.dryRun });
  return { expiredReports: reports.length, deleted, dryRun: Boolean(options.dryRun), at };
}
