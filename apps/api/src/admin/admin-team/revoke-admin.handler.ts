import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { AdminRevokedResponse } from '@inkprint/contracts';
import type { SignedInAccount } from '../../accounts';
import { AdministeredAccounts } from '../shared/administered-accounts';
import { adminListItem } from '../shared/admin-views';

export class RevokeAdmin extends Command<AdminRevokedResponse> {
  constructor(
    readonly superAdmin: SignedInAccount,
    readonly accountId: string,
  ) {
    super();
  }
}

/** `POST /admin/admins/{id}/revoke` (super admin): the admin becomes a standard user; a super admin cannot be revoked. */
@CommandHandler(RevokeAdmin)
export class RevokeAdminHandler implements ICommandHandler<RevokeAdmin> {
  constructor(private readonly accounts: AdministeredAccounts) {}

  async execute({ superAdmin, accountId }: RevokeAdmin): Promise<AdminRevokedResponse> {
    const row = await this.accounts.apply(superAdmin, accountId, (at) => ({ type: 'RevokeAdmin', data: { at } }));
    return { admin: adminListItem(row), message: `Admin access revoked for ${row.email}.` };
  }
}
