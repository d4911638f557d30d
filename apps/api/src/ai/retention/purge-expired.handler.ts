import { Inject, Logger } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { reportDecider, reportStreamId } from '@inkprint/ai-domain';
import { handleCommand, type EventStore } from '@inkprint/eventstore';
import type { TextVault, VaultKind } from '@inkprint/text-vault';
import { CLOCK, type Clock } from '../../platform/clock';
import { EVENT_STORE } from '../../platform/tokens';
import { vaultKeys } from '../shared/submissions';
import { TEXT_VAULT } from '../shared/tokens';

export type PurgeSummary = { expiredReports: number; deleted: Record<VaultKind, number>; dryRun: boolean; at: string };

export class PurgeExpired extends Command<PurgeSummary> {
  constructor(readonly options: { dryRun?: boolean } = {}) {
    super();
  }
}

/**
 * Retention (docs/retention.md): reports past their 24 h get ReportExpired on their stream, then every vault entry
 * past its expiry (texts and cached results at 48 h, reports at 24 h) is deleted. Idempotent; run by the scheduler.
 */
@CommandHandler(PurgeExpired)
export class PurgeExpiredHandler implements ICommandHandler<PurgeExpired> {
  private readonly logger = new Logger('Retention');

  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(TEXT_VAULT) private readonly vault: TextVault,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ options }: PurgeExpired): Promise<PurgeSummary> {
    const now = this.clock.now();
    const at = now.toISOString();
    const reports = await this.vault.expiredReports(now);
    if (!options.dryRun) {
      for (const key of reports) {
        const reportId = vaultKeys.reportIdOf(key);
        await handleCommand(
          this.store,
          reportStreamId(reportId),
          reportDecider,
          { type: 'ExpireReport', data: { at } },
          { metadata: { actor: { type: 'system', id: 'retention' } } },
        );
      }
    }
    const deleted = await this.vault.purge(now, options);
    const total = Object.values(deleted).reduce((a, b) => a + b, 0);
    if (total > 0 && !options.dryRun) this.logger.log(`purged ${total} expired entries (${JSON.stringify(deleted)})`);
    return { expiredReports: reports.length, deleted, dryRun: Boolean(options.dryRun), at };
  }
}
