import { Injectable } from '@nestjs/common';
import { DomainError } from '@inkprint/domain-kernel';
import { SlidingWindow } from '../../http/sliding-window';

/** Reports a caller (account or guest) may share within an hour. */
export const REPORTS_PER_HOUR = 20;

/** Per-caller limit of `POST /ai/report` (issue 25 item 3: twenty anonymous 500 kB reports a second were accepted). */
@Injectable()
export class ReportLimit {
  private readonly window = new SlidingWindow(3600_000);

  /** Counts one report for `caller` at `now`, or refuses with REPORT_LIMIT_REACHED and the wait in seconds. */
  take(caller: string, now: number): void {
    const taken = this.window.take([{ key: caller, limit: REPORTS_PER_HOUR }], now);
    if (!taken.ok) {
      throw new DomainError(
        'REPORT_LIMIT_REACHED',
        `You have shared ${REPORTS_PER_HOUR} reports in the last hour. Try again in ${Math.ceil(taken.retryAfterSeconds / 60)} minutes.`,
        429,
        { retryAfterSeconds: taken.retryAfterSeconds },
      );
    }
  }
}
