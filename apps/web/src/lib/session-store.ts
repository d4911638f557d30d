import {
  GUEST_KEY,
  isGuestSession,
  isUserSession,
  readStored,
  REDIRECT_KEY,
  SESSION_KEY,
  writeStored,
  type GuestSession,
  type UserSession,
} from '@inkprint/browser-client';
import { createStore } from './store';

/** Spec §3 "User session" and "Guest session", kept in local storage (the keys and checks the console shares). */
export type { GuestSession, UserSession };
export { isGuestSession, isUserSession };

export const USER_SESSION_KEY = SESSION_KEY;
export const GUEST_SESSION_KEY = GUEST_KEY;
/** Where sign-in sends a user who was sent to /signin from elsewhere (spec §2 "stored redirect"). */
export { REDIRECT_KEY };

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

export const userSession = createStore<UserSession | null>(readStored(storage(), USER_SESSION_KEY, isUserSession));
export const guestSession = createStore<GuestSession | null>(readStored(storage(), GUEST_SESSION_KEY, isGuestSession));
userSession.subscribe(() => writeStored(storage(), USER_SESSION_KEY, userSession.get()));
guestSession.subscribe(() => writeStored(storage(), GUEST_SESSION_KEY, guestSession.get()));
