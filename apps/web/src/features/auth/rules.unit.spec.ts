import { afterSignIn, continueTarget, countdown, matchHint, otpInput, safeStoredPath } from './rules';

const checkout = 'https://plans.inkprint.app/checkout/pro';

describe('continue rule (spec §5)', () => {
  it('accepts https on the plans subdomain only', () => {
    expect(continueTarget(`?continue=${encodeURIComponent(checkout)}`, 'inkprint.app')).toBe(checkout);
    for (const bad of [
      'http://plans.inkprint.app/x',
      'https://evil.com/',
      'https://plans.inkprint.app.evil.com/',
      '/admin',
    ]) {
      expect(continueTarget(`?continue=${encodeURIComponent(bad)}`, 'inkprint.app')).toBeNull();
    }
    expect(continueTarget('', 'inkprint.app')).toBeNull();
  });
});

describe('after sign-in (spec §2)', () => {
  it('sends admin roles to /admin, or the admin page they came from', () => {
    expect(afterSignIn('admin', checkout, null)).toBe('/admin');
    expect(afterSignIn('super_admin', null, '/admin/users')).toBe('/admin/users');
    expect(afterSignIn('admin', null, '/blogs')).toBe('/admin');
  });
  it('sends users to continue, then the stored redirect, else /', () => {
    expect(afterSignIn('user', checkout, '/blogs')).toBe(checkout);
    expect(afterSignIn('user', null, '/blogs')).toBe('/blogs');
    expect(afterSignIn('user', null, '//evil.com')).toBe('/');
    expect(afterSignIn('user', null, null)).toBe('/');
  });
  it('keeps only same-origin stored paths', () => {
    expect(safeStoredPath('https://evil.com')).toBeNull();
    expect(safeStoredPath('/\\evil.com')).toBeNull();
    expect(safeStoredPath('/contact')).toBe('/contact');
  });
});

describe('signup helpers (spec §5)', () => {
  it('keeps digits only, at most 6', () => {
    expect(otpInput('12a3 4-5678')).toBe('123456');
    expect(otpInput('abc')).toBe('');
  });
  it('formats the resend countdown', () => {
    expect(countdown(120)).toBe('2:00');
    expect(countdown(59.2)).toBe('1:00');
    expect(countdown(0)).toBe('0:00');
  });
  it('gives the confirmation hint', () => {
    expect(matchHint('Abcdefg1!', '')).toBeNull();
    expect(matchHint('Abcdefg1!', 'Abcdefg1')).toEqual({ text: 'Passwords do not match', ok: false });
    expect(matchHint('Abcdefg1!', 'Abcdefg1!')).toEqual({ text: 'Passwords match', ok: true });
  });
});
