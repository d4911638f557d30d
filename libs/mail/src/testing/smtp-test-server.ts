import { simpleParser, type ParsedMail } from 'mailparser';
import type { AddressInfo } from 'node:net';
import { SMTPServer, type SMTPServerOptions } from 'smtp-server';

export type ReceivedMail = {
  /** Envelope recipients (RCPT TO), as the server saw them. */
  rcptTo: string[];
  mailFrom: string | undefined;
  /** The authenticated user, when the client logged in. */
  user: string | undefined;
  parsed: ParsedMail;
};

export type TestSmtpServer = {
  port: number;
  /** smtp(s)://user:pass@127.0.0.1:port (credentials only when the server requires them). */
  url: string;
  received: ReceivedMail[];
  /** Resolves with the first message (already received or yet to come) that `match` accepts. */
  waitFor(match: (mail: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
};

/**
 * A real SMTP server on 127.0.0.1 (the `smtp-server` package) that parses what it receives with `mailparser`.
 * `credentials` makes AUTH mandatory; `rejectRecipient` answers 550 to matching RCPT TO; `secure` speaks TLS from
 * the start with smtp-server's built-in self-signed localhost certificate.
 */
export async function startTestSmtpServer(
  options: {
    credentials?: { user: string; pass: string };
    rejectRecipient?: (address: string) => boolean;
    secure?: boolean;
  } = {},
): Promise<TestSmtpServer> {
  const received: ReceivedMail[] = [];
  const waiters = new Set<{ match: (mail: ReceivedMail) => boolean; resolve: (mail: ReceivedMail) => void }>();
  const { credentials } = options;

  const serverOptions: SMTPServerOptions = {
    secure: options.secure ?? false,
    // The plain server offers no STARTTLS, so the client does not try to upgrade to the self-signed certificate.
    disabledCommands: options.secure ? [] : ['STARTTLS'],
    authOptional: !credentials,
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, callback) {
      if (credentials && auth.username === credentials.user && auth.password === credentials.pass) {
        return callback(null, { user: auth.username });
      }
      return callback(Object.assign(new Error('Invalid username or password'), { responseCode: 535 }));
    },
    onRcptTo(address, _session, callback) {
      if (options.rejectRecipient?.(address.address)) {
        return callback(Object.assign(new Error(`Mailbox ${address.address} unavailable`), { responseCode: 550 }));
      }
      callback();
    },
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          const mail: ReceivedMail = {
            rcptTo: session.envelope.rcptTo.map((a) => a.address),
            mailFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : undefined,
            user: typeof session.user === 'string' ? session.user : undefined,
            parsed,
          };
          received.push(mail);
          for (const waiter of [...waiters]) {
            if (waiter.match(mail)) {
              waiters.delete(waiter);
              waiter.resolve(mail);
            }
          }
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  };
  const server = new SMTPServer(serverOptions);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const port = (server.server.address() as AddressInfo).port;
  const auth = credentials ? `${encodeURIComponent(credentials.user)}:${encodeURIComponent(credentials.pass)}@` : '';

  return {
    port,
    url: `${options.secure ? 'smtps' : 'smtp'}://${auth}127.0.0.1:${port}`,
    received,
    waitFor(match, timeoutMs = 5000) {
      const found = received.find(match);
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const waiter = {
          match,
          resolve: (mail: ReceivedMail) => {
            clearTimeout(timer);
            resolve(mail);
          },
        };
        const timer = setTimeout(() => {
          waiters.delete(waiter);
          reject(new Error(`No matching message within ${timeoutMs} ms (received ${received.length})`));
        }, timeoutMs);
        waiters.add(waiter);
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
