/** The e-mails Inkprint sends. */
export const MAIL_KINDS = ['verification_code', 'password_reset', 'admin_invite', 'account_exists'] as const;
export type MailKind = (typeof MAIL_KINDS)[number];

export function isMailKind(value: unknown): value is MailKind {
  return typeof value === 'string' && (MAIL_KINDS as readonly string[]).includes(value);
}

/** A message ready to send: one recipient, a plain-text and an HTML body (built by the templates). */
export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  kind: MailKind;
}

/** What a mailer answers once a message has been handed over (SMTP: accepted by the server; dev mailbox: stored). */
export interface SentMail {
  /** Inkprint's id of the message (a UUID). */
  id: string;
  /** The Message-ID header, when the transport set one. */
  messageId?: string;
  to: string;
  subject: string;
  kind: MailKind;
  /** ISO 8601 time the message was handed over. */
  sentAt: string;
}

/** The outgoing-mail port: SmtpMailer in production, DevMailbox in development and tests. */
export interface Mailer {
  /** Sends one message; rejects with MailDeliveryError when it could not be handed over. */
  send(mail: OutgoingMail): Promise<SentMail>;
  /** Checks the transport can be used (SMTP: connects and authenticates). */
  verify?(): Promise<void>;
  close(): Promise<void>;
}

/** Default sender when MAIL_FROM is not set. */
export const DEFAULT_MAIL_FROM = 'Inkprint <no-reply@inkprint.local>';

// A bare address (local@domain) with nothing that could break out of a header or make a list.
const ADDRESS = /^[^\s@<>",;:()[\]\\]+@[^\s@<>",;:()[\]\\]+$/;

/** Whether `value` is a single plain e-mail address (no display name, no list). */
export function isEmailAddress(value: string): boolean {
  return value.length <= 254 && ADDRESS.test(value);
}

/** `Name <address>` or a bare address, on one line: the shape MAIL_FROM must have. */
export function isMailbox(value: string): boolean {
  if (/[\r\n]/.test(value)) return false;
  const named = /^\s*([^<>]*?)\s*<([^<>]+)>\s*$/.exec(value);
  return named ? isEmailAddress(named[2]) : isEmailAddress(value.trim());
}

/** Throws a TypeError naming the first problem of a message before any transport sees it. */
export function assertOutgoingMail(mail: OutgoingMail): void {
  if (!isEmailAddress(mail.to))
    throw new TypeError(`Mail recipient must be one e-mail address (got ${JSON.stringify(mail.to)})`);
  if (!mail.subject.trim() || /[\r\n]/.test(mail.subject))
    throw new TypeError('Mail subject must be one non-empty line');
  if (!mail.text.trim() || !mail.html.trim()) throw new TypeError('Mail needs both a text and an HTML body');
  if (!isMailKind(mail.kind)) throw new TypeError(`Unknown mail kind ${JSON.stringify(mail.kind)}`);
}
