export * from './port/mailer';
export * from './port/errors';
export { maskEmail, maskEmailsIn } from './mask-email';
export { escapeHtml, formatDuration, formatUtc } from './templates/layout';
export * from './templates/urls';
export * from './templates/account-mails';
export { SmtpMailer, parseSmtpUrl, type SmtpMailerOptions, type SmtpEndpoint } from './smtp/smtp-mailer';
export { DevMailbox, DEV_MAILBOX_CAPACITY, type DevMailboxMessage, type DevMailboxOptions } from './dev/dev-mailbox';
