import * as fs from 'node:fs';
import * as path from 'node:path';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import {
  DevMailbox,
  MAIL_KINDS,
  SmtpMailer,
  adminInviteMail,
  passwordResetMail,
  passwordResetUrl,
  verificationCodeMail,
  type Mailer,
} from '@inkprint/mail';
import { MAILER, devMailboxFile } from '../src/mail';
import { startTestApp, type TestApp } from './support/test-app';

const BROWSER = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';
const PRODUCTION_SECRET = 'an-e2e-production-secret-of-32-chars-or-more';

/** A built web app in `dir`, so a request the SPA fallback wrongly answered would show this index.html. */
function writeWebFixture(dir: string): void {
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>Inkprint web fixture</title>');
}

/** The 6-digit code on its own line of the text part (how a sign-up test reads it). */
function codeIn(text: string): string | undefined {
  return /^\s+(\d{6})$/m.exec(text)?.[1];
}

describe('dev mailbox (development app: no SMTP_URL)', () => {
  let t: TestApp;
  let mailer: Mailer;

  beforeAll(async () => {
    t = await startTestApp({ kind: 'pglite' }, { label: 'mail' });
    writeWebFixture(t.config.publicWebDir);
    mailer = t.app.get<Mailer>(MAILER);
  });

  afterAll(async () => {
    await t?.close();
  });

  it('provides the dev mailbox through MAILER', () => {
    expect(t.config.devMailbox).toBe(true);
    expect(mailer).toBeInstanceOf(DevMailbox);
  });

  it('shows a message sent through MAILER at GET /dev/mailbox and /dev/mailbox/latest', async () => {
    const sent = await mailer.send(
      verificationCodeMail({ to: 'ada@example.com', name: 'Ada', code: '314159', expiresInMinutes: 2 }),
    );

    const list = await request(t.server).get('/dev/mailbox').query({ to: 'ADA@example.com' }).expect(200);
    expect(list.headers['cache-control']).toBe('no-store');
    expect(list.body.messages).toHaveLength(1);
    expect(list.body.messages[0]).toMatchObject({
      id: sent.id,
      to: 'ada@example.com',
      kind: 'verification_code',
      subject: '314159 is your Inkprint verification code',
    });

    const latest = await request(t.server)
      .get('/dev/mailbox/latest')
      .query({ to: 'ada@example.com', kind: 'verification_code' })
      .expect(200);
    expect(latest.body.id).toBe(sent.id);
    expect(codeIn(latest.body.text)).toBe('314159');
    expect(latest.body.html).toContain('>314159</p>');
  });

  it('answers with the newest message first', async () => {
    await mailer.send(verificationCodeMail({ to: 'grace@example.com', code: '111111', expiresInMinutes: 2 }));
    await mailer.send(verificationCodeMail({ to: 'grace@example.com', code: '222222', expiresInMinutes: 2 }));
    const latest = await request(t.server).get('/dev/mailbox/latest').query({ to: 'grace@example.com' }).expect(200);
    expect(codeIn(latest.body.text)).toBe('222222');
    const all = await request(t.server).get('/dev/mailbox').expect(200);
    expect(all.body.messages.map((m: { to: string }) => m.to).slice(0, 3)).toEqual([
      'grace@example.com',
      'grace@example.com',
      'ada@example.com',
    ]);
  });

  it('answers 404 when there is no message, 400 without a recipient or with an unknown kind', async () => {
    const none = await request(t.server).get('/dev/mailbox/latest').query({ to: 'nobody@example.com' }).expect(404);
    expect(none.body).toEqual({
      message: 'No e-mail to nobody@example.com yet',
      status: 404,
      code: 'NOT_FOUND',
      details: {},
    });
    await request(t.server)
      .get('/dev/mailbox/latest')
      .query({ to: 'ada@example.com', kind: 'password_reset' })
      .expect(404);
    const missing = await request(t.server).get('/dev/mailbox/latest').expect(400);
    expect(missing.body).toMatchObject({ code: 'VALIDATION_ERROR', details: { fields: { to: expect.any(Array) } } });
    const kind = await request(t.server).get('/dev/mailbox').query({ kind: 'newsletter' }).expect(400);
    expect(kind.body.details.fields.kind).toEqual([`Must be one of ${MAIL_KINDS.join(', ')}`]);
  });

  it('serves the page to a browser (not the web app), every value escaped', async () => {
    await mailer.send(
      adminInviteMail({
        to: 'new.admin@example.com',
        inviterName: '<script>alert(1)</script>',
        acceptUrl: 'http://localhost:3000/admin/invite?token=a&b',
        expiresAt: '2026-12-01T10:00:00Z',
      }),
    );
    const res = await request(t.server).get('/dev/mailbox.html').set('Accept', BROWSER).expect(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['content-security-policy']).toContain("default-src 'none'");
    expect(res.text).toContain('<h1>Dev mailbox</h1>');
    expect(res.text).not.toContain('Inkprint web fixture');
    expect(res.text).toContain('314159 is your Inkprint verification code');
    expect(res.text).not.toContain('<script>alert(1)</script>');
    expect(res.text).toContain('&lt;script&gt;alert(1)&lt;/script&gt; has invited');
    // The link in the text part is clickable; the HTML part sits in a sandboxed iframe.
    expect(res.text).toContain('<a href="http://localhost:3000/admin/invite?token=a&amp;b">');
    expect(res.text).toMatch(/<iframe sandbox="" srcdoc="&lt;!doctype html&gt;/);

    const filtered = await request(t.server)
      .get('/dev/mailbox.html')
      .query({ to: 'nobody@example.com' })
      .set('Accept', BROWSER)
      .expect(200);
    expect(filtered.text).toContain('No e-mails to nobody@example.com yet.');
  });

  it('keeps the messages in <DATA_DIR>/dev-mailbox.jsonl for other processes', async () => {
    const file = devMailboxFile(t.config);
    expect(file).toBe(path.join(t.config.dataDir, 'dev-mailbox.jsonl'));
    const lines = fs
      .readFileSync(file, 'utf8')
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as { to: string; text: string });
    expect(codeIn(lines.find((m) => m.to === 'ada@example.com')!.text)).toBe('314159');
    // What another process sees when it opens the same file:
    expect((await new DevMailbox({ file }).latest({ to: 'grace@example.com' }))?.subject).toMatch(/^222222/);
  });

  it('reports the mail check on /health', async () => {
    const res = await request(t.server).get('/health').expect(200);
    expect(res.body.checks.mail).toEqual({ status: 'up', transport: 'dev-mailbox', delivers: false, page: true });
  });

  it('keeps the dev endpoints out of the OpenAPI document', async () => {
    const res = await request(t.server).get('/api/docs-json').expect(200);
    expect(Object.keys(res.body.paths).filter((p) => p.startsWith('/dev'))).toEqual([]);
  });
});

