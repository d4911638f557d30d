import type { PublicUser, UsagePayload } from '@inkprint/contracts';
import { createStore } from './store';

/** Spec §3 "User session" and "Guest session", kept in local storage. */
export interface UserSession {
  user: Pick<PublicUser, 'name' | 'email' | 'role'> & Partial<PublicUser>;
  tokens: { accessToken: string; refreshToken: string; expiresIn?: number };
  usage?: UsagePayload | null;
}
export interface GuestSession {
  id: string;
  token: string;
  usage?: UsagePayload | null;
}

export const USER_SESSION_KEY = 'inkprint.session';
export const GUEST_SESSION_KEY = 'inkprint.guest';
/**
 * Where sign-in sends a user who was sent to /signin from elsewhere (spec §2 "stored redirect"); the admin console
 * writes it (and `?redirect=`) before sending a signed-out visitor here. Same keys as apps/admin/src/providers/session.ts.
 */
export const REDIRECT_KEY = 'inkprint.redirect';

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

function read<T>(key: string, valid: (value: unknown) => value is T): T | null {
  try {
    const raw = storage()?.getItem(key);
    if (!raw) return null;
    const value: unknown = JSON.parse(raw);
    return valid(value) ? value : null;
  } catch {
    return null;
  }
}

function write(key: string, value: unknown): void {
  try {
    if (value === null) storage()?.removeItem(key);
    else storage()?.setItem(key, JSON.stringify(value));
  } catch {
    // Storage full or blocked: the session lives in memory for this tab.
  }
}

export function isUserSession(value: unknown): value is UserSession {
  const v = value as UserSession | null;
  return (
    !!v &&
    typeof v === 'object' &&
    typeof v.user?.email === 'string' &&
    typeof v.tokens?.accessToken === 'string' &&
    typeof v.tokens?.refreshToken === 'string'
  );
}

export function isGuestSession(value: unknown): value is GuestSession {
  const v = value as GuestSession | null;
  return !!v && typeof v === 'object' && typeof v.id === 'string' && typeof v.token === 'string';
}

export const userSession = createStore<UserSession | null>(read(USER_SESSION_KEY, isUserSession));
export const guestSession = createStore<GuestSession | null>(read(GUEST_SESSION_KEY, isGuestSession));
userSession.subscribe(() => write(USER_SESSION_KEY, userSession.get()));
guestSession.subscribe(() => write(GUEST_SESSION_KEY, guestSession.get()));
