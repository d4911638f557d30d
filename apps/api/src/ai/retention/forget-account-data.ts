import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { reportDecider, reportStreamId } from '@inkprint/ai-domain';
import { handleCommand, type EventStore } from '@inkprint/eventstore';
import type { TextVault } from '@inkprint/text-vault';
import { ErasureHooks } from '../../accounts';
import { CLOCK, type Clock } from '../../platform/clock';
import { EVENT_STORE } from '../../platform/tokens';
import { vaultKeys } from '../shared/submissions';
import { TEXT_VAULT } from '../shared/tokens';

/** An erased account's texts, cached results, rewrites and reports go with it (reports get ReportDeleted). */
@Injectable()
export class ForgetAccountData implements OnModuleInit {
  constructor(
    private readonly hooks: ErasureHooks,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(TEXT_VAULT) private readonly vault: TextVault,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  onModuleInit(): void {
    this.hooks.register('ai-texts-and-reports', async (accountId) => {
      await this.forget(accountId);
    });
  }

  async forget(accountId: string): Promise<number> {
    const removed = await this.vault.forgetOwner({ type: 'user', id: accountId });
    const at = this.clock.now().toISOString();
    for (const { key, kind } of removed) {
      if (kind !== 'report') continue;
      await handleCommand(
        this.store,
        reportStreamId(vaultKeys.reportIdOf(key)),
        reportDecider,
        { type: 'DeleteReport', data: { reason: 'account_erased', at } },
        {
          metadata: { actor: { type: 'system', id: 'erasure' } },
        },
      );
    }
    return removed.length;
  }
}
