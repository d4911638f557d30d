import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { normaliseEmail, OTP_TTL_MS } from '@inkprint/accounts-domain';
import type { Mailer } from '@inkprint/mail';
import { MAILER } from '../../mail/tokens';
import { IDS, type Ids } from '../../platform/ids';
import { AccountStreams } from '../shared/account-streams';
import { userActor } from '../shared/actor';
import { sendVerificationCode, type CodeSent } from '../shared/code-sent';
import { codeHash, hashPassword } from '../shared/secrets';

export class SignUp extends Command<CodeSent> {
  constructor(readonly input: { name: string; email: string; password: string }) {
    super();
  }
}

/** `POST /auth/register`: claims the address (one account per address, whatever the race), records the pending account, e-mails the code. */
@CommandHandler(SignUp)
export class SignUpHandler implements ICommandHandler<SignUp> {
  constructor(
    private readonly accounts: AccountStreams,
    @Inject(MAILER) private readonly mailer: Mailer,
    @Inject(IDS) private readonly ids: Ids,
  ) {}

  async execute({ input }: SignUp): Promise<CodeSent> {
    const email = normaliseEmail(input.email);
    const name = input.name.trim();
    const passwordHash = await hashPassword(input.password);
    const accountId = await this.accounts.claimEmail(email, this.ids.uuid());
    const code = this.ids.otp();
    const now = this.accounts.clock.now();
    const expiresAt = new Date(now.getTime() + OTP_TTL_MS).toISOString();
    await this.accounts.run(
      accountId,
      {
        type: 'RegisterAccount',
        data: {
          accountId,
          email,
          name,
          passwordHash,
          codeHash: codeHash(accountId, code),
          codeExpiresAt: expiresAt,
          at: now.toISOString(),
        },
      },
      userActor(accountId),
    );
    await sendVerificationCode(this.mailer, email, name, code);
    return { email, expiresAt };
  }
}
