import { Inject, Injectable } from '@nestjs/common';
import {
  countedRequests,
  DAILY_LIMIT_REACHED,
  GUEST_PLAN,
  nextDailyReset,
  planBySlug,
  usageDay,
  usageQuotaDecider,
  usageStreamId,
  type Plan,
  type QuotaSubject,
  type UsageFeature,
} from '@inkprint/plans-domain';
import { DomainError } from '@inkprint/domain-kernel';
import { handleCommand, StreamStateCache, type Actor, type EventStore } from '@inkprint/eventstore';
import { CLOCK, type Clock } from '../platform/clock';
import { IDS, type Ids } from '../platform/ids';
import { EVENT_STORE } from '../platform/tokens';

/** Who is using a feature: an account on its plan, or a guest (limited per guest and per client address). */
export type UsageHolder =
  | { kind: 'account'; accountId: string; plan: Plan; apiKey?: { id: string; dailyCap: number | null } }
  | { kind: 'guest'; guestId: string; clientKey: string };

export interface QuotaGrant {
  requestId: string;
  /** Gives the request back (the job failed or timed out): it no longer counts. */
  release(reason: string): Promise<void>;
}

/** The quota decider's refusal, in the API key's words: the key's cap is used up, not the account's plan. */
function apiKeyCapReached(error: unknown, apiKeyId: string): unknown {
  if (!(error instanceof DomainError) || error.code !== DAILY_LIMIT_REACHED) return error;
  const details = error.details as { feature?: UsageFeature; limit?: number };
  const tool = details.feature === 'humaniser' ? 'humanisation' : 'detection';
  return new DomainError(
    DAILY_LIMIT_REACHED,
    `This API key has used its daily cap of ${details.limit} ${tool} requests. Try again after the daily reset or raise the cap with a new key.`,
    429,
    { ...error.details, apiKeyId },
  );
}

/**
 * Where the daily quota is enforced (spec §3, §9): one stream per feature, day and subject; a request is granted by
 * appending QuotaConsumed with the expected version (the rule: `usageQuotaDecider` in
 * libs/plans-domain/src/daily-quota.ts), so parallel requests can never exceed the limit. Guests consume from their
 * own allowance and from their client address's, so starting new guest sessions does not reset it. `UsageService`
 * (usage.service.ts) adds the usage answers on top.
 */
@Injectable()
export class DailyQuota {
  /** Today's quota streams grow with every request: their folded state stays in memory (they hold no personal data). */
  private readonly cache = new StreamStateCache();

  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(CLOCK) protected readonly clock: Clock,
    @Inject(IDS) private readonly ids: Ids,
  ) {}

  planOf(holder: UsageHolder): Plan {
    return holder.kind === 'account' ? holder.plan : planBySlug(GUEST_PLAN);
  }

  private subjects(holder: UsageHolder): QuotaSubject[] {
    return holder.kind === 'account'
      ? [{ kind: 'account', id: holder.accountId }]
      : [
          { kind: 'client', id: holder.clientKey },
          { kind: 'guest', id: holder.guestId },
        ];
  }

  private actor(holder: UsageHolder): Actor {
    return holder.kind === 'account' ? { type: 'user', id: holder.accountId } : { type: 'guest', id: holder.guestId };
  }

  /** Grants one request of `feature` or throws DAILY_LIMIT_REACHED (429). Nothing is counted when refused. */
  async consume(
    holder: UsageHolder,
    feature: UsageFeature,
    options: { words: number; requestId?: string; now?: Date },
  ): Promise<QuotaGrant> {
    const now = options.now ?? this.clock.now();
    const requestId = options.requestId ?? this.ids.uuid();
    const day = usageDay(now);
    const planLimit = this.planOf(holder).dailyLimit;
    // An API key with a daily cap takes the request from its own allowance first (issue 29), then the account's.
    const cap = holder.kind === 'account' && holder.apiKey?.dailyCap != null ? holder.apiKey : null;
    const allowances: Array<{ subject: QuotaSubject; limit: number | null }> = [
      ...(cap ? [{ subject: { kind: 'apikey' as const, id: cap.id }, limit: cap.dailyCap }] : []),
      ...this.subjects(holder).map((subject) => ({ subject, limit: planLimit })),
    ];
    const resetsAt = nextDailyReset(now).toISOString();
    const metadata = { actor: this.actor(holder), correlationId: requestId };
    const granted: string[] = [];
    try {
      for (const { subject, limit } of allowances) {
        const stream = usageStreamId(feature, day, subject);
        await handleCommand(
          this.store,
          stream,
          usageQuotaDecider,
          {
            type: 'ConsumeQuota',
            data: { requestId, feature, day, limit, resetsAt, at: now.toISOString(), words: options.words },
          },
          // An unlimited allowance cannot be exceeded: count without a version check (no conflicts between parallel requests).
          { metadata, maxAttempts: 200, cache: this.cache, expectedVersion: limit === null ? 'any' : 'checked' },
        ).catch((error: unknown) => {
          throw subject.kind === 'apikey' ? apiKeyCapReached(error, subject.id) : error;
        });
        granted.push(stream);
      }
    } catch (error) {
      await this.releaseStreams(granted, requestId, 'refused_elsewhere', metadata);
      throw error;
    }
    return { requestId, release: (reason) => this.releaseStreams(granted, requestId, reason, metadata) };
  }

  /** Gives back a request cut off before it answered (a crash), on the quota streams it was counted on. */
  releaseInterrupted(requestId: string, streams: string[], actor: Actor): Promise<void> {
    return this.releaseStreams(streams, requestId, 'interrupted', { actor, correlationId: requestId });
  }

  private async releaseStreams(
    streams: string[],
    requestId: string,
    reason: string,
    metadata: { actor: Actor; correlationId: string },
  ): Promise<void> {
    for (const stream of streams) {
      await handleCommand(
        this.store,
        stream,
        usageQuotaDecider,
        { type: 'ReleaseQuota', data: { requestId, reason, at: this.clock.now().toISOString() } },
        { metadata, maxAttempts: 200, cache: this.cache },
      );
    }
  }

  /** Requests counted today per feature (for guests: the larger of the guest's and the address's count). */
  async usedToday(holder: UsageHolder, feature: UsageFeature, now = this.clock.now()): Promise<number> {
    const day = usageDay(now);
    const counts = await Promise.all(
      this.subjects(holder).map(async (subject) =>
        countedRequests(
          (await this.cache.load(this.store, usageStreamId(feature, day, subject), usageQuotaDecider)).state,
        ),
      ),
    );
    return Math.max(0, ...counts);
  }

  /**
   * Requests of `feature` still allowed today (null: unlimited): the plan's, and with an API key with a cap, the
   * fewer of the key's and the plan's (a batch is refused up front when it holds more files than this, issue 29).
   */
  async remainingToday(holder: UsageHolder, feature: UsageFeature, now = this.clock.now()): Promise<number | null> {
    const left: number[] = [];
    const planLimit = this.planOf(holder).dailyLimit;
    if (planLimit !== null) left.push(planLimit - (await this.usedToday(holder, feature, now)));
    if (holder.kind === 'account' && holder.apiKey?.dailyCap != null) {
      const stream = usageStreamId(feature, usageDay(now), { kind: 'apikey', id: holder.apiKey.id });
      const { state } = await this.cache.load(this.store, stream, usageQuotaDecider);
      left.push(holder.apiKey.dailyCap - countedRequests(state));
    }
    return left.length === 0 ? null : Math.max(0, Math.min(...left));
  }
}
