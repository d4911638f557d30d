import { revokeLiveKeys, type ApiKeyRevoked } from '../api-key';
import { existing, ms, refuse, type AccountState, type At } from './state';

export const PASSWORD_RESET_TTL_MS = 60 * 60_000;

export type RequestPasswordReset = {
  type: 'RequestPasswordReset';
  data: { tokenHash: string; expiresAt: string } & At;
};
export type ResetPassword = { type: 'ResetPassword'; data: { tokenHash: string; passwordHash: string } & At };

export type PasswordResetRequested = {
  type: 'PasswordResetRequested';
  data: { tokenHash: string; expiresAt: string } & At;
};
export type PasswordChanged = { type: 'PasswordChanged'; data: { passwordHash: string; via: 'reset' } & At };

export function requestPasswordReset(command: RequestPasswordReset, state: AccountState): PasswordResetRequested[] {
  const a = existing(state);
  if (a.status === 'disabled') return [];
  return [{ type: 'PasswordResetRequested', data: command.data }];
}

export function resetPassword(command: ResetPassword, state: AccountState): (PasswordChanged | ApiKeyRevoked)[] {
  const a = existing(state);
  const { tokenHash, passwordHash, at } = command.data;
  if (!a.reset || a.reset.tokenHash !== tokenHash || ms(a.reset.expiresAt) <= ms(at) || a.status === 'disabled') {
    return refuse('RESET_TOKEN_INVALID', 'This reset link is invalid or has expired. Please request a new one.', 400, {
      field: 'token',
    });
  }
  // Every live API key goes with the old password (issue 39 item 6), like every session.
  return [
    { type: 'PasswordChanged', data: { passwordHash, via: 'reset', at } },
    ...revokeLiveKeys(a.apiKeys, 'password_reset', at),
  ];
}
