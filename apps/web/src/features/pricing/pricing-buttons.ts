import { PLANS, type Plan, type PlanSlug } from '@inkprint/contracts/policies';

export const CONTACT_SALES_LABEL = 'Contact sales';

export type PricingAction =
  | { kind: 'current'; label: 'Current Plan' }
  | { kind: 'lower'; label: 'You already have a better plan' }
  | { kind: 'link'; label: string; href: string; external: boolean };

/** Spec §4: current = subscription plan, else the plan slug, else free-signup signed in / free-nosignup signed out. */
export function currentPlanSlug(
  signedIn: boolean,
  subscriptionPlan?: string | null,
  planSlug?: string | null,
): PlanSlug {
  const pick = (subscriptionPlan || planSlug || '').trim().toLowerCase();
  const known = PLANS.find((p) => p.slug === pick);
  if (known) return known.slug;
  return signedIn ? 'free-signup' : 'free-nosignup';
}

/**
 * The button of one plan card: 'Current Plan' on the current plan, disabled 'You already have a better plan' on lower
 * ranks; otherwise signed-out buyers go to /signup?continue=<checkout> and signed-in ones straight to the checkout.
 * Without a checkout (none configured: a self-hosted install) a paid plan offers 'Contact sales' (the contact page,
 * whose Sales section handles plans) instead of a link that goes nowhere.
 */
export function pricingAction(
  plan: Plan,
  current: PlanSlug,
  signedIn: boolean,
  checkoutUrl: (slug: PlanSlug) => string | null,
): PricingAction {
  const currentRank = PLANS.find((p) => p.slug === current)?.rank ?? 0;
  if (plan.slug === current) return { kind: 'current', label: 'Current Plan' };
  if (plan.rank < currentRank) return { kind: 'lower', label: 'You already have a better plan' };
  if (plan.cadence === 'free') {
    return { kind: 'link', label: plan.actionLabel, href: signedIn ? '/#demo' : '/signup', external: false };
  }
  const checkout = checkoutUrl(plan.slug);
  if (!checkout) return { kind: 'link', label: CONTACT_SALES_LABEL, href: '/contact', external: false };
  if (!signedIn) {
    return {
      kind: 'link',
      label: plan.actionLabel,
      href: `/signup?continue=${encodeURIComponent(checkout)}`,
      external: false,
    };
  }
  return { kind: 'link', label: plan.actionLabel, href: checkout, external: true };
}
