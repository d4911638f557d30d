import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { normaliseEmail, OTP_TTL_MS } from '@inkprint/accounts-domain';
import type { Mailer } from '@inkprint/mail';
import { MAILER } from '../../mail/tokens';
import { IDS, type Ids } from '../../platform/ids';
import { AccountStreams } from '../shared/account-streams';
import { userActor } from '../shared/actor';
import { sendVerificationCode, type CodeSent } from '../shared/code-sent';
import { codeHash } from '../shared/secrets';
import { noSignUpWaiting } from './verify-email.handler';

export class ResendVerificationCode extends Command<CodeSent> {
  constructor(readonly email: string) {
    super();
  }
}

/** `POST /auth/resend-otp`: a new code replaces the old one, no sooner than 120 s after it (OTP_RESEND_COOLDOWN). */
@CommandHandler(ResendVerificationCode)
export class ResendVerificationCodeHandler implements ICommandHandler<ResendVerificationCode> {
  constructor(
    private readonly accounts: AccountStreams,
    @Inject(MAILER) private readonly mailer: Mailer,
    @Inject(IDS) private readonly ids: Ids,
  ) {}

  async execute(command: ResendVerificationCode): Promise<CodeSent> {
    const email = normaliseEmail(command.email);
    const accountId = await this.accounts.accountIdFor(email);
    const code = this.ids.otp();
    const now = this.accounts.clock.now();
    const expiresAt = new Date(now.getTime() + OTP_TTL_MS).toISOString();
    // No sign-up waiting (no account, or one already verified): the same answer as a sent code, and no mail, so the
    // answer never tells whether an address has an account (issue 25 item 8).
    if (!accountId) return { email, expiresAt };
    const outcome = await this.accounts
      .run(
        accountId,
        {
          type: 'ResendVerificationCode',
          data: { codeHash: codeHash(accountId, code), codeExpiresAt: expiresAt, at: now.toISOString() },
        },
        userActor(accountId),
      )
      .catch((error: unknown) => {
        if (noSignUpWaiting(error)) return undefined;
        throw error;
      });
    if (!outcome) return { email, expiresAt };
    const name = outcome.state.status === 'exists' ? outcome.state.account.name : '';
    await sendVerificationCode(this.mailer, email, name, code);
    return { email, expiresAt };
  }
}
