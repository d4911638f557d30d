import { createHash, timingSafeEqual } from 'node:crypto';
import { API_KEY_PREFIX } from '@inkprint/contracts';

/**
 * An API key: `ink_<account>.<keyId>.<secret>` (account id in base64url, 32 random bytes of secret). The account part
 * lets one read of the account's stream find the key; only the key's SHA-256 is kept (a key has 256 bits of
 * entropy, so a fast hash is enough: nothing to guess from it).
 */
export interface ApiKeyParts {
  accountId: string;
  keyId: string;
}

const ACCOUNT_ID = /^[A-Za-z0-9-]{1,64}$/;
const TOKEN = /^ink_([A-Za-z0-9_-]{2,200})\.([A-Za-z0-9_-]{4,64})\.([A-Za-z0-9_-]{20,128})$/;

export function mintApiKey(accountId: string, keyId: string, secret: string): string {
  return `${API_KEY_PREFIX}${Buffer.from(accountId, 'utf8').toString('base64url')}.${keyId}.${secret}`;
}

/** The account and key a bearer token names, or null when it is not an API key's shape. */
export function parseApiKey(token: string): ApiKeyParts | null {
  const m = TOKEN.exec(token);
  if (!m) return null;
  const accountId = Buffer.from(m[1], 'base64url').toString('utf8');
  // Account ids are UUIDs: an account part that decodes to anything else (a NUL, other bytes) names no account, and
  // is answered like any malformed key (401), never looked up (issue 39 item 7: it answered 500).
  return ACCOUNT_ID.test(accountId) ? { accountId, keyId: m[2] } : null;
}

export const hashApiKey = (token: string): string => createHash('sha256').update(token, 'utf8').digest('hex');

/** Compares a token with a stored hash in constant time. */
export function apiKeyMatches(token: string, secretHash: string): boolean {
  const given = Buffer.from(hashApiKey(token), 'hex');
  const stored = Buffer.from(secretHash, 'hex');
  return given.length === stored.length && timingSafeEqual(given, stored);
}

/** Whether a bearer token is an API key (rather than a session's access token). */
export const isApiKeyToken = (token: string | undefined): token is string =>
  typeof token === 'string' && token.startsWith(API_KEY_PREFIX);
