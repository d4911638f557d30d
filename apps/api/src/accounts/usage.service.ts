import { Inject, Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import {
  featureUsage,
  GUEST_PLAN,
  nextDailyReset,
  planBySlug,
  usageDay,
  usageQuotaDecider,
  usageStreamId,
  USAGE_FEATURES,
  type FeatureUsage,
  type Plan,
  type QuotaSubject,
  type UsageFeature,
} from '@inkprint/plans-domain';
import { handleCommand, loadState, type Actor, type EventStore } from '@inkprint/eventstore';
import { EVENT_STORE } from '../platform/tokens';

/** Who is using a feature: an account on its plan, or a guest (limited per guest and per client address). */
export type UsageHolder =
  { kind: 'account'; accountId: string; plan: Plan } | { kind: 'guest'; guestId: string; clientKey: string };

export interface UsagePayload {
  detector: FeatureUsage;
  humaniser: FeatureUsage;
  nextResets: { daily: string };
  plan: { slug: string; name: string };
  subscription: { planSlug: string };
}

export interface RequestsPayload {
  detector: { dailyLimit: number | null; requestsToday: number; remaining: number | null; resetsAt: string };
  humaniser: { dailyLimit: number | null; requestsToday: number; remaining: number | null; resetsAt: string };
}

export interface QuotaGrant {
  requestId: string;
  /** Gives the request back (the job failed or timed out): it no longer counts. */
  release(reason: string): Promise<void>;
}

/**
 * Daily usage quotas (spec §3, §9): one stream per feature, day and subject; a request is granted by appending
 * QuotaConsumed with the expected version, so parallel requests can never exceed the limit. Guests consume from
 * their own allowance and from their client address's, so starting new guest sessions does not reset it.
 */
@Injectable()
export class UsageService {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

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
    const now = options.now ?? new Date();
    const requestId = options.requestId ?? randomUUID();
    const day = usageDay(now);
    const limit = this.planOf(holder).dailyLimit;
    const resetsAt = nextDailyReset(now).toISOString();
    const metadata = { actor: this.actor(holder), correlationId: requestId };
    const granted: string[] = [];
    try {
      for (const subject of this.subjects(holder)) {
        const stream = usageStreamId(feature, day, subject);
        await handleCommand(
          this.store,
          stream,
          usageQuotaDecider,
          {
            type: 'ConsumeQuota',
            data: { requestId, feature, day, limit, resetsAt, at: now.toISOString(), words: options.words },
          },
          { metadata, maxAttempts: 200 },
        );
        granted.push(stream);
      }
    } catch (error) {
      await this.releaseStreams(granted, requestId, 'refused_elsewhere', metadata);
      throw error;
    }
    return { requestId, release: (reason) => this.releaseStreams(granted, requestId, reason, metadata) };
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
        { type: 'ReleaseQuota', data: { requestId, reason, at: new Date().toISOString() } },
        {
          metadata,
          maxAttempts: 200,
        },
      );
    }
  }

  /** Requests counted today per feature (for guests: the larger of the guest's and the address's count). */
  async usedToday(holder: UsageHolder, feature: UsageFeature, now = new Date()): Promise<number> {
    const day = usageDay(now);
    const counts = await Promise.all(
      this.subjects(holder).map(
        async (subject) =>
          (await loadState(this.store, usageStreamId(feature, day, subject), usageQuotaDecider)).state.counted.size,
      ),
    );
    return Math.max(0, ...counts);
  }

  async usage(holder: UsageHolder, subscriptionPlanSlug: string | null, now = new Date()): Promise<UsagePayload> {
    const plan = this.planOf(holder);
    const [detector, humaniser] = await Promise.all(USAGE_FEATURES.map((f) => this.usedToday(holder, f, now)));
    return {
      detector: featureUsage(plan.dailyLimit, detector),
      humaniser: featureUsage(plan.dailyLimit, humaniser),
      nextResets: { daily: nextDailyReset(now).toISOString() },
      plan: { slug: plan.slug, name: plan.name },
      subscription: { planSlug: subscriptionPlanSlug ?? plan.slug },
    };
  }

  async requests(holder: UsageHolder, now = new Date()): Promise<RequestsPayload> {
    const plan = this.planOf(holder);
    const resetsAt = nextDailyReset(now).toISOString();
    const [detector, humaniser] = await Promise.all(USAGE_FEATURES.map((f) => this.usedToday(holder, f, now)));
    const row = (used: number) => {
      const u = featureUsage(plan.dailyLimit, used);
      return { dailyLimit: u.dailyLimit, requestsToday: used, remaining: u.dailyRemaining, resetsAt };
    };
    return { detector: row(detector), humaniser: row(humaniser) };
  }
}
