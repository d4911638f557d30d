import { base32Decode, base32Encode, hotp, newRecoveryCodes, otpauthUri, totp, verifyTotp } from './totp';

describe('TOTP (RFC 6238)', () => {
  // RFC 4226 Appendix D: HOTP of the ASCII secret "12345678901234567890".
  const rfcSecret = Buffer.from('12345678901234567890');

  it('matches the RFC 4226 HOTP test vectors', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7, 8, 9].map((c) => hotp(rfcSecret, c))).toEqual([
      '755224',
      '287082',
      '359152',
      '969429',
      '338314',
      '254676',
      '287922',
      '162583',
      '399871',
      '520489',
    ]);
  });

  it('matches the RFC 6238 SHA-1 test vectors (last 6 of 8 digits)', () => {
    const secret = base32Encode(rfcSecret);
    const cases: Array<[number, string]> = [
      [59, '94287082'],
      [1111111109, '07081804'],
      [1111111111, '14050471'],
      [1234567890, '89005924'],
      [2000000000, '69279037'],
    ];
    for (const [seconds, code] of cases) expect(totp(secret, new Date(seconds * 1000))).toBe(code.slice(2));
  });

  it('base32 round-trips and ignores spaces, case and padding', () => {
    const bytes = Buffer.from('any bytes at all, 0123456789');
    expect(base32Decode(base32Encode(bytes))).toEqual(bytes);
    expect(base32Decode('gezd gnbv gy3t qojq')).toEqual(Buffer.from('1234567890'));
  });

  it('accepts the code of this step and one either side, nothing further or malformed', () => {
    const secret = base32Encode(rfcSecret);
    const now = new Date(1111111111 * 1000);
    expect(verifyTotp(secret, totp(secret, now), now)).toBe(true);
    expect(verifyTotp(secret, totp(secret, new Date(now.getTime() - 30_000)), now)).toBe(true);
    expect(verifyTotp(secret, totp(secret, new Date(now.getTime() + 30_000)), now)).toBe(true);
    expect(verifyTotp(secret, totp(secret, new Date(now.getTime() + 90_000)), now)).toBe(false);
    expect(verifyTotp(secret, '12345', now)).toBe(false);
    expect(verifyTotp(secret, 'abcdef', now)).toBe(false);
  });

  it('writes the otpauth URI authenticator apps scan, and distinct recovery codes', () => {
    expect(otpauthUri('ABC', 'ada@example.com')).toBe(
      'otpauth://totp/Inkprint%3Aada%40example.com?secret=ABC&issuer=Inkprint&algorithm=SHA1&digits=6&period=30',
    );
    const codes = newRecoveryCodes();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-7]{5}-[a-z2-7]{5}$/);
  });
});
