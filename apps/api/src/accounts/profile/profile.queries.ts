import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { MeResponse, RequestsResponse, SubscriptionResponse } from '@inkprint/contracts';
import { DomainError } from '@inkprint/domain-kernel';
import { accountPlan } from '@inkprint/plans-domain';
import type { SignedInAccount } from '../auth/current-account';
import { GuestsService } from '../guest-sessions/guests.service';
import { AccountStreams } from '../shared/account-streams';
import { publicUser } from '../shared/public-user';
import { SessionIssuer } from '../shared/session-issuer';
import { UsageService } from '../../usage';

export class GetProfile extends Query<MeResponse> {
  constructor(readonly account: SignedInAccount) {
    super();
  }
}

/** `GET /auth/me`: the account and today's usage. */
@QueryHandler(GetProfile)
export class GetProfileHandler implements IQueryHandler<GetProfile> {
  constructor(
    private readonly accounts: AccountStreams,
    private readonly sessions: SessionIssuer,
  ) {}

  async execute({ account }: GetProfile): Promise<MeResponse> {
    const a = await this.accounts.existing(
      account.accountId,
      () => new DomainError('AUTH_REQUIRED', 'Sign in to continue.', 401),
    );
    return { user: publicUser(a), usage: await this.sessions.usageOf(a) };
  }
}

export class GetSubscription extends Query<SubscriptionResponse> {
  constructor(readonly accountId: string) {
    super();
  }
}

/** `GET /auth/subscription`: the plan an admin set, or null on the default plan. */
@QueryHandler(GetSubscription)
export class GetSubscriptionHandler implements IQueryHandler<GetSubscription> {
  constructor(private readonly accounts: AccountStreams) {}

  async execute({ accountId }: GetSubscription): Promise<SubscriptionResponse> {
    const state = await this.accounts.load(accountId);
    const slug = state.status === 'exists' ? state.account.planSlug : null;
    return { subscription: slug ? { status: 'active', planSlug: slug } : null };
  }
}

export class GetRequests extends Query<RequestsResponse> {
  constructor(
    readonly who:
      | { account: SignedInAccount }
      | { guestId: string | undefined; guestToken: string | undefined; ip: string | undefined },
  ) {
    super();
  }
}

/** `GET /auth/requests`: today's requests per tool, for an account (bearer) or a guest (?guestId= + X-Guest-Token). */
@QueryHandler(GetRequests)
export class GetRequestsHandler implements IQueryHandler<GetRequests> {
  constructor(
    private readonly accounts: AccountStreams,
    private readonly guests: GuestsService,
    private readonly usage: UsageService,
  ) {}

  async execute({ who }: GetRequests): Promise<RequestsResponse> {
    if ('account' in who) {
      const state = await this.accounts.load(who.account.accountId);
      const planSlug = state.status === 'exists' ? state.account.planSlug : null;
      return {
        requests: await this.usage.requests({
          kind: 'account',
          accountId: who.account.accountId,
          plan: accountPlan(planSlug),
        }),
      };
    }
    return { requests: await this.usage.requests(await this.guests.resolve(who.guestId, who.guestToken, who.ip)) };
  }
}
