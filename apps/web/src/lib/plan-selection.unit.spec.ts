import type { FeatureRequests } from '@inkprint/contracts';
import { greeting, remainingLabel, selectPlan, usageLine, usageLineShort } from './plan-selection';

const row = (requestsToday: number, dailyLimit: number | null): FeatureRequests => ({
  requestsToday,
  dailyLimit,
  remaining: dailyLimit === null ? null : dailyLimit - requestsToday,
  resetsAt: '2026-11-24T00:00:00.000Z',
});

describe('plan selection (spec §4)', () => {
  it('gives free-nosignup without a user', () => expect(selectPlan(false, null).slug).toBe('free-nosignup'));
  it('lowercases the active subscription plan', () =>
    expect(selectPlan(true, { status: 'active', planSlug: 'PRO' }).slug).toBe('pro'));
  it('gives free-signup to a user without a subscription', () =>
    expect(selectPlan(true, null).slug).toBe('free-signup'));
  it('gives free-signup for an unknown slug', () =>
    expect(selectPlan(true, { status: 'active', planSlug: 'gold' }).slug).toBe('free-signup'));
});

describe('top bar texts (spec §2)', () => {
  it('greets by first name, else e-mail', () => {
    expect(greeting({ name: 'Ada Lovelace', email: 'ada@example.com' })).toBe('Hi, Ada');
    expect(greeting({ name: '  ', email: 'ada@example.com' })).toBe('Hi, ada@example.com');
    expect(greeting({ email: 'x@example.com' })).toBe('Hi, x@example.com');
  });
  it('shows usage with ∞ for no limit', () => {
    expect(usageLine({ detector: row(1, 5), humaniser: row(0, 5) })).toBe(
      'Detect: 1 / 5 today • Humanise: 0 / 5 today',
    );
    expect(usageLine({ detector: row(3, null), humaniser: row(2, null) })).toBe(
      'Detect: 3 / ∞ today • Humanise: 2 / ∞ today',
    );
    expect(usageLineShort({ detector: row(1, 5), humaniser: row(0, null) })).toBe('Detect 1/5 • Humanise 0/∞');
  });
  it("shows what is left, 'Unlimited' without a limit", () => {
    expect(remainingLabel(row(2, 5))).toBe('3');
    expect(remainingLabel(row(2, null))).toBe('Unlimited');
  });
});
