import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { sessionDecider, sessionStreamId } from '@inkprint/accounts-domain';
import { handleCommand } from '@inkprint/eventstore';
import type { SignedInAccount } from '../auth/current-account';
import { AccountStreams } from '../shared/account-streams';
import { userActor } from '../shared/actor';

export class EndSession extends Command<void> {
  constructor(readonly account: Pick<SignedInAccount, 'accountId' | 'sessionId'>) {
    super();
  }
}

/** `POST /auth/logout`: the session ends; its refresh token no longer works. */
@CommandHandler(EndSession)
export class EndSessionHandler implements ICommandHandler<EndSession> {
  constructor(private readonly accounts: AccountStreams) {}

  async execute({ account }: EndSession): Promise<void> {
    await handleCommand(
      this.accounts.store,
      sessionStreamId(account.sessionId),
      sessionDecider,
      { type: 'EndSession', data: { reason: 'logout', at: this.accounts.nowIso() } },
      { metadata: { actor: userActor(account.accountId) } },
    );
  }
}
