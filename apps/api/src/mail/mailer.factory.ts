import { Logger } from '@nestjs/common';
import { DevMailbox, SmtpMailer, type Mailer } from '@inkprint/mail';
import * as path from 'node:path';
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
    onStored: (message) => logger.log(`dev mailbox: ${message.kind} e-mail to ${message.to} stored, see ${page}`),
  });
}
