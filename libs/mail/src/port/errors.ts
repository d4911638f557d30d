import type { MailKind } from './mailer';

/** Why a message did not go out. */
export type MailDeliveryFailure =
  /** The server could not be reached or dropped the connection (refused, DNS, TLS, socket). */
  | 'connection'
  /** No answer in time. */
  | 'timeout'
  /** The server refused the credentials of SMTP_URL. */
  | 'auth'
  /** The server refused the sender, the recipient or the message. */
  | 'rejected'
  | 'unknown';

/** A message could not be handed over to the mail server (or the server could not be verified). */
export class MailDeliveryError extends Error {
  readonly code = 'MAIL_DELIVERY_FAILED';
  readonly failure: MailDeliveryFailure;
  /** Which e-mail failed; absent for verify(). */
  readonly kind?: MailKind;
  /** The recipient. The message names the kind and the server, though the server's reply quoted in it may name the address. */
  readonly to?: string;
  /** SMTP reply code of the refusal (550, 535...), when the server gave one. */
  readonly responseCode?: number;
  /** The SMTP command that failed (`RCPT TO`, `AUTH PLAIN`...), when known. */
  readonly command?: string;

  constructor(
    message: string,
    details: {
      failure: MailDeliveryFailure;
      kind?: MailKind;
      to?: string;
      responseCode?: number;
      command?: string;
      cause?: unknown;
    },
  ) {
    super(message, { cause: details.cause });
    this.name = 'MailDeliveryError';
    this.failure = details.failure;
    this.kind = details.kind;
    this.to = details.to;
    this.responseCode = details.responseCode;
    this.command = details.command;
  }
}
