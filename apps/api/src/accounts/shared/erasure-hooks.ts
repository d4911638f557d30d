import { Injectable, Logger } from '@nestjs/common';

export type ErasureHook = (accountId: string) => Promise<void>;

/**
 * What else an erasure must forget, registered by the features that keep data per account (the AI service's texts
 * and reports). Run after the account's key is destroyed; a hook that fails is logged and retried by re-running the
 * erasure (each hook is idempotent), and the 48 h purge bounds anything left behind.
 */
@Injectable()
export class ErasureHooks {
  private readonly logger = new Logger('Erasure');
  private readonly hooks: Array<{ name: string; run: ErasureHook }> = [];

  register(name: string, run: ErasureHook): void {
    this.hooks.push({ name, run });
  }

  async run(accountId: string): Promise<void> {
    for (const hook of this.hooks) {
      try {
        await hook.run(accountId);
      } catch (error) {
        this.logger.error(
          `erasure hook ${hook.name} failed for account ${accountId}: ${error instanceof Error ? error.message : String(error)}`,
        );
        throw error;
      }
    }
  }
}
