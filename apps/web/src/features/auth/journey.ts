import { safeStoredPath } from './rules';

/**
 * Where a sign-up or sign-in journey started and where it goes back to (issue 43 items 4 and 5): the in-app return
 * path (`?redirect=`, e.g. an admin invite), the accepted 'continue' URL, and the address to prefill (`?email=`).
 * The three travel together through sign-in, sign-up and the code step.
 */
export interface Journey {
  continueUrl: string | null;
  redirect: string | null;
  email: string | null;
}

const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** `?email=` when it looks like an address (prefill only; the server checks it anyway). */
export function prefilledEmail(search: string): string | null {
  const value = (new URLSearchParams(search).get('email') ?? '').trim();
  return EMAIL_SHAPE.test(value) ? value : null;
}

/** `?redirect=` when it is a same-origin path. */
export function redirectParam(search: string): string | null {
  return safeStoredPath(new URLSearchParams(search).get('redirect'));
}

/** `/signin` or `/signup` with the journey's query, so the next page keeps it. */
export function journeyLink(base: string, journey: Partial<Journey>): string {
  const query = new URLSearchParams();
  if (journey.continueUrl) query.set('continue', journey.continueUrl);
  const redirect = safeStoredPath(journey.redirect);
  if (redirect) query.set('redirect', redirect);
  const email = journey.email?.trim();
  if (email) query.set('email', email);
  const text = query.toString();
  return text ? `${base}?${text}` : base;
}

/** The token of an admin invite path (`/admin/invite?token=…`), so sign-in can name the invited address. */
export function inviteToken(path: string | null | undefined): string | null {
  const safe = safeStoredPath(path);
  if (!safe) return null;
  const url = new URL(safe, 'http://app.invalid');
  if (url.pathname.replace(/\/+$/, '') !== '/admin/invite') return null;
  const token = url.searchParams.get('token')?.trim();
  return token || null;
}

/** Where sign-up goes once the code is verified: the accepted 'continue' target, the return path, else /. */
export function afterVerified(journey: Pick<Journey, 'continueUrl' | 'redirect'>): string {
  return journey.continueUrl ?? safeStoredPath(journey.redirect) ?? '/';
}

/** A page outside this single-page app (the checkout, the admin console) is opened with a full load. */
export function needsFullLoad(target: string): boolean {
  return target.startsWith('http') || /^\/admin(\/|\?|$)/.test(target);
}

/**
 * A sign-up waiting for its code, remembered in local storage so that reopening /signup goes back to the code step
 * instead of a 'Please wait' refusal. Kept 30 minutes: a code lives 2 minutes, a new one can be asked for after that.
 */
export interface PendingSignup {
  email: string;
  /** When the last code was sent (ms since the epoch). */
  sentAt: number;
  redirect: string | null;
}

export const PENDING_SIGNUP_KEY = 'inkprint.pendingSignup';
export const PENDING_SIGNUP_TTL_MS = 30 * 60_000;

export function readPendingSignup(raw: string | null, now: number): PendingSignup | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<PendingSignup>;
    if (typeof value.email !== 'string' || !EMAIL_SHAPE.test(value.email)) return null;
    if (typeof value.sentAt !== 'number' || value.sentAt > now || now - value.sentAt > PENDING_SIGNUP_TTL_MS)
      return null;
    return { email: value.email, sentAt: value.sentAt, redirect: safeStoredPath(value.redirect ?? null) };
  } catch {
    return null;
  }
}

/** Seconds before a new code may be asked for, from when the last one was sent. */
export function cooldownLeft(sentAt: number, now: number, cooldownSeconds: number): number {
  return Math.max(0, Math.ceil((sentAt + cooldownSeconds * 1000 - now) / 1000));
}

/** `details.retryAfterSeconds` of an OTP_RESEND_COOLDOWN refusal (a code was sent less than 120 s ago), else null. */
export function codeRecentlySent(error: unknown): number | null {
  if (!error || typeof error !== 'object') return null;
  const { code, details } = error as { code?: unknown; details?: Record<string, unknown> };
  if (code !== 'OTP_RESEND_COOLDOWN') return null;
  const seconds = Number(details?.retryAfterSeconds);
  return Number.isFinite(seconds) && seconds > 0 ? Math.ceil(seconds) : 1;
}

/** The address of an EMAIL_NOT_VERIFIED sign-in refusal (given only after the right password), else null. */
export function unverifiedEmail(error: unknown, typed: string): string | null {
  if (!error || typeof error !== 'object') return null;
  const { code, details } = error as { code?: unknown; details?: Record<string, unknown> };
  if (code !== 'EMAIL_NOT_VERIFIED') return null;
  return typeof details?.email === 'string' && details.email ? details.email : typed.trim();
}

/** The confirmation shown on the page a newly verified user lands on. */
export const VERIFIED_WELCOME = 'Your e-mail is verified — welcome to Inkprint';
