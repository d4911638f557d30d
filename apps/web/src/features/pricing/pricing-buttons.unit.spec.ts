import { PLANS, type PlanSlug } from '@inkprint/contracts/policies';
import { currentPlanSlug, pricingAction } from './pricing-buttons';

const checkout = (slug: PlanSlug) => `https://plans.inkprint.app/checkout/${slug}`;
const labels = (current: PlanSlug, signedIn: boolean) =>
  PLANS.map((plan) => pricingAction(plan, current, signedIn, checkout));

describe('pricing buttons (spec §4, §6)', () => {
  it('picks the current plan: subscription, else plan slug, else by sign-in', () => {
    expect(currentPlanSlug(true, 'Pro', 'basic')).toBe('pro');
    expect(currentPlanSlug(true, null, 'basic')).toBe('basic');
    expect(currentPlanSlug(true)).toBe('free-signup');
    expect(currentPlanSlug(false)).toBe('free-nosignup');
  });

  it('sends a guest buyer to sign-up with the checkout as continue', () => {
    const [nosignup, free, basic] = labels('free-nosignup', false);
    expect(nosignup).toEqual({ kind: 'current', label: 'Current Plan' });
    expect(free).toMatchObject({ kind: 'link', href: '/signup' });
    expect(basic).toMatchObject({
      kind: 'link',
      label: 'Get Basic',
      href: `/signup?continue=${encodeURIComponent(checkout('basic'))}`,
      external: false,
    });
  });

  it('sends a free account straight to checkout and disables the lower plan', () => {
    const [nosignup, free, , pro] = labels('free-signup', true);
    expect(nosignup).toEqual({ kind: 'lower', label: 'You already have a better plan' });
    expect(free.kind).toBe('current');
    expect(pro).toMatchObject({ kind: 'link', href: checkout('pro'), external: true });
  });

  it('gives a Pro account Current Plan on Pro and only Enterprise to buy', () => {
    expect(labels('pro', true).map((a) => a.label)).toEqual([
      'You already have a better plan',
      'You already have a better plan',
      'You already have a better plan',
      'Current Plan',
      'Go Enterprise',
    ]);
  });

  // Issue 30 item 7: no checkout configured (a self-hosted install): no link to a plans.<host> that does not exist.
  it("offers 'Contact sales' on paid plans when no checkout is configured", () => {
    const none = () => null;
    for (const [current, signedIn] of [
      ['free-nosignup', false],
      ['free-signup', true],
      ['pro', true],
    ] as const) {
      for (const action of PLANS.map((plan) => pricingAction(plan, current, signedIn, none))) {
        if (action.kind !== 'link') continue;
        expect(action.href).not.toMatch(/plans\.|continue=/);
      }
    }
    const [, , basic, pro, enterprise] = PLANS.map((plan) => pricingAction(plan, 'free-nosignup', false, none));
    for (const action of [basic, pro, enterprise]) {
      expect(action).toEqual({ kind: 'link', label: 'Contact sales', href: '/contact', external: false });
    }
  });
});
