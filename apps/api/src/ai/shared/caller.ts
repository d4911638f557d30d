import type { SignedInAccount } from '../../accounts';
import type { CallerCredentials } from './tool-users';

/** The caller of an AI route: the bearer account if any, else the guest id (body or query) and X-Guest-Token. */
export function callerOf(
  account: SignedInAccount | undefined,
  guestId: string | undefined,
  guestToken: string | undefined,
  ip: string,
): CallerCredentials {
  return account ? { account } : { guestId, guestToken, ip };
}

/** `X-Client-Trim: true`, `X-Internal-Humanise-Detection: true`. */
export const isTrue = (header: string | undefined): boolean => header?.trim().toLowerCase() === 'true';
