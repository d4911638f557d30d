import { Injectable, Logger } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { Interval } from '@nestjs/schedule';
import { PurgeExpired } from './purge-expired.handler';

/** Every 10 minutes: nothing outlives its retention by more than that. */
export const PURGE_INTERVAL_MS = 10 * 60_000;

@Injectable()
export class RetentionScheduler {
  private readonly logger = new Logger('Retention');
  private running = false;

  constructor(private readonly commands: CommandBus) {}

  @Interval('retention-purge', PURGE_INTERVAL_MS)
  async purge(): Promise<void> {
    if (this.running) return;
    this.running = true;
    try {
      await this.commands.execute(new PurgeExpired());
    } catch (error) {
      this.logger.error(`purge failed: ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      this.running = false;
    }
  }
}
