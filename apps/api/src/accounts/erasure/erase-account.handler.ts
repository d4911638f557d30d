import { Inject, Logger } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { accountDecider, accountPersonalDataSubject } from '@inkprint/accounts-domain';
import { DomainError } from '@inkprint/domain-kernel';
import type { PersonalDataKeys } from '@inkprint/eventstore';
import { PERSONAL_DATA_KEYS } from '../../platform/tokens';
import type { SignedInAccount } from '../auth/current-account';
import { EndSession, EndSessionHandler } from '../sessions/end-session.handler';
import { AccountStreams } from '../shared/account-streams';
import { ErasureHooks } from '../shared/erasure-hooks';
import { userActor } from '../shared/actor';
import { verifyPassword } from '../shared/secrets';

export class EraseAccount extends Command<void> {
  constructor(
    readonly account: SignedInAccount,
    readonly password: string,
  ) {
    super();
  }
}

/**
 * `DELETE /auth/me`: the owner erases their account (password confirmed). The address is released, the account's
 * data key is destroyed, so its name, email and password hash read as erased in every past event, and the account
 * answers nothing more. Usage and audit history stay, without the person. Each step can be repeated if one fails.
 */
@CommandHandler(EraseAccount)
export class EraseAccountHandler implements ICommandHandler<EraseAccount> {
  private readonly logger = new Logger('Erasure');

  constructor(
    private readonly accounts: AccountStreams,
    @Inject(PERSONAL_DATA_KEYS) private readonly personalData: PersonalDataKeys,
    private readonly endSession: EndSessionHandler,
    private readonly hooks: ErasureHooks,
  ) {}

  async execute({ account, password }: EraseAccount): Promise<void> {
    const subject = accountPersonalDataSubject(account.accountId);
    const state = await this.accounts.load(account.accountId);
    // A key already destroyed means an erasure was interrupted after its point of no return: the password hash is
    // gone with it, the signed-in session is what authorises finishing the job.
    const interrupted = await this.personalData.isErased(subject);
    if (state.status !== 'exists' || (!interrupted && !(await verifyPassword(state.account.passwordHash, password)))) {
      throw new DomainError('PASSWORD_INCORRECT', 'The password is not correct.', 403, { field: 'password' });
    }
    const at = this.accounts.nowIso();
    accountDecider.decide({ type: 'EraseAccount', data: { at } }, state); // refusals (the super admin) before anything changes
    const actor = userActor(account.accountId);
    if (!interrupted) {
      await this.accounts.releaseEmail(state.account.email, account.accountId, actor);
      await this.personalData.erase(subject);
    }
    await this.hooks.run(account.accountId);
    await this.accounts.run(account.accountId, { type: 'EraseAccount', data: { at } }, actor);
    await this.endSession.execute(new EndSession(account));
    this.logger.log(`account ${account.accountId} erased at its owner's request`);
  }
}
