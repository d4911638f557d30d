import { Inject, Logger } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { normaliseEmail, PASSWORD_RESET_TTL_MS } from '@inkprint/accounts-domain';
import { MailDeliveryError, passwordResetMail, passwordResetUrl, type Mailer } from '@inkprint/mail';
import { APP_CONFIG, type AppConfig } from '../../config';
import { MAILER } from '../../mail/tokens';
import { IDS, type Ids } from '../../platform/ids';
import { AccountStreams } from '../shared/account-streams';
import { userActor } from '../shared/actor';
import { sha256 } from '../shared/secrets';

export class RequestPasswordReset extends Command<void> {
  constructor(readonly email: string) {
    super();
  }
}

/** `POST /auth/forgot-password`: the same answer whether or not the address has an account (no enumeration). */
@CommandHandler(RequestPasswordReset)
export class RequestPasswordResetHandler implements ICommandHandler<RequestPasswordReset> {
  private readonly logger = new Logger('PasswordReset');

  constructor(
    private readonly accounts: AccountStreams,
    @Inject(MAILER) private readonly mailer: Mailer,
    @Inject(IDS) private readonly ids: Ids,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute(command: RequestPasswordReset): Promise<void> {
    const email = normaliseEmail(command.email);
    const accountId = await this.accounts.accountIdFor(email);
    if (!accountId) return;
    const secret = this.ids.secret(32);
    const now = this.accounts.clock.now();
    const outcome = await this.accounts.run(
      accountId,
      {
        type: 'RequestPasswordReset',
        data: {
          tokenHash: sha256(secret),
          expiresAt: new Date(now.getTime() + PASSWORD_RESET_TTL_MS).toISOString(),
          at: now.toISOString(),
        },
      },
      userActor(accountId),
    );
    if (outcome.events.length === 0 || outcome.state.status !== 'exists') return;
    // The same link builder as the invite's: a path in APP_PUBLIC_URL (an app served under /app) is kept.
    const resetUrl = passwordResetUrl(this.config.appPublicUrl, `${accountId}.${secret}`);
    try {
      await this.mailer.send(
        passwordResetMail({
          to: email,
          name: outcome.state.account.name,
          resetUrl,
          expiresInMinutes: PASSWORD_RESET_TTL_MS / 60_000,
        }),
      );
    } catch (error) {
      // A refused recipient is about this address: answer as for any address (no enumeration) and keep it in the log.
      // A mail server that is down or refuses our credentials is about the service: that error goes to the user (503).
      if (!(error instanceof MailDeliveryError) || error.failure !== 'rejected') throw error;
      this.logger.warn(`password reset for account ${accountId}: the mail server refused the recipient`);
    }
  }
}
