import { existing, refuse, type AccountState, type At } from './state';

export type LogIn = { type: 'LogIn'; data: { passwordMatches: boolean; sessionId: string } & At };

export type LoggedIn = { type: 'LoggedIn'; data: { sessionId: string } & At };
export type LoginFailed = { type: 'LoginFailed'; data: { reason: 'wrong_password' } & At };

export function logIn(command: LogIn, state: AccountState): (LoggedIn | LoginFailed)[] {
  const a = existing(state);
  const { at, passwordMatches, sessionId } = command.data;
  // The password is checked first, so a wrong one never reveals whether the account is disabled or unverified.
  if (!passwordMatches) return [{ type: 'LoginFailed', data: { reason: 'wrong_password', at } }];
  if (a.status === 'disabled')
    return refuse('ACCOUNT_DISABLED', 'This account has been disabled. Contact support.', 403);
  if (a.status === 'pending_verification') {
    return refuse('EMAIL_NOT_VERIFIED', 'Verify your email before signing in. We can send you a new code.', 403, {
      email: a.email,
    });
  }
  return [{ type: 'LoggedIn', data: { sessionId, at } }];
}
