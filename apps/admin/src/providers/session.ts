import {
  GUEST_KEY,
  isUserSession,
  readStored,
  REDIRECT_KEY,
  SESSION_KEY,
  withRefreshedTokens,
  type SessionStorage,
} from '@inkprint/browser-client';
import type { RefreshResponse, Role, Tokens } from '@inkprint/contracts';

/**
 * The session the admin console shares with the web app (same origin, product spec §3 "User session"): the keys, the
 * shape check and the token rotation are `@inkprint/browser-client`'s, the same the web app uses.
 * - localStorage `inkprint.session` holds JSON `{ user: {id, name, email, role}, tokens: {accessToken, refreshToken, expiresIn} }`
 *   (extra fields, e.g. `usage`, are kept as they are when the console writes the key back).
 * - localStorage `inkprint.guest` holds the guest session; the console never reads or writes it.
 * - Refresh: `POST /auth/refresh {refreshToken}` answers `{accessToken, refreshToken, expiresIn}`; the rotated tokens are
 *   written back to `inkprint.session` (the old refresh token is dead after one use). A failed refresh clears the key.
 * - Signed out, the console sends the browser to `/signin?redirect=<path>` and also stores that path in localStorage
 *   `inkprint.redirect` ("the stored redirect target" of spec §2 /signin), e.g. `/admin/users`.
 */
export { GUEST_KEY, REDIRECT_KEY, SESSION_KEY, type SessionStorage };

export interface SessionUser {
  id: string;
  name: string;
  email: string;
  role: Role;
}

export interface StoredSession {
  user: SessionUser;
  tokens: Tokens;
  [extra: string]: unknown;
}

export function readSession(storage: SessionStorage): StoredSession | null {
  return readStored(storage, SESSION_KEY, isUserSession) as StoredSession | null;
}

export function writeSession(storage: SessionStorage, session: StoredSession): void {
  storage.setItem(SESSION_KEY, JSON.stringify(session));
}

/** Rotated tokens go back into the same key, keeping the rest of what the web app stored. */
export function writeTokens(storage: SessionStorage, tokens: Partial<RefreshResponse> & { accessToken: string }): void {
  const current = readSession(storage);
  if (current) writeSession(storage, withRefreshedTokens(current, tokens));
}

/** The profile call's user replaces the stored one (role changes, e.g. a revoked admin, show up on the next load). */
export function writeUser(storage: SessionStorage, user: SessionUser): void {
  const current = readSession(storage);
  if (current) {
    writeSession(storage, {
      ...current,
      user: { ...current.user, id: user.id, name: user.name, email: user.email, role: user.role },
    });
  }
}

export function clearSession(storage: SessionStorage): void {
  storage.removeItem(SESSION_KEY);
}

/** Where a signed-out visitor goes: the web app's sign-in page, remembering the admin path they asked for. */
export function signInUrl(returnPath: string, email?: string): string {
  return authUrl('/signin', returnPath, email);
}

/** The web app's sign-up page, coming back to `returnPath` once the code is verified (an invite: the invited address). */
export function signUpUrl(returnPath: string, email?: string): string {
  return authUrl('/signup', returnPath, email);
}

function authUrl(page: '/signin' | '/signup', returnPath: string, email?: string): string {
  const query = new URLSearchParams({ redirect: returnPath });
  if (email) query.set('email', email);
  return `${page}?${query.toString()}`;
}

export function rememberRedirect(storage: SessionStorage, returnPath: string): void {
  storage.setItem(REDIRECT_KEY, returnPath);
}
