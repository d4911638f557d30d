import { PENDING_SIGNUP_KEY, readPendingSignup, type PendingSignup } from './journey';

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** The sign-up waiting for its code in this browser, if any (see PendingSignup). */
export function loadPendingSignup(now = Date.now()): PendingSignup | null {
  return readPendingSignup(storage()?.getItem(PENDING_SIGNUP_KEY) ?? null, now);
}

/** Remembers the sign-up waiting for its code; null forgets it (verified, or another address chosen). */
export function rememberPendingSignup(pending: PendingSignup | null): void {
  if (pending) storage()?.setItem(PENDING_SIGNUP_KEY, JSON.stringify(pending));
  else storage()?.removeItem(PENDING_SIGNUP_KEY);
}

/** Forgets a stored in-app redirect once the journey that needed it is over. */
export function forgetStoredItem(key: string): void {
  storage()?.removeItem(key);
}
