import { revokeLiveKeys, type ApiKeyRevoked } from '../api-key';
import { existing, refuse, type AccountState, type At } from './state';

/** Administrators' second factor (TOTP, RFC 6238): the secret is sealed as personal data in the log. */
export type StartMfaEnrolment = { type: 'StartMfaEnrolment'; data: { secret: string } & At };
/**
 * `codeMatches`: the handler checked the code against the pending secret (the decider stays free of clocks); `step`:
 * the time-step the code belongs to (RFC 6238), remembered so that the same code cannot pass another session.
 */
export type ConfirmMfa = {
  type: 'ConfirmMfa';
  data: { codeMatches: boolean; recoveryCodeHashes: string[]; step?: number } & At;
};
/**
 * An authenticator code passed a session: `step` is its time-step (RFC 6238). A step at or before the last one
 * accepted is refused (RFC 6238 §5.2: a code is accepted once), so one code cannot pass two sessions.
 */
export type UseMfaCode = { type: 'UseMfaCode'; data: { step: number } & At };
export type UseMfaRecoveryCode = { type: 'UseMfaRecoveryCode'; data: { codeHash: string } & At };
export type ResetMfa = { type: 'ResetMfa'; data: At };

export type MfaEnrolmentStarted = { type: 'MfaEnrolmentStarted'; data: { secret: string } & At };
export type MfaEnabled = { type: 'MfaEnabled'; data: { recoveryCodeHashes: string[]; step?: number } & At };
export type MfaCodeAccepted = { type: 'MfaCodeAccepted'; data: { step: number } & At };
export type MfaRecoveryCodeUsed = { type: 'MfaRecoveryCodeUsed'; data: { codeHash: string; left: number } & At };
export type MfaReset = { type: 'MfaReset'; data: At };

export const MFA_CODE_INVALID_MESSAGE = 'That code is not right. Check your authenticator app and try again.';

const codeInvalid = (): never => refuse('MFA_CODE_INVALID', MFA_CODE_INVALID_MESSAGE, 400, { field: 'code' });

export function startMfaEnrolment(command: StartMfaEnrolment, state: AccountState): MfaEnrolmentStarted[] {
  const a = existing(state);
  if (a.role === 'user') return refuse('FORBIDDEN', 'Two-factor sign-in is for administrators.', 403);
  if (a.mfa.status === 'enabled')
    return refuse('MFA_ALREADY_ENABLED', 'Two-factor sign-in is already on. The super admin can reset it.', 409);
  return [{ type: 'MfaEnrolmentStarted', data: command.data }];
}

export function confirmMfa(command: ConfirmMfa, state: AccountState): MfaEnabled[] {
  const a = existing(state);
  if (a.mfa.status !== 'pending') return refuse('MFA_NOT_PENDING', 'Start the two-factor set-up first.', 409);
  if (!command.data.codeMatches) return codeInvalid();
  const { recoveryCodeHashes, step, at } = command.data;
  return [{ type: 'MfaEnabled', data: { recoveryCodeHashes, ...(step !== undefined ? { step } : {}), at } }];
}

export function useMfaCode(command: UseMfaCode, state: AccountState): MfaCodeAccepted[] {
  const a = existing(state);
  const { step, at } = command.data;
  if (a.mfa.status !== 'enabled' || (a.mfa.lastStep !== undefined && step <= a.mfa.lastStep)) return codeInvalid();
  return [{ type: 'MfaCodeAccepted', data: { step, at } }];
}

export function useMfaRecoveryCode(command: UseMfaRecoveryCode, state: AccountState): MfaRecoveryCodeUsed[] {
  const a = existing(state);
  const { codeHash, at } = command.data;
  if (a.mfa.status !== 'enabled' || !a.mfa.recoveryCodeHashes.includes(codeHash)) return codeInvalid();
  return [{ type: 'MfaRecoveryCodeUsed', data: { codeHash, left: a.mfa.recoveryCodeHashes.length - 1, at } }];
}

export function resetMfa(command: ResetMfa, state: AccountState): (MfaReset | ApiKeyRevoked)[] {
  const a = existing(state);
  // The super admin resets a lost (or taken) second factor: the admin's API keys go with it.
  return a.mfa.status === 'none'
    ? []
    : [{ type: 'MfaReset', data: command.data }, ...revokeLiveKeys(a.apiKeys, 'mfa_reset', command.data.at)];
}
