import { Injectable } from '@nestjs/common';
import type { ToolUser } from '@inkprint/ai-domain';
import type { Plan, RequestsPayload, UsagePayload } from '@inkprint/contracts';
import { accountPlan, GUEST_PLAN, planBySlug } from '@inkprint/plans-domain';
import { GuestsService, type CallerCredentials } from '../../accounts';
import { UsageService, type UsageHolder } from '../../usage';

/** The caller of an AI call: a signed-in account (bearer) or a guest (guestId + X-Guest-Token), with its plan. */
export interface ToolCaller {
  holder: UsageHolder;
  user: ToolUser;
  plan: Plan;
  /** The account's subscription plan slug (null for guests and accounts on the default plan). */
  subscriptionPlanSlug: string | null;
  /** The API key the call came with (issue 29): recorded on the run, its daily cap taken with the account's quota. */
  apiKeyId?: string;
}

@Injectable()
export class ToolUsers {
  constructor(
    private readonly guests: GuestsService,
    private readonly usage: UsageService,
  ) {}

  /** GUEST_REQUIRED / GUEST_NOT_FOUND / GUEST_INVALID when neither a bearer token nor a valid guest session came. */
  async resolve(credentials: CallerCredentials): Promise<ToolCaller> {
    if (credentials.account) {
      // The AuthGuard loaded the account for this request: its plan comes with it.
      const planSlug = credentials.account.planSlug;
      const plan = accountPlan(planSlug);
      const key = credentials.account.apiKey;
      return {
        holder: {
          kind: 'account',
          accountId: credentials.account.accountId,
          plan,
          ...(key ? { apiKey: { id: key.id, dailyCap: key.dailyCap } } : {}),
        },
        user: { type: 'user', id: credentials.account.accountId },
        plan,
        subscriptionPlanSlug: planSlug,
        ...(key ? { apiKeyId: key.id } : {}),
      };
    }
    const holder = await this.guests.resolve(credentials.guestId, credentials.guestToken, credentials.ip);
    return {
      holder,
      user: { type: 'guest', id: holder.guestId },
      plan: planBySlug(GUEST_PLAN),
      subscriptionPlanSlug: null,
    };
  }

  /** Both payloads from one look at today's counts (one read per quota stream, of what is new since the cache). */
  usageOf(caller: ToolCaller): Promise<{ usage: UsagePayload; requests: RequestsPayload }> {
    return this.usage.snapshot(caller.holder, caller.subscriptionPlanSlug);
  }
}
