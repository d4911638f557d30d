import { createHash, randomUUID } from 'node:crypto';
import * as argon2 from 'argon2';

/** argon2id with the library's defaults (m=64 MiB, t=3, p=4). */
export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, { type: argon2.argon2id });
}

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}

/** A hash with the same cost as real ones, so unknown emails take as long to refuse as wrong passwords. */
let dummyHash: Promise<string> | undefined;
export async function burnPasswordCheck(password: string): Promise<void> {
  dummyHash ??= hashPassword(randomUUID());
  await verifyPassword(await dummyHash, password);
}

/** SHA-256 hex of a secret (tokens, codes, addresses): only hashes are stored in events. */
export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/** A verification code's hash is bound to the account, so equal codes of two accounts hash differently. */
export function codeHash(accountId: string, code: string): string {
  return sha256(`otp:${accountId}:${code}`);
}
