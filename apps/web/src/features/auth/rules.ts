import { acceptedContinueUrl, isAdminRole } from '@inkprint/contracts/policies';

/** Spec §5: 'continue' is honoured only when it is an https URL on the plans subdomain of the product host. */
export function continueTarget(search: string, productHost: string): string | null {
  return acceptedContinueUrl(new URLSearchParams(search).get('continue'), productHost);
}

/** A stored in-app redirect is kept only when it is a same-origin path (never `//host` or a scheme). */
export function safeStoredPath(value: string | null | undefined): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  return value;
}

/**
 * Where sign-in goes (spec §2 /signin): admin roles to /admin (or the admin page they came from); otherwise the accepted 'continue' target, then the
 * stored redirect target, else /.
 */
export function afterSignIn(
  role: unknown,
  continueUrl: string | null,
  storedRedirect: string | null | undefined,
): string {
  const stored = safeStoredPath(storedRedirect);
  if (isAdminRole(role)) return stored && /^\/admin(\/|\?|$)/.test(stored) ? stored : '/admin';
  return continueUrl ?? stored ?? '/';
}

/** OTP input: digits only, at most 6. */
export function otpInput(value: string): string {
  return value.replace(/\D/g, '').slice(0, 6);
}

export const SIGNUP_REDIRECT_MS = 800;
export const RESET_REDIRECT_MS = 2400;
export const RESEND_COOLDOWN_S = 120;

/** 'm:ss' for the resend countdown. */
export function countdown(seconds: number): string {
  const s = Math.max(0, Math.ceil(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/** Live confirmation hint: 'Passwords do not match' / 'Passwords match' (nothing while confirm is empty). */
export function matchHint(password: string, confirm: string): { text: string; ok: boolean } | null {
  if (!confirm) return null;
  return password === confirm ? { text: 'Passwords match', ok: true } : { text: 'Passwords do not match', ok: false };
}
