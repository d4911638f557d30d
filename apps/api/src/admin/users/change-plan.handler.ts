import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { PLANS, type PlanChangedResponse } from '@inkprint/contracts';
import type { SignedInAccount } from '../../accounts';
import { AdministeredAccounts } from '../shared/administered-accounts';

export class ChangePlan extends Command<PlanChangedResponse> {
  constructor(
    readonly admin: SignedInAccount,
    readonly accountId: string,
    readonly planSlug: string,
  ) {
    super();
  }
}

/** `POST /admin/users/{id}/plan`: one of free-signup, basic, pro, enterprise (INVALID_PLAN otherwise). */
@CommandHandler(ChangePlan)
export class ChangePlanHandler implements ICommandHandler<ChangePlan> {
  constructor(private readonly accounts: AdministeredAccounts) {}

  async execute({ admin, accountId, planSlug }: ChangePlan): Promise<PlanChangedResponse> {
    const row = await this.accounts.apply(admin, accountId, (at) => ({ type: 'ChangePlan', data: { planSlug, at } }));
    const slug = row.planSlug ?? 'free-signup';
    // The plan's display name ('Plan set to Basic.'), as the console's plan select shows it (issue 43 item 6).
    const name = PLANS.find((plan) => plan.slug === slug)?.name ?? slug;
    return { subscription: { planSlug: slug, status: 'active' }, message: `Plan set to ${name}.` };
  }
}
