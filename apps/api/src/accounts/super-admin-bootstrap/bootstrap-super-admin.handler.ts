import { Inject, Logger } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { normaliseEmail } from '@inkprint/accounts-domain';
import { maskEmail } from '@inkprint/mail';
import { IDS, type Ids } from '../../platform/ids';
import { AccountStreams } from '../shared/account-streams';
import { systemActor } from '../shared/actor';
import { hashPassword } from '../shared/secrets';

export class BootstrapSuperAdmin extends Command<{ accountId: string; created: boolean }> {
  constructor(readonly superAdmin: { email: string; password: string; name: string }) {
    super();
  }
}

/** SUPER_ADMIN_EMAIL / SUPER_ADMIN_PASSWORD on start: creates the super admin (or promotes that account). */
@CommandHandler(BootstrapSuperAdmin)
export class BootstrapSuperAdminHandler implements ICommandHandler<BootstrapSuperAdmin> {
  private readonly logger = new Logger('Accounts');

  constructor(
    private readonly accounts: AccountStreams,
    @Inject(IDS) private readonly ids: Ids,
  ) {}

  async execute({ superAdmin }: BootstrapSuperAdmin): Promise<{ accountId: string; created: boolean }> {
    const email = normaliseEmail(superAdmin.email);
    const accountId = await this.accounts.claimEmail(email, this.ids.uuid());
    const existing = await this.accounts.load(accountId);
    const passwordHash =
      existing.status === 'exists' ? existing.account.passwordHash : await hashPassword(superAdmin.password);
    const outcome = await this.accounts.run(
      accountId,
      (at) => ({ type: 'BootstrapSuperAdmin', data: { accountId, email, name: superAdmin.name, passwordHash, at } }),
      systemActor('bootstrap'),
    );
    if (outcome.events.length > 0) this.logger.log(`super admin ${maskEmail(email)} ready (account ${accountId})`);
    return { accountId, created: existing.status === 'none' };
  }
}
