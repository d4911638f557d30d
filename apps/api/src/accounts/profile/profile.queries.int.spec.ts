import { givenVerifiedAccount } from '../../testing/verified-account';
import {
  GetProfile,
  GetProfileHandler,
  GetRequests,
  GetRequestsHandler,
  GetSubscription,
  GetSubscriptionHandler,
} from './profile.queries';

describe('profile (GET /auth/me, /auth/subscription, /auth/requests)', () => {
  it('given an account that used the detector twice today, then me and requests count them, and they reset at midnight UTC', async () => {
    const { t, account } = await givenVerifiedAccount();
    t.clock.set('2026-03-10T22:00:00.000Z');
    const holder = {
      kind: 'account' as const,
      accountId: account.accountId,
      plan: (await import('@inkprint/plans-domain')).accountPlan(null),
    };
    await t.usage.consume(holder, 'detector', { words: 120 });
    await t.usage.consume(holder, 'detector', { words: 80 });
    const me = await new GetProfileHandler(t.accounts, t.sessions).execute(new GetProfile(account));
    expect(me.usage.detector).toEqual({ dailyLimit: 5, dailyUsed: 2, dailyRemaining: 3 });
    expect(me.usage.nextResets.daily).toBe('2026-03-11T00:00:00.000Z');
    const requests = new GetRequestsHandler(t.accounts, t.guests, t.usage);
    expect((await requests.execute(new GetRequests({ account }))).requests.detector).toEqual({
      dailyLimit: 5,
      requestsToday: 2,
      remaining: 3,
      resetsAt: '2026-03-11T00:00:00.000Z',
    });
    t.clock.advance(2 * 60 * 60_000);
    expect((await requests.execute(new GetRequests({ account }))).requests.detector.requestsToday).toBe(0);
  });

  it('given an account an admin moved to Pro, then the subscription reads pro; on the default plan it is null', async () => {
    const { t, account } = await givenVerifiedAccount();
    const subscription = new GetSubscriptionHandler(t.accounts);
    expect(await subscription.execute(new GetSubscription(account.accountId))).toEqual({ subscription: null });
    await t.accounts.run(account.accountId, (at) => ({ type: 'ChangePlan', data: { planSlug: 'pro', at } }), {
      type: 'admin',
      id: 'admin-1',
    });
    expect(await subscription.execute(new GetSubscription(account.accountId))).toEqual({
      subscription: { status: 'active', planSlug: 'pro' },
    });
  });
});
