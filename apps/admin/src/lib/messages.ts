/** The admin toasts of product spec §8: a title and the message shown when the server gives none. */
export const ADMIN_ERRORS = {
  dashboard: { title: 'Dashboard load failed', message: 'Unable to load dashboard summary.' },
  admins: { title: 'Admin list failed', message: 'Unable to fetch admin list.' },
  users: { title: 'User fetch failed', message: 'Unable to fetch users.' },
  plan: { title: 'Plan update failed', message: 'Unable to update plan.' },
  status: { title: 'Update failed', message: 'Unable to update user status.' },
  revoke: { title: 'Revoke failed', message: 'Unable to revoke admin access.' },
  mfaReset: { title: 'Reset failed', message: 'Unable to reset two-factor sign-in.' },
  apiKeyRevoke: { title: 'Revoke failed', message: 'Unable to revoke the API key.' },
  invite: { title: 'Invite failed', message: 'Unable to send invite.' },
  inviteRevoke: { title: 'Revoke failed', message: 'Unable to revoke the invitation.' },
  timeline: { title: 'Timeline load failed', message: 'Unable to load the audit timeline.' },
  profile: { title: 'Profile sync failed', message: 'Unable to reload your profile.' },
} as const;
export type AdminErrorKind = keyof typeof ADMIN_ERRORS;

export const EMAIL_REQUIRED_TITLE = 'Email required';
export const NO_CHANGE = 'No change';
export const SUCCESS_TITLE = 'Success';
export const SUCCESS_FALLBACK = 'Request completed successfully';
export const LOADING_ADMIN = 'Loading admin experience…';

/** Invite screen (spec §2 "Admin invite screen", §8). */
export const INVITE_MESSAGES = {
  notFound: 'This invitation could not be found or has expired.',
  verifyFailed: 'Unable to verify invitation.',
  acceptFailed: 'Unable to accept invitation.',
  tokenMissing: 'Invitation token missing from the URL.',
  notPending: 'This invitation has already been used and can no longer be accepted.',
  mismatch: (invited: string, signedIn: string) =>
    `This invitation was sent to ${invited}, but you are signed in as ${signedIn}. Sign in with the invited account to accept it.`,
} as const;

/** A message the server sent (HttpError.message), unless it is the generic fallback of the HTTP client. */
export function serverMessage(error: unknown): string | undefined {
  const message = (error as { message?: unknown } | undefined)?.message;
  if (typeof message !== 'string' || !message.trim()) return undefined;
  if (message === 'Request failed') return undefined;
  if (message === 'Network request failed') return 'Network Error: Network request failed';
  return message;
}
