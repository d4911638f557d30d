import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { DomainError } from '@inkprint/domain-kernel';
import { IDS, type Ids } from '../../platform/ids';
import { AccountStreams } from '../shared/account-streams';
import { userActor } from '../shared/actor';
import { burnPasswordCheck, verifyPassword } from '../shared/secrets';
import { SessionIssuer, type SignedIn } from '../shared/session-issuer';

const invalidCredentials = () => new DomainError('INVALID_CREDENTIALS', 'Invalid email or password.', 401);

export class SignIn extends Command<SignedIn> {
  constructor(readonly input: { email: string; password: string }) {
    super();
  }
}

/** `POST /auth/login`: an unknown address costs the same time as a wrong password (no account enumeration). */
@CommandHandler(SignIn)
export class SignInHandler implements ICommandHandler<SignIn> {
  constructor(
    private readonly accounts: AccountStreams,
    private readonly sessions: SessionIssuer,
    @Inject(IDS) private readonly ids: Ids,
  ) {}

  async execute({ input }: SignIn): Promise<SignedIn> {
    const accountId = await this.accounts.accountIdFor(input.email);
    if (!accountId) {
      await burnPasswordCheck(input.password);
      throw invalidCredentials();
    }
    const sessionId = this.ids.uuid();
    const outcome = await this.accounts.run(
      accountId,
      async (at, state) => ({
        type: 'LogIn',
        data: {
          passwordMatches:
            state.status === 'exists' && (await verifyPassword(state.account.passwordHash, input.password)),
          sessionId,
          at,
        },
      }),
      userActor(accountId),
    );
    if (outcome.events.some((e) => e.type === 'LoginFailed')) throw invalidCredentials();
    return this.sessions.start(accountId, sessionId);
  }
}
