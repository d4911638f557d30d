import { createHash } from 'node:crypto';

/** Invite ids are the first 32 hex characters of sha256(token): the token itself is never stored. */
export function inviteIdOf(token: string): string {
  return createHash('sha256').update(token).digest('hex').slice(0, 32);
}
