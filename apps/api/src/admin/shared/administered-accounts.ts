import { Inject, Injectable } from '@nestjs/common';
import { ACCOUNT_ID } from '@inkprint/contracts';
import { getUser, type UserDirectoryRow } from '@inkprint/read-models';
import { AccountStreams, adminActor, type SignedInAccount } from '../../accounts';
import type { AccountCommandAt } from '../../accounts/shared/account-streams';
import { IDS, type Ids } from '../../platform/ids';
import { AdminReads, accountNotFound } from './admin-reads';

/** An admin's command on an account (plan, status, revocation): the admin is the actor; the answer reads its own write. */
@Injectable()
export class AdministeredAccounts {
  constructor(
    private readonly accounts: AccountStreams,
    private readonly reads: AdminReads,
    @Inject(IDS) private readonly ids: Ids,
  ) {}

  async apply(admin: SignedInAccount, accountId: string, command: AccountCommandAt): Promise<UserDirectoryRow> {
    if (!ACCOUNT_ID.test(accountId)) throw accountNotFound();
    const outcome = await this.accounts.run(accountId, command, adminActor(admin), this.ids.uuid());
    const row = await getUser(await this.reads.after(outcome.position, ['users', 'audit_timeline']), accountId);
    if (!row) throw accountNotFound();
    return row;
  }
}
