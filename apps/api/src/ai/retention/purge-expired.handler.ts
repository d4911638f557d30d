import { Inject, Logger } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { EventStore } from '@inkprint/eventstore';
import { purgeExpired, type PurgeSummary, type TextVault } from '@inkprint/text-vault';
import { CLOCK, type Clock } from '../../platform/clock';
import { EVENT_STORE } from '../../platform/tokens';
import { TEXT_VAULT } from '../shared/tokens';

export type { PurgeSummary };

export class PurgeExpired extends Command<PurgeSummary> {
  constructor(readonly options: { dryRun?: boolean } = {}) {
    super();
  }
}

/**
 * Retention (docs/retention.md): reports past their 24 h get ReportExpired on their stream, then every vault entry
 * past its expiry (texts and cached results at 48 h, reports at 24 h) is deleted. Idempotent; run by the scheduler.
 * The rules are purgeExpired (@inkprint/text-vault), which `inkprint retention purge` runs too.
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
    const summary = await purgeExpired(this.store, this.vault, { now: this.clock.now(), dryRun: options.dryRun });
    const total = Object.values(summary.deleted).reduce((a, b) => a + b, 0);
    if (total > 0 && !options.dryRun) {
      this.logger.log(`purged ${total} expired entries (${JSON.stringify(summary.deleted)})`);
    }
    return summary;
  }
}
