import { Inject, Injectable } from '@nestjs/common';
import { DomainError } from '@inkprint/domain-kernel';
import { APP_CONFIG, type AppConfig } from '../../config';
import { SlidingWindow } from '../../http/sliding-window';

/**
 * Hourly limits on what costs others something (issue 25 item 8, issue 30 item 11): new accounts and guest sessions
 * per client address, verification and reset mails per address and per target address. On top of the per-minute
 * sign-in and code throttle (auth-throttler.guard.ts). A refusal reveals nothing about whether an account exists:
 * the target's count grows for known and unknown addresses alike.
 */
export const ABUSE_LIMITS = {
  register: { perAddress: 10, perTarget: 5 },
  guestSession: { perAddress: 30, perTarget: 0 },
  passwordReset: { perAddress: 10, perTarget: 3 },
  /** Second-factor codes per admin account (the 'address' is the account id): a brute force needs years. */
  mfaCode: { perAddress: 20, perTarget: 0 },
} as const;
export type AbuseRule = keyof typeof ABUSE_LIMITS;

@Injectable()
export class AbuseLimits {
  private readonly window = new SlidingWindow(3600_000);

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  /** Counts one use of `rule` by `address` (and for `target`, an e-mail address), or refuses TOO_MANY_REQUESTS. */
  take(rule: AbuseRule, address: string, target?: string): void {
    if (!this.config.abuseLimits) return;
    const limits = ABUSE_LIMITS[rule];
    const keys: Array<{ key: string; limit: number }> = [
      { key: `${rule}:address:${address}`, limit: limits.perAddress },
    ];
    if (target && limits.perTarget > 0)
      keys.push({ key: `${rule}:target:${target.trim().toLowerCase()}`, limit: limits.perTarget });
    const taken = this.window.take(keys, Date.now());
    if (!taken.ok) {
      const minutes = Math.ceil(taken.retryAfterSeconds / 60);
      throw new DomainError(
        'TOO_MANY_REQUESTS',
        `Too many requests. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`,
        429,
        { retryAfterSeconds: taken.retryAfterSeconds },
      );
    }
  }
}
