import { Inject, Optional } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { normaliseEmail, OTP_TTL_MS } from '@inkprint/accounts-domain';
import { DomainError } from '@inkprint/domain-kernel';
import { accountExistsMail, appUrl, type Mailer } from '@inkprint/mail';
// jscpd:ignore-start -- the same services as RequestPasswordResetHandler's (config, mailer, ids, account streams,
// the account as actor): two commands' import lists, no shared logic.
import { APP_CONFIG, type AppConfig } from '../../config';
import { MAILER } from '../../mail/tokens';
import { IDS, type Ids } from '../../platform/ids';
import { AccountStreams } from '../shared/account-streams';
import { userActor } from '../shared/actor';
// jscpd:ignore-end
import { sendVerificationCode, type CodeSent } from '../shared/code-sent';
import { codeHash, hashPassword } from '../shared/secrets';

export class SignUp extends Command<CodeSent> {
  constructor(readonly input: { name: string; email: string; password: string }) {
    super();
  }
}

/**
 * `POST /auth/register`: claims the address (one account per address, whatever the race), records the pending account,
 * e-mails the code. An address that already has an account gets the same answer and a notice mail instead.
 */
@CommandHandler(SignUp)
export class SignUpHandler implements ICommandHandler<SignUp> {
  constructor(
    private readonly accounts: AccountStreams,
    @Inject(MAILER) private readonly mailer: Mailer,
    @Inject(IDS) private readonly ids: Ids,
    @Optional() @Inject(APP_CONFIG) private readonly config?: Pick<AppConfig, 'appPublicUrl'>,
  ) {}

  async execute({ input }: SignUp): Promise<CodeSent> {
    const email = normaliseEmail(input.email);
    const name = input.name.trim();
    const passwordHash = await hashPassword(input.password);
    const accountId = await this.accounts.claimEmail(email, this.ids.uuid());
    const code = this.ids.otp();
    const now = this.accounts.clock.now();
    const expiresAt = new Date(now.getTime() + OTP_TTL_MS).toISOString();
    try {
      await this.register(accountId, email, name, passwordHash, code, expiresAt, now);
    } catch (error) {
      if (!(error instanceof DomainError) || error.code !== 'EMAIL_TAKEN') throw error;
      // The address has an account: the answer is the one a new address gets (the password was hashed and a mail
      // goes out either way, so neither the answer nor its timing tells who has an account); the owner is told.
      await this.mailer.send(
        accountExistsMail({
          to: email,
          signInUrl: appUrl(this.publicUrl, '/signin'),
          forgotPasswordUrl: appUrl(this.publicUrl, '/forgot-password'),
        }),
      );
      return { email, expiresAt };
    }
    await sendVerificationCode(this.mailer, email, name, code);
    return { email, expiresAt };
  }

  /** Where the notice mail links to (APP_PUBLIC_URL; handler tests without the app's config use the default). */
  private get publicUrl(): string {
    return this.config?.appPublicUrl ?? 'http://localhost:3000';
  }

  private async register(
    accountId: string,
    email: string,
    name: string,
    passwordHash: string,
    code: string,
    expiresAt: string,
    now: Date,
  ): Promise<void> {
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
  }
}
