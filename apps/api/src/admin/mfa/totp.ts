import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Time-based one-time passwords (RFC 6238 over RFC 4226's HOTP): HMAC-SHA1, 30-second steps, 6 digits — what every
 * authenticator app (Google Authenticator, 1Password, Authy, FreeOTP) does with an `otpauth://totp/` URI.
 */
export const TOTP_STEP_SECONDS = 30;
export const TOTP_DIGITS = 6;
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** RFC 4648 base32 without padding (the form authenticator apps take). */
export function base32Encode(bytes: Buffer): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += ALPHABET[(value << (5 - bits)) & 31];
  return out;
}

export function base32Decode(text: string): Buffer {
  const clean = text.toUpperCase().replace(/[\s=-]/g, '');
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const char of clean) {
    const index = ALPHABET.indexOf(char);
    if (index < 0) throw new TypeError('not base32');
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

/** A new shared secret: 20 random bytes (160 bits, RFC 4226's recommendation), base32. */
export function newTotpSecret(): string {
  return base32Encode(randomBytes(20));
}

/** HOTP value of `counter` (RFC 4226 §5.3, dynamic truncation), as `digits` decimal digits. */
export function hotp(secret: Buffer, counter: number, digits = TOTP_DIGITS, algorithm = 'sha1'): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac(algorithm, secret).update(message).digest();
  const offset = mac[mac.length - 1] & 0x0f;
  const binary = (mac.readUInt32BE(offset) & 0x7fffffff) % 10 ** digits;
  return binary.toString().padStart(digits, '0');
}

/** The TOTP code of `secret` (base32) at `at`. */
export function totp(secret: string, at: Date): string {
  return hotp(base32Decode(secret), Math.floor(at.getTime() / 1000 / TOTP_STEP_SECONDS));
}

/**
 * The time-step whose code `code` is, now or one step either side (a phone clock 30 s off still works), compared in
 * constant time; null when it is none of them. The caller accepts a step once (RFC 6238 §5.2, `UseMfaCode`).
 */
export function matchTotpStep(secret: string, code: string, at: Date, window = 1): number | null {
  const digits = code.replace(/\s/g, '');
  if (!/^\d{6}$/.test(digits)) return null;
  const step = Math.floor(at.getTime() / 1000 / TOTP_STEP_SECONDS);
  const key = base32Decode(secret);
  let matched: number | null = null;
  for (let d = -window; d <= window; d++) {
    if (timingSafeEqual(Buffer.from(hotp(key, step + d)), Buffer.from(digits))) matched = step + d;
  }
  return matched;
}

/** Whether `code` is the secret's code now or one step either side. */
export function verifyTotp(secret: string, code: string, at: Date, window = 1): boolean {
  return matchTotpStep(secret, code, at, window) !== null;
}

/** `otpauth://totp/Inkprint:<account>?secret=…&issuer=Inkprint…`, the URI an authenticator app scans as a QR code. */
export function otpauthUri(secret: string, account: string, issuer = 'Inkprint'): string {
  const label = encodeURIComponent(`${issuer}:${account}`);
  const query = new URLSearchParams({
    secret,
    issuer,
    algorithm: 'SHA1',
    digits: String(TOTP_DIGITS),
    period: String(TOTP_STEP_SECONDS),
  });
  return `otpauth://totp/${label}?${query.toString()}`;
}

/** Ten one-time recovery codes (`xxxxx-xxxxx`, 50 bits each) for a lost phone. */
export function newRecoveryCodes(count = 10): string[] {
  return Array.from({ length: count }, () => {
    const code = base32Encode(randomBytes(7)).slice(0, 10).toLowerCase();
    return `${code.slice(0, 5)}-${code.slice(5)}`;
  });
}

/** Recovery codes are compared by hash, whatever their case and dashes. */
export function normaliseRecoveryCode(code: string): string {
  return code.toLowerCase().replace(/[^a-z2-7]/g, '');
}
