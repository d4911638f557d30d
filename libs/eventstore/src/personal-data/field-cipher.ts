import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/** Marks a value sealed by `sealField`: `pd1:` + base64url(iv[12] | tag[16] | ciphertext). */
export const SEALED_PREFIX = 'pd1:';

/** What a personal field reads as once its subject's key is gone. */
export const ERASED = '[erased]';

const IV_BYTES = 12;
const TAG_BYTES = 16;
export const DATA_KEY_BYTES = 32;

export function newDataKey(): Buffer {
  return randomBytes(DATA_KEY_BYTES);
}

export function isSealed(value: unknown): value is string {
  return typeof value === 'string' && value.startsWith(SEALED_PREFIX);
}

/**
 * AES-256-GCM over the JSON of `value`. `context` (subject, event id, field) is authenticated, so a sealed value
 * copied into another event or field does not open.
 */
export function sealField(key: Buffer, value: unknown, context: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(context, 'utf8'));
  const body = Buffer.concat([cipher.update(JSON.stringify(value) ?? 'null', 'utf8'), cipher.final()]);
  return SEALED_PREFIX + Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
}

/** Opens a value sealed by `sealField`; throws when the key, the context or the bytes do not match. */
export function openField(key: Buffer, sealed: string, context: string): unknown {
  const raw = Buffer.from(sealed.slice(SEALED_PREFIX.length), 'base64url');
  if (raw.length < IV_BYTES + TAG_BYTES) throw new Error('sealed personal field is truncated');
  const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, IV_BYTES));
  decipher.setAAD(Buffer.from(context, 'utf8'));
  decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
  const json = Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
  return JSON.parse(json) as unknown;
}

export function fieldContext(subject: string, eventId: string, field: string): string {
  return `${subject}\u0000${eventId}\u0000${field}`;
}
