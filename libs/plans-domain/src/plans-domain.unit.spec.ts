import { deciderSpecification } from '@inkprint/domain-kernel';
import {
  accountPlan,
  countedRequests,
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
  type UsageQuotaEvent,
  type UsageQuotaState,
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

describe('usage quota state (shared ledger)', () => {
  const at = '2026-11-21T10:00:00.000Z';
  const consumed = (requestId: string): UsageQuotaEvent => ({
    type: 'QuotaConsumed',
    data: { requestId, feature: 'detector', day: '2026-11-21', words: 1, at },
  });
  const released = (requestId: string): UsageQuotaEvent => ({
    type: 'QuotaReleased',
    data: { requestId, reason: 'failed', at },
  });
  const fold = (events: UsageQuotaEvent[], from: UsageQuotaState = usageQuotaDecider.initialState()) =>
    events.reduce((s, e) => usageQuotaDecider.evolve(s, e), from);
  const consume = (requestId: string, limit: number | null): ConsumeQuota => ({
    type: 'ConsumeQuota',
    data: { requestId, feature: 'detector', day: '2026-11-21', limit, resetsAt: at, at, words: 1 },
  });

  it('never changes a state it folded from: two writers deciding from the same state each see their own event', () => {
    const base = fold([consumed('r1'), consumed('r2'), released('r1')]);
    const a = fold([consumed('a')], base);
    const b = fold([consumed('b'), released('r2')], base);
    expect(countedRequests(base)).toBe(1);
    expect(countedRequests(a)).toBe(2);
    expect(countedRequests(b)).toBe(1);
    // base still refuses nothing new and knows r2 as counted, a knows 'a' but not 'b', b the other way round.
    expect(usageQuotaDecider.decide(consume('a', null), base)).toHaveLength(1);
    expect(usageQuotaDecider.decide(consume('a', null), a)).toEqual([]);
    expect(usageQuotaDecider.decide(consume('b', null), a)).toHaveLength(1);
    expect(usageQuotaDecider.decide(consume('b', null), b)).toEqual([]);
    expect(
      usageQuotaDecider.decide({ type: 'ReleaseQuota', data: { requestId: 'r2', reason: 'x', at } }, a),
    ).toHaveLength(1);
    expect(usageQuotaDecider.decide({ type: 'ReleaseQuota', data: { requestId: 'r2', reason: 'x', at } }, b)).toEqual(
      [],
    );
    // Folding on from the older branch again is still correct.
    expect(countedRequests(fold([consumed('c')], a))).toBe(3);
    expect(countedRequests(fold([consumed('c')], base))).toBe(2);
  });

  it('ignores a repeated or unknown request id and keeps counting after it', () => {
    const s = fold([consumed('r1'), consumed('r1'), released('nope'), consumed('r2'), released('r1'), released('r1')]);
    expect(countedRequests(s)).toBe(1);
    expect(usageQuotaDecider.decide(consume('r1', 5), s)).toEqual([]);
    expect(() => usageQuotaDecider.decide(consume('r3', 1), s)).toThrow(
      expect.objectContaining({ code: 'DAILY_LIMIT_REACHED' }),
    );
    expect(usageQuotaDecider.decide(consume('r3', 2), s)).toHaveLength(1);
  });

  it('folds a long day of an unlimited plan one event at a time', () => {
    const events = Array.from({ length: 20_000 }, (_, i) => consumed(`r${i}`));
    const s = fold(events);
    expect(countedRequests(s)).toBe(20_000);
    expect(usageQuotaDecider.decide(consume('r19999', null), s)).toEqual([]);
    expect(usageQuotaDecider.decide(consume('r20000', null), s)).toHaveLength(1);
  });
});
