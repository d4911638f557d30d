import { acceptedContinueUrl, normaliseEmail } from './continue-url';
import { meetsPasswordPolicy, passwordStrength } from './password-policy';

describe('password policy (spec §5)', () => {
  it.each([
    ['abcdefgh', false],
    ['abcdefG1', true],
    ['abcdefg!1', true],
    ['ABCDEFG1', false],
    ['Ab1!', false],
    ['Abcdefg!', true],
  ])('%s -> %s', (pw, ok) => {
    expect(meetsPasswordPolicy(pw)).toBe(ok);
  });
  it('counts characters as code points and letters of any script by their case (issue 25 item 8)', () => {
    // Four emoji are eight UTF-16 units but four characters: too short.
    expect(meetsPasswordPolicy('A1\u{1F600}\u{1F600}\u{1F600}\u{1F600}')).toBe(false);
    expect(meetsPasswordPolicy('Ab1\u{1F600}\u{1F600}\u{1F600}\u{1F600}\u{1F600}')).toBe(true);
    // é is a lowercase letter, not a symbol; Ä an uppercase one.
    expect(meetsPasswordPolicy('abcdéfg1')).toBe(false);
    expect(meetsPasswordPolicy('Äbcdéfg1')).toBe(true);
  });
  it('labels strength', () => {
    expect(passwordStrength('abc')).toBe('Very weak');
    expect(passwordStrength('abcdefg1')).toBe('Weak');
    expect(passwordStrength('abcdefG1')).toBe('Medium');
    expect(passwordStrength('abcdefG1!xyz')).toBe('Strong');
    expect(passwordStrength('abcdefG1!xy')).toBe('Medium');
  });
});

describe('continue parameter (spec §5)', () => {
  it('accepts only https URLs on the plans subdomain of the product host', () => {
    expect(acceptedContinueUrl('https://plans.inkprint.app/checkout/pro?x=1', 'inkprint.app')).toBe(
      'https://plans.inkprint.app/checkout/pro?x=1',
    );
    for (const bad of [
      'http://plans.inkprint.app/checkout',
      'https://plans.inkprint.app.evil.com/',
      'https://evil.com/?https://plans.inkprint.app',
      'https://inkprint.app/',
      'https://user:pw@plans.inkprint.app/',
      'https://plans.inkprint.app:8443/',
      'javascript:alert(1)',
      '//plans.inkprint.app/',
      '',
      42,
    ]) {
      expect(acceptedContinueUrl(bad, 'inkprint.app')).toBeNull();
    }
  });
  it('normalises emails for lookups', () => {
    expect(normaliseEmail('  Ada@Example.COM ')).toBe('ada@example.com');
  });
});
