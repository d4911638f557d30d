import type { FeatureRequests, Subscription } from '@inkprint/contracts';
import { accountPlan, GUEST_PLAN, planBySlug, type Plan } from '@inkprint/contracts/policies';

/**
 * Spec §4 "Plan limits": no user = free-nosignup; a user with an active subscription = its plan slug lowercased;
 * a user without one (or when the subscription call failed) = free-signup.
 */
export function selectPlan(signedIn: boolean, subscription: Subscription | null | undefined): Plan {
  if (!signedIn) return planBySlug(GUEST_PLAN);
  return accountPlan(subscription?.status === 'active' ? subscription.planSlug : null);
}

const usagePart = (r: FeatureRequests, sep: string) =>
  `${r.requestsToday}${sep}${r.dailyLimit === null ? '∞' : r.dailyLimit}`;

/** Top-bar usage line (spec §2): 'Detect: x / y today • Humanise: x / y today', ∞ when the limit is null. */
export function usageLine(requests: { detector: FeatureRequests; humaniser: FeatureRequests }): string {
  return `Detect: ${usagePart(requests.detector, ' / ')} today • Humanise: ${usagePart(requests.humaniser, ' / ')} today`;
}

/** The same, compact, for top bars between the phone menu and the wide layout (961-1199 px): 'Detect 1/5 • Humanise 0/5'. */
export function usageLineShort(requests: { detector: FeatureRequests; humaniser: FeatureRequests }): string {
  return `Detect ${usagePart(requests.detector, '/')} • Humanise ${usagePart(requests.humaniser, '/')}`;
}

/** Mobile menu: what is left today, 'Unlimited' when the plan has no limit. */
export function remainingLabel(r: FeatureRequests): string {
  return r.dailyLimit === null || r.remaining === null ? 'Unlimited' : String(r.remaining);
}

/** 'Hi, {first name or email}'. */
export function greeting(user: { name?: string | null; email: string }): string {
  const first = (user.name ?? '').trim().split(/\s+/)[0];
  return `Hi, ${first || user.email}`;
}