describe('dev mailbox in production', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp(
      { kind: 'pglite' },
      { label: 'mail-prod', env: { NODE_ENV: 'production', JWT_SECRET: PRODUCTION_SECRET } },
    );
    writeWebFixture(t.config.publicWebDir);
  });

  afterAll(async () => {
    await t?.close();
  });

  it.each(['/dev/mailbox', '/dev/mailbox/latest?to=ada@example.com', '/dev/mailbox.html'])(
    '%s is a 404, for fetch and for a browser',
    async (url) => {
      await t.app
        .get<Mailer>(MAILER)
        .send(verificationCodeMail({ to: 'ada@example.com', code: '271828', expiresInMinutes: 2 }));
      for (const accept of ['application/json', BROWSER]) {
        const res = await request(t.server).get(url).set('Accept', accept).expect(404);
        expect(res.body).toMatchObject({ status: 404, code: 'NOT_FOUND' });
        expect(res.text).not.toContain('271828');
      }
    },
  );
});

describe('MAILER with SMTP_URL (a real SMTP server)', () => {
  const received: ParsedMail[] = [];
  let smtp: SMTPServer;
  let t: TestApp;

  beforeAll(async () => {
    smtp = new SMTPServer({
      logger: false,
      disabledCommands: ['STARTTLS'],
      allowInsecureAuth: true,
      onAuth: (auth, _session, callback) =>
        auth.username === 'inkprint' && auth.password === 's3cret'
          ? callback(null, { user: auth.username })
          : callback(new Error('Invalid credentials')),
      // Like a real server with an unknown mailbox: 550 to RCPT TO for bounce-*@ addresses.
      onRcptTo: (address, _session, callback) =>
        address.address.startsWith('bounce-')
          ? callback(Object.assign(new Error('5.1.1 Mailbox unavailable'), { responseCode: 550 }))
          : callback(),
      onData: (stream, _session, callback) => {
        simpleParser(stream).then((mail) => {
          received.push(mail);
          callback();
        }, callback);
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const port = (smtp.server.address() as AddressInfo).port;
    t = await startTestApp(
      { kind: 'pglite' },
      {
        label: 'mail-smtp',
        env: {
          SMTP_URL: `smtp://inkprint:s3cret@127.0.0.1:${port}`,
          MAIL_FROM: 'Inkprint <hello@inkprint.test>',
          APP_PUBLIC_URL: 'https://inkprint.test',
          SUPER_ADMIN_EMAIL: 'root@inkprint.test',
          SUPER_ADMIN_PASSWORD: 'Sup3r-admin-pass',
        },
      },
    );
  });

  afterAll(async () => {
    await t?.close();
    await new Promise<void>((resolve) => (smtp ? smtp.close(() => resolve()) : resolve()));
  });

  it('delivers through SMTP, with links to APP_PUBLIC_URL', async () => {
    const mailer = t.app.get<Mailer>(MAILER);
    expect(mailer).toBeInstanceOf(SmtpMailer);
    const resetUrl = passwordResetUrl(t.config.appPublicUrl, 'reset-token-42');
    await mailer.send(passwordResetMail({ to: 'ada@example.com', name: 'Ada', resetUrl, expiresInMinutes: 30 }));

    expect(received).toHaveLength(1);
    const [mail] = received;
    expect(mail.from?.value).toEqual([{ name: 'Inkprint', address: 'hello@inkprint.test' }]);
    expect(mail.text).toContain('https://inkprint.test/reset-password?token=reset-token-42');
    expect(String(mail.html)).toContain('href="https://inkprint.test/reset-password?token=reset-token-42"');
  });

  it('runs the whole sign-up with the code read from what the SMTP server received', async () => {
    const email = 'smtp-signup@example.com';
    const password = 'Corr3ct-horse';
    await request(t.server)
      .post('/auth/register')
      .send({ name: 'Ada Lovelace', email, password, confirm: password })
      .expect(201);

    const mail = received.find((m) => m.to && !Array.isArray(m.to) && m.to.value[0]?.address === email);
    expect(mail?.headers.get('x-inkprint-mail')).toBe('verification_code');
    expect(mail?.subject).toMatch(/^\d{6} is your Inkprint verification code$/);
    const code = codeIn(mail?.text ?? '');
    expect(String(mail?.html)).toContain(`>${code}</p>`);

    const verified = await request(t.server).post('/auth/verify-otp').send({ email, otp: code }).expect(200);
    expect(verified.body.user).toMatchObject({ email });
    await request(t.server).post('/auth/login').send({ email, password }).expect(200);
  });

  it('answers 503 MAIL_DELIVERY_FAILED when the code cannot be mailed, and keeps the pending sign-up', async () => {
    const email = 'bounce-signup@example.com';
    const password = 'Corr3ct-horse';
    const res = await request(t.server)
      .post('/auth/register')
      .send({ name: 'Ada', email, password, confirm: password })
      .expect(503);
    expect(res.body).toEqual({
      message:
        'Your details are saved, but the verification code could not be e-mailed just now. Please request a new code in a few minutes.',
      status: 503,
      code: 'MAIL_DELIVERY_FAILED',
      details: { failure: 'rejected', kind: 'verification_code' },
    });
    expect(JSON.stringify(res.body)).not.toContain(email);
    const login = await request(t.server).post('/auth/login').send({ email, password }).expect(403);
    expect(login.body.code).toBe('EMAIL_NOT_VERIFIED');
  });

  it('answers forgot-password the same when the server refuses the recipient (no account enumeration)', async () => {
    const email = 'bounce-reset@example.com';
    const password = 'Corr3ct-horse';
    await request(t.server)
      .post('/auth/register')
      .send({ name: 'Ada', email, password, confirm: password })
      .expect(503);
    const known = await request(t.server).post('/auth/forgot-password').send({ email }).expect(200);
    const unknown = await request(t.server)
      .post('/auth/forgot-password')
      .send({ email: 'bounce-nobody@example.com' })
      .expect(200);
    expect(known.body).toEqual(unknown.body);
  });

  it('answers 503 "Unable to send invite." when the server refuses the invitee, like every undelivered mail', async () => {
    const login = await request(t.server)
      .post('/auth/login')
      .send({ email: 'root@inkprint.test', password: 'Sup3r-admin-pass' })
      .expect(200);
    const res = await request(t.server)
      .post('/admin/invites')
      .set('authorization', `Bearer ${login.body.tokens.accessToken}`)
      .send({ email: 'bounce-invitee@example.com' })
      .expect(503);
    expect(res.body).toEqual({
      message: 'Unable to send invite.',
      status: 503,
      code: 'MAIL_DELIVERY_FAILED',
      details: { failure: 'rejected', kind: 'admin_invite' },
    });
  });

  it('serves no dev mailbox', async () => {
    await request(t.server).get('/dev/mailbox').expect(404);
  });

  it('reports the SMTP server on /health', async () => {
    const res = await request(t.server).get('/health').expect(200);
    expect(res.body.checks.mail).toMatchObject({
      status: 'up',
      transport: 'smtp',
      server: expect.stringMatching(/^smtp:\/\/127\.0\.0\.1:\d+$/),
    });
    expect(JSON.stringify(res.body)).not.toContain('s3cret');
  });
});
