import { Inject, Logger } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { DomainError } from '@inkprint/domain-kernel';
import type { EventStore, PersonalDataKeys } from '@inkprint/eventstore';
import { eraseAccount, type AccountErasure, type TextVault } from '@inkprint/text-vault';
import { CLOCK, type Clock } from '../../platform/clock';
import { EVENT_STORE, PERSONAL_DATA_KEYS, TEXT_VAULT } from '../../platform/tokens';
import type { SignedInAccount } from '../auth/current-account';
import { userActor } from '../shared/actor';
import { verifyPassword } from '../shared/secrets';

export class EraseAccount extends Command<AccountErasure> {
  constructor(
    readonly account: SignedInAccount,
    readonly password: string,
  ) {
    super();
  }
}

/**
 * `DELETE /auth/me`: the owner erases their account (password confirmed). The steps are eraseAccount
 * (@inkprint/text-vault), which `inkprint accounts erase` runs too: the address is released, the account's data key
 * destroyed (its name, email and password hash read as erased in every past event), its texts and reports deleted,
 * AccountErased appended and its sessions ended. Usage and audit history stay, without the person. Each step can be
 * repeated if one fails.
 */
@CommandHandler(EraseAccount)
export class EraseAccountHandler implements ICommandHandler<EraseAccount> {
  private readonly logger = new Logger('Erasure');

  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(PERSONAL_DATA_KEYS) private readonly keys: PersonalDataKeys,
    @Inject(TEXT_VAULT) private readonly vault: TextVault,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ account, password }: EraseAccount): Promise<AccountErasure> {
    const erasure = await eraseAccount(
      { store: this.store, keys: this.keys, vault: this.vault, now: () => this.clock.now() },
      account.accountId,
      {
        actor: userActor(account.accountId),
        sessionIds: [account.sessionId],
        // A key already destroyed means an erasure was interrupted after its point of no return: the password hash
        // is gone with it, the signed-in session is what authorises finishing the job.
        confirm: async (state, interrupted) => {
          if (
            state.status === 'exists' &&
            (interrupted || (await verifyPassword(state.account.passwordHash, password)))
          )
            return;
          throw new DomainError('PASSWORD_INCORRECT', 'The password is not correct.', 403, { field: 'password' });
        },
      },
    );
    this.logger.log(`account ${account.accountId} erased at its owner's request`);
    return erasure;
  }
}
