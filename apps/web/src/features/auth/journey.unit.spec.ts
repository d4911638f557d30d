import {
  afterVerified,
  codeRecentlySent,
  cooldownLeft,
  inviteToken,
  journeyLink,
  needsFullLoad,
  PENDING_SIGNUP_TTL_MS,
  prefilledEmail,
  readPendingSignup,
  redirectParam,
  unverifiedEmail,
} from './journey';

const invitePath = '/admin/invite?token=abc-DEF_123';
const checkout = 'https://plans.inkprint.app/checkout/pro';

describe('the journey through sign-in, sign-up and the code step (issue 43 items 4, 5)', () => {
  it('carries the return path, the continue URL and the address on each link', () => {
    const link = journeyLink('/signup', { continueUrl: checkout, redirect: invitePath, email: ' ada@example.com ' });
    const url = new URL(link, 'http://app.test');
    expect(url.pathname).toBe('/signup');
    expect(url.searchParams.get('continue')).toBe(checkout);
    expect(url.searchParams.get('redirect')).toBe(invitePath);
    expect(url.searchParams.get('email')).toBe('ada@example.com');
    expect(journeyLink('/signin', {})).toBe('/signin');
    expect(journeyLink('/signin', { redirect: '//evil.example', email: '' })).toBe('/signin');
  });

  it('reads back only a same-origin return path and an address-shaped e-mail', () => {
    expect(redirectParam(`?redirect=${encodeURIComponent(invitePath)}`)).toBe(invitePath);
    expect(redirectParam('?redirect=https%3A%2F%2Fevil.example')).toBeNull();
    expect(redirectParam('?redirect=%2F%2Fevil.example')).toBeNull();
    expect(prefilledEmail('?email=ada%40example.com')).toBe('ada@example.com');
    expect(prefilledEmail('?email=not-an-address')).toBeNull();
    expect(prefilledEmail('')).toBeNull();
  });

  it('finds the token of an admin invite path, and nothing in other paths', () => {
    expect(inviteToken(invitePath)).toBe('abc-DEF_123');
    expect(inviteToken('/admin/invite/?token=t1')).toBe('t1');
    expect(inviteToken('/admin/invite?token=')).toBeNull();
    expect(inviteToken('/admin/users')).toBeNull();
    expect(inviteToken('/blogs?token=x')).toBeNull();
    expect(inviteToken('https://evil.example/admin/invite?token=x')).toBeNull();
    expect(inviteToken(null)).toBeNull();
  });

  it('goes back where the journey started once verified: continue, then the return path, else /', () => {
    expect(afterVerified({ continueUrl: checkout, redirect: invitePath })).toBe(checkout);
    expect(afterVerified({ continueUrl: null, redirect: invitePath })).toBe(invitePath);
    expect(afterVerified({ continueUrl: null, redirect: '//evil.example' })).toBe('/');
    expect(afterVerified({ continueUrl: null, redirect: null })).toBe('/');
    expect(needsFullLoad(invitePath)).toBe(true);
    expect(needsFullLoad('/admin')).toBe(true);
    expect(needsFullLoad(checkout)).toBe(true);
    expect(needsFullLoad('/administrivia')).toBe(false);
    expect(needsFullLoad('/')).toBe(false);
  });
});

describe('a sign-up waiting for its code', () => {
  const now = Date.parse('2026-11-29T07:00:00Z');
  const stored = (value: unknown) => JSON.stringify(value);

  it('is remembered for 30 minutes, with a same-origin return path only', () => {
    const pending = { email: 'ada@example.com', sentAt: now - 60_000, redirect: invitePath };
    expect(readPendingSignup(stored(pending), now)).toEqual(pending);
    expect(readPendingSignup(stored({ ...pending, redirect: 'https://evil.example' }), now)?.redirect).toBeNull();
    expect(readPendingSignup(stored({ ...pending, sentAt: now - PENDING_SIGNUP_TTL_MS - 1 }), now)).toBeNull();
    expect(readPendingSignup(stored({ ...pending, sentAt: now + 1 }), now)).toBeNull();
    expect(readPendingSignup(stored({ ...pending, email: 'nope' }), now)).toBeNull();
    expect(readPendingSignup('{not json', now)).toBeNull();
    expect(readPendingSignup(null, now)).toBeNull();
  });

  it('counts the resend wait from when the code was sent', () => {
    expect(cooldownLeft(now - 12_000, now, 120)).toBe(108);
    expect(cooldownLeft(now - 12_500, now, 120)).toBe(108);
    expect(cooldownLeft(now - 120_000, now, 120)).toBe(0);
    expect(cooldownLeft(now - 600_000, now, 120)).toBe(0);
  });
});

describe('API refusals that keep the journey going', () => {
  it('a code sent less than 2 minutes ago gives the seconds to wait', () => {
    const refusal = { code: 'OTP_RESEND_COOLDOWN', details: { retryAfterSeconds: 108 } };
    expect(codeRecentlySent(refusal)).toBe(108);
    expect(codeRecentlySent({ code: 'OTP_RESEND_COOLDOWN', details: {} })).toBe(1);
    expect(codeRecentlySent({ code: 'VALIDATION_ERROR', details: {} })).toBeNull();
    expect(codeRecentlySent(new Error('x'))).toBeNull();
    expect(codeRecentlySent(null)).toBeNull();
  });

  it('an unverified account gives the address to send the code to', () => {
    const refusal = { code: 'EMAIL_NOT_VERIFIED', details: { email: 'ada@example.com' } };
    expect(unverifiedEmail(refusal, 'ADA@example.com ')).toBe('ada@example.com');
    expect(unverifiedEmail({ code: 'EMAIL_NOT_VERIFIED', details: {} }, ' ada@example.com ')).toBe('ada@example.com');
    expect(unverifiedEmail({ code: 'INVALID_CREDENTIALS', details: {} }, 'ada@example.com')).toBeNull();
    expect(unverifiedEmail(undefined, 'ada@example.com')).toBeNull();
  });
});
