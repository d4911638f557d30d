import { DynamicModule, Global, Inject, Module, type OnApplicationShutdown } from '@nestjs/common';
import { DevMailbox, SmtpMailer, type Mailer } from '@inkprint/mail';
import { APP_CONFIG, type AppConfig } from '../config';
import { HealthIndicatorRegistry } from '../health';
import { DevMailboxController } from './dev-mailbox.controller';
import { createMailer, UndeliveredMail } from './mailer.factory';
import { MAILER } from './tokens';

/** A successful SMTP check is reused this long, so frequent /health probes do not open a connection each time. */
const SMTP_CHECK_TTL_MS = 30_000;

/**
 * Outgoing mail for the whole app: the MAILER token (SmtpMailer when SMTP_URL is set, else the dev mailbox), the
 * `mail` health check, and the dev mailbox page and endpoints (only registered when `config.devMailbox`).
 */
@Global()
@Module({})
export class MailModule implements OnApplicationShutdown {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: MailModule,
      providers: [
        {
          provide: MAILER,
          inject: [APP_CONFIG],
          useFactory: (appConfig: AppConfig): Mailer => createMailer(appConfig),
        },
      ],
      controllers: config.devMailbox ? [DevMailboxController] : [],
      exports: [MAILER],
    };
  }

  private lastSmtpCheck: { at: number; details: Record<string, unknown> } | undefined;

  constructor(
    @Inject(MAILER) private readonly mailer: Mailer,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    health: HealthIndicatorRegistry,
  ) {
    health.register({ name: 'mail', check: () => this.check() });
  }

  private async check(): Promise<Record<string, unknown>> {
    const mailer = this.mailer;
    if (mailer instanceof SmtpMailer) {
      if (this.lastSmtpCheck && Date.now() - this.lastSmtpCheck.at < SMTP_CHECK_TTL_MS)
        return this.lastSmtpCheck.details;
      const started = Date.now();
      await mailer.verify();
      const details = { transport: 'smtp', server: mailer.describe(), latencyMs: Date.now() - started };
      this.lastSmtpCheck = { at: Date.now(), details };
      return details;
    }
    if (mailer instanceof DevMailbox)
      return { transport: 'dev-mailbox', delivers: false, page: this.config.devMailbox };
    if (mailer instanceof UndeliveredMail) return { transport: 'none', delivers: false };
    await mailer.verify?.();
    return {};
  }

  async onApplicationShutdown(): Promise<void> {
    await this.mailer.close();
  }
}
