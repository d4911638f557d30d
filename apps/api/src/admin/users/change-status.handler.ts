import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { AccountStatus, StatusChangedResponse } from '@inkprint/contracts';
import type { SignedInAccount } from '../../accounts';
import { AdministeredAccounts } from '../shared/administered-accounts';
import { adminUser } from '../shared/admin-views';

export class ChangeStatus extends Command<StatusChangedResponse> {
  constructor(
    readonly admin: SignedInAccount,
    readonly accountId: string,
    readonly status: AccountStatus,
  ) {
    super();
  }
}

/** `POST /admin/users/{id}/status`: active, disabled or pending_verification (spec §4: any change allowed). */
@CommandHandler(ChangeStatus)
export class ChangeStatusHandler implements ICommandHandler<ChangeStatus> {
  constructor(private readonly accounts: AdministeredAccounts) {}

  async execute({ admin, accountId, status }: ChangeStatus): Promise<StatusChangedResponse> {
    const row = await this.accounts.apply(admin, accountId, (at) => ({
      type: 'ChangeAccountStatus',
      data: { status, at },
    }));
    return { user: adminUser(row), message: `Status set to ${row.status}.` };
  }
}
