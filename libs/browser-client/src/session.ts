import type { PublicUser, RefreshResponse, Role, UsagePayload } from '@inkprint/contracts';

/**
 * The sessions the web app and the admin console share (same origin, spec §3 "User session" and "Guest session"):
 * - localStorage `inkprint.session`: `{ user: {id, name, email, role, …}, tokens: {accessToken, refreshToken,
 *   expiresIn}, usage? }`; the web app writes it at sign-in, both apps read it and write rotated tokens back (extra
 *   fields are kept as they are);
 * - localStorage `inkprint.guest`: `{ id, token, usage? }`, the web app's guest identity (the console never uses it);
 * - localStorage `inkprint.redirect`: where sign-in sends a visitor who was sent to /signin from elsewhere (the console
 *   writes it with `?redirect=` before sending a signed-out visitor there).
 */
export const SESSION_KEY = 'inkprint.session';
export const GUEST_KEY = 'inkprint.guest';
export const REDIRECT_KEY = 'inkprint.redirect';

export interface UserSession {
  user: Pick<PublicUser, 'name' | 'email'> & { id?: string; role: Role } & Partial<PublicUser>;
  tokens: { accessToken: string; refreshToken: string; expiresIn?: number };
  usage?: UsagePayload | null;
}

export interface GuestSession {
  id: string;
  token: string;
  usage?: UsagePayload | null;
}

/** The storage a session lives in: window.localStorage in the browser, a Map-backed fake in unit tests. */
export type SessionStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** A stored user session: an e-mail, a role and both tokens (anything else stored with it is kept, not checked). */
export function isUserSession(value: unknown): value is UserSession {
  if (!value || typeof value !== 'object') return false;
  const { user, tokens } = value as Partial<UserSession>;
  return (
    !!user &&
    typeof user.email === 'string' &&
    typeof user.role === 'string' &&
    !!tokens &&
    typeof tokens.accessToken === 'string' &&
    typeof tokens.refreshToken === 'string'
  );
}

export function isGuestSession(value: unknown): value is GuestSession {
  const v = value as Partial<GuestSession> | null;
  return !!v && typeof v === 'object' && typeof v.id === 'string' && typeof v.token === 'string';
}

/** The value under `key` when it parses and passes `check`; null otherwise (missing, corrupt, blocked storage). */
export function readStored<T>(
  storage: SessionStorage | null,
  key: string,
  check: (value: unknown) => value is T,
): T | null {
  try {
    const raw = storage?.getItem(key);
    if (!raw) return null;
    const value: unknown = JSON.parse(raw);
    return check(value) ? value : null;
  } catch {
    return null;
  }
}

/** Writes `value` as JSON under `key` (null removes it); a full or blocked storage leaves the session in memory. */
export function writeStored(storage: SessionStorage | null, key: string, value: unknown): void {
  try {
    if (value === null) storage?.removeItem(key);
    else storage?.setItem(key, JSON.stringify(value));
  } catch {
    // Storage full or blocked: the session lives in memory for this tab.
  }
}

/**
 * The session after `POST /auth/refresh` (spec §5): the new access token, the rotated refresh token (the old one is
 * dead after one use; an answer without one keeps the stored one) and the new lifetime; the rest is kept.
 */
export function withRefreshedTokens<S extends Pick<UserSession, 'tokens'>>(
  session: S,
  answer: Partial<RefreshResponse> & { accessToken: string },
): S {
  return {
    ...session,
    tokens: {
      ...session.tokens,
      accessToken: answer.accessToken,
      refreshToken: answer.refreshToken ?? session.tokens.refreshToken,
      ...(answer.expiresIn ? { expiresIn: answer.expiresIn } : {}),
    },
  };
}

/** A refresh answer the session can use: it carries an access token. */
export function isRefreshAnswer(value: unknown): value is Partial<RefreshResponse> & { accessToken: string } {
  return !!value && typeof value === 'object' && typeof (value as { accessToken?: unknown }).accessToken === 'string';
}
