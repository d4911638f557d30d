import { assertNever, DomainError, type Decider } from '@inkprint/domain-kernel';
import type { UsageFeature } from './plans';

/**
 * One feature's daily allowance for one subject (an account, a guest, or a client address), as one stream per day:
 * `usage-<feature>-<day>-<subject>`. Appends with the expected version make consumption atomic.
 */
export type QuotaSubject =
  { kind: 'account'; id: string } | { kind: 'guest'; id: string } | { kind: 'client'; id: string };

export function usageStreamId(feature: UsageFeature, day: string, subject: QuotaSubject): string {
  return `usage-${feature}-${day}-${subject.kind}-${subject.id}`;
}

export type ConsumeQuota = {
  type: 'ConsumeQuota';
  data: {
    requestId: string;
    feature: UsageFeature;
    day: string;
    /** null = unlimited (still counted). */
    limit: number | null;
    /** When the allowance resets (ISO), for the refusal's details. */
    resetsAt: string;
    at: string;
    /** Words in the request (the admin directory's "Words used"). */
    words: number;
  };
};
export type ReleaseQuota = { type: 'ReleaseQuota'; data: { requestId: string; reason: string; at: string } };
export type UsageQuotaCommand = ConsumeQuota | ReleaseQuota;

export type QuotaConsumed = {
  type: 'QuotaConsumed';
  data: { requestId: string; feature: UsageFeature; day: string; words: number; at: string };
};
export type QuotaReleased = { type: 'QuotaReleased'; data: { requestId: string; reason: string; at: string } };
export type UsageQuotaEvent = QuotaConsumed | QuotaReleased;

export interface UsageQuotaState {
  /** Request ids counted against the allowance (released ones removed). */
  counted: ReadonlySet<string>;
  /** Every request id seen, released or not (idempotency). */
  seen: ReadonlySet<string>;
}

export const DAILY_LIMIT_REACHED = 'DAILY_LIMIT_REACHED';

export const usageQuotaDecider: Decider<UsageQuotaState, UsageQuotaCommand, UsageQuotaEvent> = {
  initialState: () => ({ counted: new Set(), seen: new Set() }),
  decide(command, state) {
    switch (command.type) {
      case 'ConsumeQuota': {
        const { requestId, limit, feature, day, at, words, resetsAt } = command.data;
        if (state.seen.has(requestId)) return [];
        if (limit !== null && state.counted.size >= limit) {
          const tool = feature === 'detector' ? 'detection' : 'humanisation';
          throw new DomainError(
            DAILY_LIMIT_REACHED,
            `You have used all ${limit} ${tool} requests for today. Upgrade your plan or try again after the daily reset.`,
            429,
            {
              feature,
              limit,
              used: state.counted.size,
              resetsAt,
            },
          );
        }
        return [{ type: 'QuotaConsumed', data: { requestId, feature, day, words, at } }];
      }
      case 'ReleaseQuota':
        return state.counted.has(command.data.requestId) ? [{ type: 'QuotaReleased', data: command.data }] : [];
      default:
        return assertNever(command);
    }
  },
  evolve(state, event) {
    switch (event.type) {
      case 'QuotaConsumed':
        return {
          counted: new Set(state.counted).add(event.data.requestId),
          seen: new Set(state.seen).add(event.data.requestId),
        };
      case 'QuotaReleased': {
        const counted = new Set(state.counted);
        counted.delete(event.data.requestId);
        return { counted, seen: state.seen };
      }
      default:
        return assertNever(event);
    }
  },
};

/** Usage of one feature for the spec's usage and requests payloads. */
export interface FeatureUsage {
  dailyLimit: number | null;
  dailyUsed: number;
  dailyRemaining: number | null;
}

export function featureUsage(limit: number | null, used: number): FeatureUsage {
  return { dailyLimit: limit, dailyUsed: used, dailyRemaining: limit === null ? null : Math.max(0, limit - used) };
}
