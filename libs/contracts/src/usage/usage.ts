import { z } from 'zod';
import { PLAN_SLUGS } from '../policies/plans';

const iso = z.string().meta({ format: 'date-time' });

/** Spec §3 "Usage per feature": dailyLimit null = unlimited. */
export const FeatureUsage = z
  .object({
    dailyLimit: z.number().int().nullable(),
    dailyUsed: z.number().int(),
    dailyRemaining: z.number().int().nullable(),
  })
  .meta({ id: 'FeatureUsage' });
export type FeatureUsage = z.infer<typeof FeatureUsage>;

/** Spec §3 usage: both tools, the next daily reset (midnight UTC), the plan and the subscription's plan. */
export const UsagePayload = z
  .object({
    detector: FeatureUsage,
    humaniser: FeatureUsage,
    nextResets: z.object({ daily: iso }),
    plan: z.object({ slug: z.enum(PLAN_SLUGS), name: z.string() }),
    subscription: z.object({ planSlug: z.string() }),
  })
  .meta({ id: 'UsagePayload' });
export type UsagePayload = z.infer<typeof UsagePayload>;

/** Spec §3 "Requests payload": one row per tool. */
export const FeatureRequests = z
  .object({
    dailyLimit: z.number().int().nullable(),
    requestsToday: z.number().int(),
    remaining: z.number().int().nullable(),
    resetsAt: iso,
  })
  .meta({ id: 'FeatureRequests' });
export type FeatureRequests = z.infer<typeof FeatureRequests>;

export const RequestsPayload = z
  .object({ detector: FeatureRequests, humaniser: FeatureRequests })
  .meta({ id: 'RequestsPayload' });
export type RequestsPayload = z.infer<typeof RequestsPayload>;

/** `GET /auth/requests`. */
export const RequestsResponse = z.object({ requests: RequestsPayload }).meta({ id: 'RequestsResponse' });
export type RequestsResponse = z.infer<typeof RequestsResponse>;
