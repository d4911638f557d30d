import { createHash } from 'node:crypto';

/** The text's identity in events and the vault: SHA-256 of its UTF-8 bytes (exactly as submitted). */
export function textHash(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}
