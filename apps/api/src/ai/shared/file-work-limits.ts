import { Inject, Injectable } from '@nestjs/common';
import { DomainError } from '@inkprint/domain-kernel';
import { APP_CONFIG, type AppConfig } from '../../config';
import { SlidingWindow } from '../../http/sliding-window';

/**
 * Files read per minute per account and per client address (issue 39 item 4): an upload (`POST /ai/upload-text`) and
 * each file of a batch count alike, so batches no longer read files (OCR, PDF, DOCX: the shared extraction pool) past
 * the rate a caller may upload them one by one. An upload over the allowance is refused (429); a batch's file waits
 * for its turn. Off with ABUSE_LIMITS=off (the test rigs).
 */
export const FILES_PER_MINUTE = 30;

export interface FileWorker {
  accountId?: string;
  address?: string;
}

@Injectable()
export class FileWorkLimits {
  private readonly window = new SlidingWindow(60_000);

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  private keys(who: FileWorker): Array<{ key: string; limit: number }> {
    const keys: Array<{ key: string; limit: number }> = [];
    if (who.accountId) keys.push({ key: `account:${who.accountId}`, limit: FILES_PER_MINUTE });
    if (who.address) keys.push({ key: `address:${who.address}`, limit: FILES_PER_MINUTE });
    return keys;
  }

  /** One uploaded file: counted now, or refused with TOO_MANY_REQUESTS (Retry-After). */
  take(who: FileWorker, now = Date.now()): void {
    if (!this.config.abuseLimits) return;
    const taken = this.window.take(this.keys(who), now);
    if (!taken.ok)
      throw new DomainError(
        'TOO_MANY_REQUESTS',
        `Too many files in the last minute. Please wait ${taken.retryAfterSeconds} seconds and try again.`,
        429,
        { retryAfterSeconds: taken.retryAfterSeconds },
      );
  }

  /** One file of a batch: waits until it may be read (counted then), or until `stop()` says to give up. */
  async wait(who: FileWorker, stop: () => boolean): Promise<void> {
    if (!this.config.abuseLimits) return;
    for (;;) {
      const taken = this.window.take(this.keys(who), Date.now());
      if (taken.ok || stop()) return;
      await new Promise((resolve) => setTimeout(resolve, Math.min(1_000, taken.retryAfterSeconds * 1_000)));
    }
  }
}
