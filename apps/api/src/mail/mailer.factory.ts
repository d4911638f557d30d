import { Logger } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import * as path from 'node:path';
import { DevMailbox, maskEmail, SmtpMailer, type Mailer, type OutgoingMail, type SentMail } from '@inkprint/mail';
import type { AppConfig } from '../config';

/** The dev mailbox's JSON-lines file: `<DATA_DIR>/dev-mailbox.jsonl`. */
export function devMailboxFile(config: AppConfig): string {
  return path.join(config.dataDir, 'dev-mailbox.jsonl');
}

/** SMTP_URL set: SmtpMailer. Otherwise the dev mailbox, which keeps every message and delivers none. */
export function createMailer(config: AppConfig, logger = new Logger('Mail')): Mailer {
  if (config.smtpUrl) {
    const mailer = new SmtpMailer({ url: config.smtpUrl, from: config.mailFrom });
    logger.log(`mail: SMTP ${mailer.describe()} as ${config.mailFrom}; links to ${config.appPublicUrl}`);
    return mailer;
  }
  const file = devMailboxFile(config);
  if (config.nodeEnv === 'production') {
    // Never a mailbox file in production (issue 39 item 7): it would keep reset links and codes in DATA_DIR for
    // anyone who can read the disk. Without SMTP_URL the mail goes nowhere.
    logger.warn('SMTP_URL is not set: e-mails are NOT delivered and not kept (set SMTP_URL to send them)');
    return new UndeliveredMail();
  }
  if (!config.devMailbox) {
    logger.warn(`SMTP_URL is not set: e-mails are NOT delivered, only kept in ${file} (set SMTP_URL to send them)`);
    return new DevMailbox({ file, from: config.mailFrom });
  }
  const page = `${config.appPublicUrl}/dev/mailbox.html`;
  logger.log(
    `mail: dev mailbox (nothing is delivered): read the messages at ${page} or GET /dev/mailbox; kept in ${file}`,
  );
  return new DevMailbox({
    file,
    from: config.mailFrom,
    onStored: (message) =>
      logger.log(`dev mailbox: ${message.kind} e-mail to ${maskEmail(message.to)} stored, see ${page}`),
  });
}

/**
 * Production without SMTP_URL: every message is dropped (answered as sent, so the routes answer alike whether a mail
 * went out or not), and nothing of it is kept or logged (no address, no link).
 */
export class UndeliveredMail implements Mailer {
  private readonly logger = new Logger('Mail');

  async send(mail: OutgoingMail): Promise<SentMail> {
    this.logger.warn(`${mail.kind} e-mail dropped: SMTP_URL is not set`);
    return { id: randomUUID(), to: mail.to, subject: mail.subject, kind: mail.kind, sentAt: new Date().toISOString() };
  }

  async close(): Promise<void> {}
}
