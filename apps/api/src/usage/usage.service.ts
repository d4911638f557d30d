import { Injectable } from '@nestjs/common';
import { featureUsage, nextDailyReset, USAGE_FEATURES } from '@inkprint/plans-domain';
import type { RequestsPayload, UsagePayload } from '@inkprint/contracts';
import { DailyQuota, type UsageHolder } from './daily-quota';

export type { QuotaGrant, UsageHolder } from './daily-quota';

/**
 * The daily quota (`DailyQuota` in daily-quota.ts: consume, give back, count) and the usage answers read from it
 * (spec §3 usage and requests payloads). One provider, so the quota streams' in-memory state is shared.
 */
@Injectable()
export class UsageService extends DailyQuota {
  async usage(holder: UsageHolder, subscriptionPlanSlug: string | null, now = this.clock.now()): Promise<UsagePayload> {
    return (await this.snapshot(holder, subscriptionPlanSlug, now)).usage;
  }

  /** Both payloads (spec §3 usage and requests) from one look at today's counts. */
  async snapshot(
    holder: UsageHolder,
    subscriptionPlanSlug: string | null,
    now = this.clock.now(),
  ): Promise<{ usage: UsagePayload; requests: RequestsPayload }> {
    const [detector, humaniser] = await Promise.all(USAGE_FEATURES.map((f) => this.usedToday(holder, f, now)));
    return {
      usage: this.usagePayload(holder, subscriptionPlanSlug, now, detector, humaniser),
      requests: this.requestsPayload(holder, now, detector, humaniser),
    };
  }

  private usagePayload(
    holder: UsageHolder,
    subscriptionPlanSlug: string | null,
    now: Date,
    detector: number,
    humaniser: number,
  ): UsagePayload {
    const plan = this.planOf(holder);
    return {
      detector: featureUsage(plan.dailyLimit, detector),
      humaniser: featureUsage(plan.dailyLimit, humaniser),
      nextResets: { daily: nextDailyReset(now).toISOString() },
      plan: { slug: plan.slug, name: plan.name },
      subscription: { planSlug: subscriptionPlanSlug ?? plan.slug },
    };
  }

  async requests(holder: UsageHolder, now = this.clock.now()): Promise<RequestsPayload> {
    const [detector, humaniser] = await Promise.all(USAGE_FEATURES.map((f) => this.usedToday(holder, f, now)));
    return this.requestsPayload(holder, now, detector, humaniser);
  }

  private requestsPayload(holder: UsageHolder, now: Date, detector: number, humaniser: number): RequestsPayload {
    const plan = this.planOf(holder);
    const resetsAt = nextDailyReset(now).toISOString();
    const row = (used: number) => {
      const u = featureUsage(plan.dailyLimit, used);
      return { dailyLimit: u.dailyLimit, requestsToday: used, remaining: u.dailyRemaining, resetsAt };
    };
    return { detector: row(detector), humaniser: row(humaniser) };
  }
}
