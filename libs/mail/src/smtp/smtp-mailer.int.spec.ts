import * as net from 'node:net';
import { MailDeliveryError } from '../port/errors';
import { adminInviteMail, passwordResetMail, verificationCodeMail } from '../templates/account-mails';
import { adminInviteUrl, passwordResetUrl } from '../templates/urls';
import { startTestSmtpServer, type TestSmtpServer } from '../testing/smtp-test-server';
import { SmtpMailer } from './smtp-mailer';

const CREDENTIALS = { user: 'inkprint', pass: 'p@ss:word/1' };
const APP = 'http://localhost:3000';

/** A port nothing listens on: bind one, then free it. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

async function failureOf(promise: Promise<unknown>): Promise<MailDeliveryError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(MailDeliveryError);
    return error as MailDeliveryError;
  }
  throw new Error('expected a MailDeliveryError');
}

describe('SmtpMailer against a real SMTP server', () => {
  let server: TestSmtpServer;
  let mailer: SmtpMailer;

  beforeAll(async () => {
    server = await startTestSmtpServer({
      credentials: CREDENTIALS,
      rejectRecipient: (address) => address.endsWith('@blocked.example'),
    });
    mailer = new SmtpMailer({ url: server.url, from: 'Inkprint <no-reply@inkprint.test>' });
  });

  afterAll(async () => {
    await mailer?.close();
    await server?.close();
  });

  it('verifies the connection and the credentials', async () => {
    await expect(mailer.verify()).resolves.toBeUndefined();
  });

  it('delivers the verification code in the subject, the text and the HTML part', async () => {
    const sent = await mailer.send(
      verificationCodeMail({ to: 'ada@example.com', name: 'Ada <Lovelace>', code: '482915', expiresInMinutes: 2 }),
    );
    expect(sent).toMatchObject({
      to: 'ada@example.com',
      kind: 'verification_code',
      messageId: expect.stringMatching(/^<.+>$/),
    });

    const received = await server.waitFor((m) => m.parsed.messageId === sent.messageId);
    expect(received.user).toBe(CREDENTIALS.user);
    expect(received.rcptTo).toEqual(['ada@example.com']);
    expect(received.mailFrom).toBe('no-reply@inkprint.test');
    const { parsed } = received;
    expect(parsed.from?.value).toEqual([{ name: 'Inkprint', address: 'no-reply@inkprint.test' }]);
    expect(parsed.subject).toBe('482915 is your Inkprint verification code');
    expect(parsed.headers.get('auto-submitted')).toBe('auto-generated');

    // Read the code back out of what arrived, the way the sign-up tests do.
    const fromText = /^\s+(\d{6})$/m.exec(parsed.text ?? '')?.[1];
    expect(fromText).toBe('482915');
    expect(parsed.text).toContain('within 2 minutes');
    const html = String(parsed.html);
    expect(html).toMatch(/>482915<\/p>/);
    expect(html).toContain('Hi Ada &lt;Lovelace&gt;,');
    expect(html).not.toContain('<Lovelace>');
  });

  it('delivers the reset link intact in both parts', async () => {
    const token = 'abc_DEF-123+/=&x';
    const resetUrl = passwordResetUrl(APP, token);
    await mailer.send(passwordResetMail({ to: 'grace@example.com', name: 'Grace', resetUrl, expiresInMinutes: 30 }));

    const { parsed } = await server.waitFor((m) => m.rcptTo.includes('grace@example.com'));
    expect(parsed.subject).toBe('Reset your Inkprint password');
    expect(parsed.text).toContain(resetUrl);
    const href = /href="([^"]+)"/.exec(String(parsed.html))?.[1]?.replace(/&amp;/g, '&');
    expect(href).toBe(resetUrl);
    expect(new URL(href!).searchParams.get('token')).toBe(token);
  });

  it('delivers an admin invitation with its accept link', async () => {
    const acceptUrl = adminInviteUrl(APP, 'invite-token-1');
    await mailer.send(
      adminInviteMail({
        to: 'new.admin@example.com',
        inviterName: 'Root Admin',
        acceptUrl,
        expiresAt: '2026-12-01T09:30:00Z',
      }),
    );

    const { parsed } = await server.waitFor((m) => m.rcptTo.includes('new.admin@example.com'));
    expect(parsed.text).toContain('http://localhost:3000/admin/invite?token=invite-token-1');
    expect(String(parsed.html)).toContain('href="http://localhost:3000/admin/invite?token=invite-token-1"');
    expect(parsed.text).toContain('1 December 2026, 09:30 UTC');
  });

  it('fails with MailDeliveryError when the server rejects the recipient', async () => {
    const error = await failureOf(
      mailer.send(verificationCodeMail({ to: 'nobody@blocked.example', code: '111111', expiresInMinutes: 2 })),
    );
    expect(error).toMatchObject({
      code: 'MAIL_DELIVERY_FAILED',
      failure: 'rejected',
      kind: 'verification_code',
      to: 'nobody@blocked.example',
      responseCode: 550,
    });
    expect(error.message).toMatch(/^Could not send the verification_code e-mail through smtp:\/\/127\.0\.0\.1:\d+: /);
    // The mailer is still usable afterwards.
    await mailer.send(verificationCodeMail({ to: 'after@example.com', code: '222222', expiresInMinutes: 2 }));
    await server.waitFor((m) => m.rcptTo.includes('after@example.com'));
  });

  it('fails with MailDeliveryError (auth) for wrong credentials, without echoing the password', async () => {
    const wrong = new SmtpMailer({ url: `smtp://inkprint:not-the-password@127.0.0.1:${server.port}`, pool: false });
    try {
      const error = await failureOf(
        wrong.send(verificationCodeMail({ to: 'ada@example.com', code: '333333', expiresInMinutes: 2 })),
      );
      expect(error.failure).toBe('auth');
      expect(error.responseCode).toBe(535);
      expect(error.message).not.toContain('not-the-password');
      expect((await failureOf(wrong.verify())).failure).toBe('auth');
    } finally {
      await wrong.close();
    }
  });
});

describe('SmtpMailer without a server', () => {
  it('fails with MailDeliveryError (connection) when the connection is refused', async () => {
    const port = await closedPort();
    const mailer = new SmtpMailer({ url: `smtp://127.0.0.1:${port}`, pool: false });
    try {
      const error = await failureOf(
        mailer.send(verificationCodeMail({ to: 'ada@example.com', code: '444444', expiresInMinutes: 2 })),
      );
      expect(error).toMatchObject({ failure: 'connection', kind: 'verification_code', to: 'ada@example.com' });
      expect(error.message).toContain(`smtp://127.0.0.1:${port}`);
      expect((await failureOf(mailer.verify())).failure).toBe('connection');
    } finally {
      await mailer.close();
    }
  });

  it('fails with MailDeliveryError (timeout) when the server never greets', async () => {
    const sockets = new Set<net.Socket>();
    const silent = net.createServer((socket) => sockets.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as net.AddressInfo;
    const mailer = new SmtpMailer({ url: `smtp://127.0.0.1:${port}`, pool: false, greetingTimeoutMs: 300 });
    try {
      const error = await failureOf(
        mailer.send(verificationCodeMail({ to: 'ada@example.com', code: '555555', expiresInMinutes: 2 })),
      );
      expect(error.failure).toBe('timeout');
    } finally {
      await mailer.close();
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    }
  });
});

describe('SmtpMailer over smtps:// (TLS from the start)', () => {
  it('delivers to a TLS server', async () => {
    const server = await startTestSmtpServer({ secure: true, credentials: CREDENTIALS });
    const mailer = new SmtpMailer({ url: server.url, tls: { rejectUnauthorized: false } });
    try {
      await mailer.send(verificationCodeMail({ to: 'tls@example.com', code: '666666', expiresInMinutes: 2 }));
      const { parsed } = await server.waitFor((m) => m.rcptTo.includes('tls@example.com'));
      expect(parsed.text).toContain('666666');
    } finally {
      await mailer.close();
      await server.close();
    }
  });
});

describe('SmtpMailer configuration', () => {
  it.each([
    ['http://mail.example.com', /must start with smtp:\/\/ or smtps:\/\//],
    ['not a url', /must look like smtp:\/\/user:pass@host:587/],
  ])('refuses %s', (url, message) => {
    expect(() => new SmtpMailer({ url })).toThrow(message);
  });

  it('refuses a From that is not an address', () => {
    expect(() => new SmtpMailer({ url: 'smtp://127.0.0.1:2525', from: 'Inkprint' })).toThrow(
      /Sender must be an address/,
    );
  });

  it('describes the endpoint without credentials', () => {
    const mailer = new SmtpMailer({ url: 'smtps://user:secret@mail.example.com', pool: false });
    expect(mailer.describe()).toBe('smtps://mail.example.com:465');
    expect(mailer.endpoint).toEqual({ host: 'mail.example.com', port: 465, secure: true, user: 'user' });
    return mailer.close();
  });
});
