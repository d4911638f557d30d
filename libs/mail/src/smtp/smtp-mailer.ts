import { randomUUID } from 'node:crypto';
import { createTransport, type Transporter } from 'nodemailer';
import { MailDeliveryError, type MailDeliveryFailure } from '../port/errors';
import {
  assertOutgoingMail,
  DEFAULT_MAIL_FROM,
  isMailbox,
  type Mailer,
  type MailKind,
  type OutgoingMail,
  type SentMail,
} from '../port/mailer';

export type SmtpMailerOptions = {
  /**
   * `smtp://user:pass@host:587` (STARTTLS when the server offers it), `smtps://user:pass@host:465` (TLS from the
   * start). Credentials are URL-encoded; nodemailer options may follow as query parameters (`?requireTLS=true`).
   */
  url: string;
  /** The From header, `Name <address>`; DEFAULT_MAIL_FROM when absent. */
  from?: string;
  /** Keep up to 3 connections open and reuse them (default true). */
  pool?: boolean;
  /** TCP connect timeout (default 10 s). */
  connectionTimeoutMs?: number;
  /** Time to wait for the server's greeting once connected (default 10 s). */
  greetingTimeoutMs?: number;
  /** Idle time on an open connection before it counts as dead (default 30 s). */
  socketTimeoutMs?: number;
  /** Extra options for tls.connect, e.g. `{ rejectUnauthorized: false }` for a test server's self-signed certificate. */
  tls?: { rejectUnauthorized?: boolean; servername?: string };
};

/** Where an SmtpMailer delivers to, without the credentials: for logs and the health check. */
export type SmtpEndpoint = { host: string; port: number; secure: boolean; user?: string };

/** Parses an SMTP_URL far enough to validate it and describe it; throws a TypeError naming the problem. */
export function parseSmtpUrl(value: string): SmtpEndpoint {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new TypeError('SMTP URL must look like smtp://user:pass@host:587 or smtps://user:pass@host:465');
  }
  if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:') {
    throw new TypeError(`SMTP URL must start with smtp:// or smtps:// (got ${url.protocol}//)`);
  }
  if (!url.hostname) throw new TypeError('SMTP URL must name a host, such as smtp://user:pass@smtp.example.com:587');
  const secure = url.protocol === 'smtps:';
  return {
    host: url.hostname.replace(/^\[|\]$/g, ''),
    port: url.port ? Number(url.port) : secure ? 465 : 587,
    secure,
    ...(url.username ? { user: decodeURIComponent(url.username) } : {}),
  };
}

const CONNECTION_CODES = new Set([
  'ECONNECTION',
  'ESOCKET',
  'EDNS',
  'ETLS',
  'EREQUIRETLS',
  'EPROXY',
  'ECONNREFUSED',
  'ECONNRESET',
  'EHOSTUNREACH',
  'ENOTFOUND',
]);

function failureOf(error: { code?: unknown; responseCode?: unknown }): MailDeliveryFailure {
  const code = typeof error.code === 'string' ? error.code : '';
  if (code === 'EAUTH' || code === 'ENOAUTH') return 'auth';
  if (code === 'ETIMEDOUT') return 'timeout';
  if (CONNECTION_CODES.has(code)) return 'connection';
  if (typeof error.responseCode === 'number' && error.responseCode >= 400) return 'rejected';
  if (code === 'EENVELOPE' || code === 'EMESSAGE') return 'rejected';
  return 'unknown';
}

function toDeliveryError(error: unknown, what: string, mail?: { kind: MailKind; to: string }): MailDeliveryError {
  if (error instanceof MailDeliveryError) return error;
  const details = (typeof error === 'object' && error !== null ? error : {}) as {
    code?: unknown;
    responseCode?: unknown;
    command?: unknown;
  };
  const reason = error instanceof Error ? error.message : String(error);
  return new MailDeliveryError(`${what}: ${reason}`, {
    failure: failureOf(details),
    kind: mail?.kind,
    to: mail?.to,
    responseCode: typeof details.responseCode === 'number' ? details.responseCode : undefined,
    command: typeof details.command === 'string' ? details.command : undefined,
    cause: error,
  });
}

/** Delivers through an SMTP server with nodemailer. Failures reject with MailDeliveryError. */
export class SmtpMailer implements Mailer {
  readonly endpoint: SmtpEndpoint;
  readonly from: string;
  private readonly transport: Transporter;

  constructor(options: SmtpMailerOptions) {
    this.endpoint = parseSmtpUrl(options.url);
    this.from = options.from ?? DEFAULT_MAIL_FROM;
    if (!isMailbox(this.from))
      throw new TypeError(
        `Sender must be an address such as "Inkprint <no-reply@example.com>" (got ${JSON.stringify(this.from)})`,
      );
    const timeouts = {
      connectionTimeout: options.connectionTimeoutMs ?? 10_000,
      greetingTimeout: options.greetingTimeoutMs ?? 10_000,
      socketTimeout: options.socketTimeoutMs ?? 30_000,
      dnsTimeout: options.connectionTimeoutMs ?? 10_000,
    };
    const common = { url: options.url, ...timeouts, ...(options.tls ? { tls: options.tls } : {}) };
    this.transport =
      (options.pool ?? true)
        ? createTransport({ ...common, pool: true, maxConnections: 3, maxMessages: 100 }, { from: this.from })
        : createTransport(common, { from: this.from });
  }

  /** `smtp://host:587` / `smtps://host:465`, without credentials. */
  describe(): string {
    const { host, port, secure } = this.endpoint;
    return `${secure ? 'smtps' : 'smtp'}://${host.includes(':') ? `[${host}]` : host}:${port}`;
  }

  async send(mail: OutgoingMail): Promise<SentMail> {
    assertOutgoingMail(mail);
    const what = `Could not send the ${mail.kind} e-mail through ${this.describe()}`;
    let info: { messageId?: string; rejected?: unknown[] };
    try {
      info = await this.transport.sendMail({
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        // RFC 3834: an automatic message; well-behaved autoresponders do not answer it.
        headers: { 'Auto-Submitted': 'auto-generated', 'X-Inkprint-Mail': mail.kind },
      });
    } catch (error) {
      throw toDeliveryError(error, what, mail);
    }
    if (info.rejected && info.rejected.length > 0) {
      throw new MailDeliveryError(`${what}: the server rejected the recipient`, {
        failure: 'rejected',
        kind: mail.kind,
        to: mail.to,
      });
    }
    return {
      id: randomUUID(),
      ...(info.messageId ? { messageId: info.messageId } : {}),
      to: mail.to,
      subject: mail.subject,
      kind: mail.kind,
      sentAt: new Date().toISOString(),
    };
  }

  /** Connects (and authenticates when SMTP_URL has credentials) without sending anything. */
  async verify(): Promise<void> {
    try {
      await this.transport.verify();
    } catch (error) {
      throw toDeliveryError(error, `SMTP server ${this.describe()} is not usable`);
    }
  }

  async close(): Promise<void> {
    this.transport.close();
  }
}
