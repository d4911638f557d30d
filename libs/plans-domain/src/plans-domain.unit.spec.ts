import { deciderSpecification } from '@inkprint/domain-kernel';
import {
  accountPlan,
  featureUsage,
  guestSessionDecider,
  isAssignablePlanSlug,
  nextDailyReset,
  PLANS,
  usageDay,
  usageQuotaDecider,
  usageStreamId,
  verifyGuest,
  type ConsumeQuota,
} from './index';

describe('plan catalogue (spec §9)', () => {
  it('has the five plans with their limits, priorities and ranks', () => {
    expect(
      PLANS.map((p) => [p.slug, p.detectorMaxChars, p.humaniserMaxChars, p.dailyLimit, p.priority, p.rank]),
    ).toEqual([
      ['free-nosignup', 4000, 2000, 3, 'low', 0],
      ['free-signup', 8000, 6000, 5, 'normal', 1],
      ['basic', 15000, 10000, 20, 'medium', 2],
      ['pro', 25000, 15000, 60, 'high', 3],
      ['enterprise', 35000, 20000, null, 'dedicated', 4],
    ]);
    expect(PLANS.every((p) => p.monthlyLimit === null)).toBe(true);
  });

  it('gives accounts their subscription plan, lowercased, and free-signup when empty or unknown', () => {
    expect(accountPlan('PRO').slug).toBe('pro');
    expect(accountPlan(null).slug).toBe('free-signup');
    expect(accountPlan('').slug).toBe('free-signup');
    expect(accountPlan('free-nosignup').slug).toBe('free-signup');
  });

  it('assigns only free-signup, basic, pro and enterprise', () => {
    expect(['free-signup', 'basic', 'pro', 'enterprise'].every(isAssignablePlanSlug)).toBe(true);
    expect(isAssignablePlanSlug('free-nosignup')).toBe(false);
    expect(isAssignablePlanSlug('gold')).toBe(false);
  });
});

describe('usage day', () => {
  it('resets at midnight UTC', () => {
    const now = new Date('2026-11-21T23:59:59.999Z');
    expect(usageDay(now)).toBe('2026-11-21');
    expect(nextDailyReset(now).toISOString()).toBe('2026-11-22T00:00:00.000Z');
    expect(nextDailyReset(new Date('2026-12-31T00:00:00.000Z')).toISOString()).toBe('2027-01-01T00:00:00.000Z');
  });

  it('names one stream per feature, day and subject', () => {
    expect(usageStreamId('detector', '2026-11-21', { kind: 'account', id: 'a1' })).toBe(
      'usage-detector-2026-11-21-account-a1',
    );
  });
});

describe('usage quota decider', () => {
  const spec = deciderSpecification(usageQuotaDecider);
  const consume = (requestId: string, limit: number | null): ConsumeQuota => ({
    type: 'ConsumeQuota',
    data: {
      requestId,
      feature: 'detector',
      day: '2026-11-21',
      limit,
      resetsAt: '2026-11-22T00:00:00.000Z',
      at: '2026-11-21T10:00:00.000Z',
      words: 120,
    },
  });
  const consumed = (requestId: string) => ({
    type: 'QuotaConsumed' as const,
    data: { requestId, feature: 'detector' as const, day: '2026-11-21', words: 120, at: '2026-11-21T10:00:00.000Z' },
  });

  describe('with room left', () => {
    it('counts the request', () => {
      spec
        .given([consumed('r1')])
        .when(consume('r2', 2))
        .then([consumed('r2')]);
    });
    it('counts a request id only once (retries are idempotent)', () => {
      spec
        .given([consumed('r1')])
        .when(consume('r1', 5))
        .then([]);
    });
    it('never refuses an unlimited plan', () => {
      spec
        .given([consumed('r1'), consumed('r2'), consumed('r3')])
        .when(consume('r4', null))
        .then([consumed('r4')]);
    });
  });

  describe('at the limit', () => {
    it('refuses with DAILY_LIMIT_REACHED, the limit and the reset time', () => {
      spec
        .given([consumed('r1'), consumed('r2')])
        .when(consume('r3', 2))
        .thenThrows('DAILY_LIMIT_REACHED', {
          limit: 2,
          used: 2,
          resetsAt: '2026-11-22T00:00:00.000Z',
        });
    });
    it('has room again after a failed request is released', () => {
      const released = {
        type: 'QuotaReleased' as const,
        data: { requestId: 'r2', reason: 'JOB_FAILED', at: '2026-11-21T10:01:00.000Z' },
      };
      spec
        .given([consumed('r1'), consumed('r2'), released])
        .when(consume('r3', 2))
        .then([consumed('r3')]);
    });
  });

  describe('release', () => {
    it('releases a counted request once', () => {
      const release = { type: 'ReleaseQuota' as const, data: { requestId: 'r1', reason: 'JOB_TIMEOUT', at: 'x' } };
      spec
        .given([consumed('r1')])
        .when(release)
        .then([{ type: 'QuotaReleased', data: release.data }]);
      spec
        .given([consumed('r1'), { type: 'QuotaReleased', data: release.data }])
        .when(release)
        .then([]);
      spec.given([]).when(release).then([]);
    });
  });

  it('reports usage with remaining never below zero, and null for unlimited', () => {
    expect(featureUsage(5, 2)).toEqual({ dailyLimit: 5, dailyUsed: 2, dailyRemaining: 3 });
    expect(featureUsage(3, 4)).toEqual({ dailyLimit: 3, dailyUsed: 4, dailyRemaining: 0 });
    expect(featureUsage(null, 9)).toEqual({ dailyLimit: null, dailyUsed: 9, dailyRemaining: null });
  });
});

describe('guest session decider', () => {
  const spec = deciderSpecification(guestSessionDecider);
  const data = { guestId: 'g1', tokenHash: 'h1', clientKey: 'c1', at: '2026-11-21T10:00:00.000Z' };

  it('starts a new guest session', () => {
    spec
      .given([])
      .when({ type: 'StartGuestSession', data })
      .then([{ type: 'GuestSessionStarted', data }]);
  });
  it('refuses to start the same guest twice', () => {
    spec
      .given([{ type: 'GuestSessionStarted', data }])
      .when({ type: 'StartGuestSession', data })
      .thenThrows('GUEST_EXISTS');
  });
  it('verifies a presented token: unknown guest GUEST_NOT_FOUND, wrong token GUEST_INVALID', () => {
    const started = guestSessionDecider.evolve(guestSessionDecider.initialState(), {
      type: 'GuestSessionStarted',
      data,
    });
    expect(verifyGuest(started, 'h1').guestId).toBe('g1');
    expect(() => verifyGuest(started, 'h2')).toThrow(expect.objectContaining({ code: 'GUEST_INVALID', status: 401 }));
    expect(() => verifyGuest(started, undefined)).toThrow(expect.objectContaining({ code: 'GUEST_INVALID' }));
    expect(() => verifyGuest(guestSessionDecider.initialState(), 'h1')).toThrow(
      expect.objectContaining({ code: 'GUEST_NOT_FOUND', status: 404 }),
    );
  });
});
