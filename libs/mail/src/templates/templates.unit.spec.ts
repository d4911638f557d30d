import { assertOutgoingMail } from '../port/mailer';
import { adminInviteMail, passwordResetMail, verificationCodeMail } from './account-mails';
import { escapeHtml, formatDuration, formatUtc, greeting } from './layout';
import { adminInviteUrl, appUrl, passwordResetUrl } from './urls';

/** The visible text of an HTML body: tags dropped, entities decoded, whitespace collapsed. */
function visibleText(html: string): string {
  return html
    .replace(/<div style="display:none[^>]*>.*?<\/div>/s, '')
    .replace(/<title>.*?<\/title>/s, '')
    .replace(/<br>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}

const collapse = (text: string) => text.replace(/\s+/g, ' ').trim();

describe('verificationCodeMail', () => {
  const mail = verificationCodeMail({ to: 'ada@example.com', name: 'Ada', code: '048213', expiresInMinutes: 2 });

  it('is a valid verification_code message', () => {
    expect(mail).toMatchObject({
      to: 'ada@example.com',
      kind: 'verification_code',
      subject: '048213 is your Inkprint verification code',
    });
    expect(() => assertOutgoingMail(mail)).not.toThrow();
  });

  it('says the same in text and HTML', () => {
    expect(mail.text).toBe(
      [
        'Hi Ada,',
        'Use this 6-digit code to confirm your email address and finish creating your Inkprint account:',
        '    048213',
        'Enter it on the sign-up page within 2 minutes. After that it expires, and you can ask for a new code on the same page.',
        'Do not share this code with anyone: Inkprint will never ask you for it.',
        'If you did not try to create an Inkprint account, you can ignore this email: without this code nobody can finish signing up with your address.',
        '— The Inkprint team',
        '--',
        'This message was sent to ada@example.com by Inkprint. It is an automated message: replies to it are not read.',
      ].join('\n\n') + '\n',
    );
    expect(visibleText(mail.html)).toBe(`Inkprint ${collapse(mail.text.replace('\n--\n', ''))}`);
  });

  it('has no tracking: no images, no remote resources, no scripts', () => {
    expect(mail.html).not.toMatch(/<img|<script|<link|url\(|src=/i);
    expect(mail.html.match(/https?:\/\//g)).toBeNull();
  });

  it('greets without a name', () => {
    expect(verificationCodeMail({ to: 'a@example.com', code: '123456', expiresInMinutes: 2 }).text).toMatch(/^Hi,\n/);
  });

  it('refuses a code that is not 6 digits and a bad recipient', () => {
    expect(() => verificationCodeMail({ to: 'a@example.com', code: '12345', expiresInMinutes: 2 })).toThrow('6 digits');
    expect(() =>
      verificationCodeMail({ to: 'a@example.com\r\nBcc: x@evil.example', code: '123456', expiresInMinutes: 2 }),
    ).toThrow(/recipient/);
    expect(() => verificationCodeMail({ to: 'a@example.com', code: '123456', expiresInMinutes: 0 })).toThrow(
      /positive whole number/,
    );
  });
});

describe('passwordResetMail', () => {
  const resetUrl = passwordResetUrl('https://inkprint.example.com', 'tok&en<1>');
  const mail = passwordResetMail({ to: 'grace@example.com', name: 'Grace', resetUrl, expiresInMinutes: 60 });

  it('links to /reset-password?token= in both parts', () => {
    expect(resetUrl).toBe('https://inkprint.example.com/reset-password?token=tok%26en%3C1%3E');
    expect(mail.subject).toBe('Reset your Inkprint password');
    expect(mail.text).toContain(`Choose a new password:\n${resetUrl}\n`);
    expect(mail.html).toContain(`href="${resetUrl}"`);
    expect(mail.text).toContain('The link expires in 1 hour.');
    expect(mail.text).toContain(
      'If you did not ask to reset your password, you can ignore this email: your password stays the same.',
    );
    expect(visibleText(mail.html)).toContain(
      collapse(
        mail.text
          .split('\n--\n')[0]
          .replace(
            `Choose a new password:\n${resetUrl}`,
            `Choose a new password If the button does not work, copy this address into your browser: ${resetUrl}`,
          ),
      ),
    );
  });

  it('refuses a link that is not http(s)', () => {
    expect(() =>
      passwordResetMail({ to: 'g@example.com', resetUrl: 'javascript:alert(1)', expiresInMinutes: 30 }),
    ).toThrow(/http\(s\) URL/);
    expect(() =>
      passwordResetMail({ to: 'g@example.com', resetUrl: '/reset-password?token=x', expiresInMinutes: 30 }),
    ).toThrow(/http\(s\) URL/);
  });
});

describe('adminInviteMail', () => {
  const acceptUrl = adminInviteUrl('http://localhost:3000/', 'inv-1');
  const mail = adminInviteMail({
    to: 'new@example.com',
    inviterName: '  Root\n Admin ',
    acceptUrl,
    expiresAt: new Date('2026-03-05T17:04:00Z'),
  });

  it('names the inviter, the invited address, the link and the expiry', () => {
    expect(acceptUrl).toBe('http://localhost:3000/admin/invite?token=inv-1');
    expect(mail).toMatchObject({ kind: 'admin_invite', subject: 'You are invited to the Inkprint admin team' });
    expect(mail.text).toContain('Root Admin has invited new@example.com to become an Inkprint admin.');
    expect(mail.text).toContain('sign in with new@example.com');
    expect(mail.text).toContain(`Accept admin access:\n${acceptUrl}`);
    expect(mail.text).toContain('The invitation expires on 5 March 2026, 17:04 UTC.');
    expect(mail.text).toContain(
      'If you were not expecting this invitation, you can ignore this email: nothing changes unless you accept it.',
    );
    expect(mail.html).toContain(`href="${acceptUrl}"`);
  });

  it('falls back to a generic inviter', () => {
    expect(
      adminInviteMail({ to: 'n@example.com', inviterName: ' ', acceptUrl, expiresAt: '2026-03-05T17:04:00Z' }).text,
    ).toContain('An Inkprint super admin has invited');
  });
});

describe('HTML escaping', () => {
  const evil = `<script>alert("x")</script> & 'quotes'`;

  it('escapes every interpolated value', () => {
    const code = verificationCodeMail({ to: 'a@example.com', name: evil, code: '123456', expiresInMinutes: 2 });
    const invite = adminInviteMail({
      to: 'a@example.com',
      inviterName: evil,
      acceptUrl: 'https://x.example/a?b=1&c="2"',
      expiresAt: '2026-01-01T00:00:00Z',
    });
    for (const mail of [code, invite]) {
      expect(mail.html).not.toContain('<script>');
      expect(mail.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;quotes&#39;');
    }
    expect(invite.html).toContain('href="https://x.example/a?b=1&amp;c=%222%22"');
    expect(code.text).toContain(`Hi ${evil},`);
  });

  it('escapeHtml', () => {
    expect(escapeHtml(`<a href="x">&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&amp;&#39;&lt;/a&gt;');
  });
});

describe('helpers', () => {
  it.each([
    [1, '1 minute'],
    [2, '2 minutes'],
    [30, '30 minutes'],
    [60, '1 hour'],
    [90, '90 minutes'],
    [1440, '24 hours'],
  ])('formatDuration(%d) = %s', (minutes, text) => {
    expect(formatDuration(minutes)).toBe(text);
  });

  it('formatUtc', () => {
    expect(formatUtc('2026-11-21T06:42:59.900Z')).toBe('21 November 2026, 06:42 UTC');
    expect(() => formatUtc('soon')).toThrow(/valid date/);
  });

  it('greeting trims, collapses and caps the name', () => {
    expect(greeting('  Ada \n Lovelace ')).toBe('Hi Ada Lovelace,');
    expect(greeting('x'.repeat(200))).toBe(`Hi ${'x'.repeat(80)},`);
    expect(greeting(undefined)).toBe('Hi,');
  });

  describe('appUrl', () => {
    it.each([
      ['http://localhost:3000', '/reset-password', { token: 'a b' }, 'http://localhost:3000/reset-password?token=a+b'],
      ['http://localhost:3000/', 'reset-password', { token: 'x' }, 'http://localhost:3000/reset-password?token=x'],
      [
        'https://example.com/app/',
        '/admin/invite',
        { token: 't', skip: undefined },
        'https://example.com/app/admin/invite?token=t',
      ],
      ['https://example.com/?old=1#frag', '/signin', {}, 'https://example.com/signin'],
    ])('%s + %s', (base, path, query, expected) => {
      expect(appUrl(base, path, query)).toBe(expected);
    });

    it.each(['localhost:3000', 'ftp://example.com', 'https://user:pw@example.com'])('refuses base %s', (base) => {
      expect(() => appUrl(base, '/x')).toThrow(TypeError);
    });
  });
});
