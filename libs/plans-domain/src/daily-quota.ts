import { assertNever, DomainError, type Decider } from '@inkprint/domain-kernel';
import type { UsageFeature } from './plans';

/**
 * One feature's daily allowance for one subject (an account, a guest, a client address, or an API key), as one stream per day:
 * `usage-<feature>-<day>-<subject>`. Appends with the expected version make consumption atomic.
 */
export type QuotaSubject =
  | { kind: 'account'; id: string }
  | { kind: 'guest'; id: string }
  | { kind: 'client'; id: string }
  /** An API key with a daily cap below its account's plan (issue 29). */
  | { kind: 'apikey'; id: string };

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

/**
 * Request ids seen on one quota stream, shared by the states folded from it: a state sees the entries up to its own
 * sequence number. Folding an event onto the newest state appends in place (O(1)), so a day's stream of an
 * unlimited plan (thousands of requests) is not copied on every request; folding onto an older state (two writers
 * deciding from the same state) copies what that state sees first. States stay values: none ever changes.
 */
class RequestLedger {
  private readonly entries = new Map<string, { consumed: number; released?: number }>();
  private tip = 0;

  static empty(): UsageQuotaState {
    return { ledger: new RequestLedger(), seq: 0, counted: 0 };
  }

  /** Counted against the allowance as of `seq` (consumed and not released). */
  isCounted(id: string, seq: number): boolean {
    const e = this.entries.get(id);
    return e !== undefined && e.consumed <= seq && !(e.released !== undefined && e.released <= seq);
  }

  isSeen(id: string, seq: number): boolean {
    const e = this.entries.get(id);
    return e !== undefined && e.consumed <= seq;
  }

  /** The ledger to write event `seq + 1` into: this one when `seq` is its newest, else a copy as of `seq`. */
  writableAt(seq: number): RequestLedger {
    if (seq === this.tip) return this;
    const copy = new RequestLedger();
    for (const [id, e] of this.entries) {
      if (e.consumed > seq) continue;
      copy.entries.set(id, e.released !== undefined && e.released <= seq ? { ...e } : { consumed: e.consumed });
    }
    copy.tip = seq;
    return copy;
  }

  consume(id: string, seq: number): void {
    this.entries.set(id, { consumed: seq });
    this.tip = seq;
  }

  /** Event `seq` changed nothing this ledger records (a repeated or unknown request id). */
  pass(seq: number): void {
    this.tip = seq;
  }

  release(id: string, seq: number): void {
    const e = this.entries.get(id);
    if (e) this.entries.set(id, { consumed: e.consumed, released: seq });
    this.tip = seq;
  }
}

export interface UsageQuotaState {
  readonly ledger: RequestLedger;
  /** Events folded so far. */
  readonly seq: number;
  /** Requests counted against the allowance (released ones not). */
  readonly counted: number;
}

/** Requests counted against the allowance in this state. */
export const countedRequests = (state: UsageQuotaState): number => state.counted;

export const DAILY_LIMIT_REACHED = 'DAILY_LIMIT_REACHED';

export const usageQuotaDecider: Decider<UsageQuotaState, UsageQuotaCommand, UsageQuotaEvent> = {
  initialState: () => RequestLedger.empty(),
  decide(command, state) {
    switch (command.type) {
      case 'ConsumeQuota': {
        const { requestId, limit, feature, day, at, words, resetsAt } = command.data;
        if (state.ledger.isSeen(requestId, state.seq)) return [];
        if (limit !== null && state.counted >= limit) {
          const tool = feature === 'detector' ? 'detection' : 'humanisation';
          throw new DomainError(
            DAILY_LIMIT_REACHED,
            `You have used all ${limit} ${tool} requests for today. Upgrade your plan or try again after the daily reset.`,
            429,
            {
              feature,
              limit,
              used: state.counted,
              resetsAt,
            },
          );
        }
        return [{ type: 'QuotaConsumed', data: { requestId, feature, day, words, at } }];
      }
      case 'ReleaseQuota':
        return state.ledger.isCounted(command.data.requestId, state.seq)
          ? [{ type: 'QuotaReleased', data: command.data }]
          : [];
      default:
        return assertNever(command);
    }
  },
  evolve(state, event) {
    const seq = state.seq + 1;
    const id = event.data.requestId;
    switch (event.type) {
      case 'QuotaConsumed': {
        const ledger = state.ledger.writableAt(state.seq);
        if (state.ledger.isSeen(id, state.seq)) {
          ledger.pass(seq);
          return { ledger, seq, counted: state.counted };
        }
        ledger.consume(id, seq);
        return { ledger, seq, counted: state.counted + 1 };
      }
      case 'QuotaReleased': {
        const ledger = state.ledger.writableAt(state.seq);
        if (!state.ledger.isCounted(id, state.seq)) {
          ledger.pass(seq);
          return { ledger, seq, counted: state.counted };
        }
        ledger.release(id, seq);
        return { ledger, seq, counted: state.counted - 1 };
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
