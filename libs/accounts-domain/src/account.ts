import { assertNever, type Decider } from '@inkprint/domain-kernel';
import { evolveApiKeys, type ApiKeyCreated, type ApiKeyRevoked, type CreateApiKey, type RevokeApiKey } from './api-key';
import { createApiKey, revokeApiKey } from './account/api-keys';
import {
  promoteToAdmin,
  revokeAdmin,
  type PromoteToAdmin,
  type RevokeAdmin,
  type RoleChanged,
} from './account/admin-role';
import { eraseAccount, type AccountErased, type EraseAccount } from './account/erasure';
import {
  confirmMfa,
  resetMfa,
  startMfaEnrolment,
  useMfaCode,
  useMfaRecoveryCode,
  type ConfirmMfa,
  type MfaCodeAccepted,
  type MfaEnabled,
  type MfaEnrolmentStarted,
  type MfaRecoveryCodeUsed,
  type MfaReset,
  type ResetMfa,
  type StartMfaEnrolment,
  type UseMfaCode,
  type UseMfaRecoveryCode,
} from './account/mfa';
import {
  requestPasswordReset,
  resetPassword,
  type PasswordChanged,
  type PasswordResetRequested,
  type RequestPasswordReset,
  type ResetPassword,
} from './account/password-reset';
import {
  bootstrapSuperAdmin,
  registerAccount,
  resendVerificationCode,
  verifyEmail,
  type AccountRegistered,
  type BootstrapSuperAdmin,
  type EmailVerified,
  type RegisterAccount,
  type RegistrationRenewed,
  type ResendVerificationCode,
  type VerificationCodeRejected,
  type VerificationCodeSent,
  type VerifyEmail,
} from './account/registration';
import { logIn, type LoggedIn, type LoginFailed, type LogIn } from './account/sign-in';
import type { Account, AccountState } from './account/state';
import {
  changeAccountStatus,
  changePlan,
  type AccountStatusChanged,
  type ChangeAccountStatus,
  type ChangePlan,
  type PlanChanged,
} from './account/status-and-plan';

/**
 * The account decider (stream `account-<accountId>`): `decide` only dispatches; each command's rule is one function
 * in `./account/<sub-domain>.ts` (registration, sign-in, password reset, status and plan, admin role, MFA, API keys,
 * erasure), beside its command and event types. `evolve` folds every account event.
 */
export { accountStreamId, sessionStillValid, type Account, type AccountMfa, type AccountState } from './account/state';
export {
  OTP_MAX_ATTEMPTS,
  OTP_RESEND_COOLDOWN_MS,
  OTP_TTL_MS,
  type AccountRegistered,
  type BootstrapSuperAdmin,
  type EmailVerified,
  type RegisterAccount,
  type RegistrationRenewed,
  type ResendVerificationCode,
  type VerificationCodeRejected,
  type VerificationCodeSent,
  type VerifyEmail,
} from './account/registration';
export type { LogIn, LoggedIn, LoginFailed } from './account/sign-in';
export {
  PASSWORD_RESET_TTL_MS,
  type PasswordChanged,
  type PasswordResetRequested,
  type RequestPasswordReset,
  type ResetPassword,
} from './account/password-reset';
export type { AccountStatusChanged, ChangeAccountStatus, ChangePlan, PlanChanged } from './account/status-and-plan';
export { assertInviteCanPromote, type PromoteToAdmin, type RevokeAdmin, type RoleChanged } from './account/admin-role';
export {
  MFA_CODE_INVALID_MESSAGE,
  type ConfirmMfa,
  type MfaCodeAccepted,
  type MfaEnabled,
  type MfaEnrolmentStarted,
  type MfaRecoveryCodeUsed,
  type MfaReset,
  type ResetMfa,
  type StartMfaEnrolment,
  type UseMfaCode,
  type UseMfaRecoveryCode,
} from './account/mfa';
export type { AccountErased, EraseAccount } from './account/erasure';

export type AccountCommand =
  | RegisterAccount
  | BootstrapSuperAdmin
  | VerifyEmail
  | ResendVerificationCode
  | LogIn
  | RequestPasswordReset
  | ResetPassword
  | ChangeAccountStatus
  | ChangePlan
  | PromoteToAdmin
  | RevokeAdmin
  | EraseAccount
  | StartMfaEnrolment
  | ConfirmMfa
  | UseMfaRecoveryCode
  | UseMfaCode
  | ResetMfa
  | CreateApiKey
  | RevokeApiKey;

export type AccountEvent =
  | AccountRegistered
  | RegistrationRenewed
  | VerificationCodeSent
  | VerificationCodeRejected
  | EmailVerified
  | LoggedIn
  | LoginFailed
  | PasswordResetRequested
  | PasswordChanged
  | AccountStatusChanged
  | PlanChanged
  | RoleChanged
  | AccountErased
  | MfaEnrolmentStarted
  | MfaEnabled
  | MfaRecoveryCodeUsed
  | MfaCodeAccepted
  | MfaReset
  | ApiKeyCreated
  | ApiKeyRevoked;

export const ACCOUNT_EVENT_TYPES: readonly AccountEvent['type'][] = [
  'AccountRegistered',
  'RegistrationRenewed',
  'VerificationCodeSent',
  'VerificationCodeRejected',
  'EmailVerified',
  'LoggedIn',
  'LoginFailed',
  'PasswordResetRequested',
  'PasswordChanged',
  'AccountStatusChanged',
  'PlanChanged',
  'RoleChanged',
  'AccountErased',
  'MfaEnrolmentStarted',
  'MfaEnabled',
  'MfaRecoveryCodeUsed',
  'MfaCodeAccepted',
  'MfaReset',
  'ApiKeyCreated',
  'ApiKeyRevoked',
];

export const accountDecider: Decider<AccountState, AccountCommand, AccountEvent> = {
  initialState: () => ({ status: 'none' }),

  decide(command, state) {
    switch (command.type) {
      case 'RegisterAccount':
        return registerAccount(command, state);
      case 'BootstrapSuperAdmin':
        return bootstrapSuperAdmin(command, state);
      case 'VerifyEmail':
        return verifyEmail(command, state);
      case 'ResendVerificationCode':
        return resendVerificationCode(command, state);
      case 'LogIn':
        return logIn(command, state);
      case 'RequestPasswordReset':
        return requestPasswordReset(command, state);
      case 'ResetPassword':
        return resetPassword(command, state);
      case 'ChangeAccountStatus':
        return changeAccountStatus(command, state);
      case 'ChangePlan':
        return changePlan(command, state);
      case 'PromoteToAdmin':
        return promoteToAdmin(command, state);
      case 'RevokeAdmin':
        return revokeAdmin(command, state);
      case 'StartMfaEnrolment':
        return startMfaEnrolment(command, state);
      case 'ConfirmMfa':
        return confirmMfa(command, state);
      case 'UseMfaCode':
        return useMfaCode(command, state);
      case 'UseMfaRecoveryCode':
        return useMfaRecoveryCode(command, state);
      case 'ResetMfa':
        return resetMfa(command, state);
      case 'CreateApiKey':
        return createApiKey(command, state);
      case 'RevokeApiKey':
        return revokeApiKey(command, state);
      case 'EraseAccount':
        return eraseAccount(command, state);
      default:
        return assertNever(command);
    }
  },

  evolve(state, event) {
    if (event.type === 'AccountRegistered') {
      const d = event.data;
      return {
        status: 'exists',
        account: {
          accountId: d.accountId,
          email: d.email,
          name: d.name,
          passwordHash: d.passwordHash,
          role: d.role,
          status: d.status,
          planSlug: null,
          createdAt: d.at,
          lastLoginAt: null,
          code: null,
          reset: null,
          adminInvites: [],
          adminRevokedAt: null,
          sessionsValidFrom: null,
          mfa: { status: 'none' },
          erasedAt: null,
          apiKeys: [],
        },
      };
    }
    if (state.status === 'none') return state;
    const a = state.account;
    const next = (patch: Partial<Account>): AccountState => ({ status: 'exists', account: { ...a, ...patch } });
    switch (event.type) {
      case 'RegistrationRenewed':
        return next({ name: event.data.name, passwordHash: event.data.passwordHash });
      case 'VerificationCodeSent':
        return next({
          code: { hash: event.data.codeHash, expiresAt: event.data.expiresAt, sentAt: event.data.at, attempts: 0 },
        });
      case 'VerificationCodeRejected':
        return next({ code: a.code && { ...a.code, attempts: event.data.attempts } });
      case 'EmailVerified':
        // POST /auth/verify-otp verifies the address and signs in: the sign-up's first sign-in (issue 30 item 8).
        return next({ status: 'active', code: null, lastLoginAt: event.data.at });
      case 'LoggedIn':
        return next({ lastLoginAt: event.data.at });
      case 'LoginFailed':
        return state;
      case 'PasswordResetRequested':
        return next({ reset: { tokenHash: event.data.tokenHash, expiresAt: event.data.expiresAt } });
      case 'PasswordChanged':
        return next({ passwordHash: event.data.passwordHash, reset: null, sessionsValidFrom: event.data.at });
      case 'AccountStatusChanged':
        return next({
          status: event.data.to,
          ...(event.data.to === 'active' ? {} : { sessionsValidFrom: event.data.at }),
        });
      case 'PlanChanged':
        return next({ planSlug: event.data.to });
      case 'RoleChanged': {
        const { to, reason, inviteId, at } = event.data;
        if (reason === 'revoked') return next({ role: to, adminRevokedAt: at });
        if (reason === 'invite_accepted' && inviteId)
          return next({ role: to, adminInvites: [...a.adminInvites, inviteId] });
        return next({ role: to });
      }
      case 'MfaEnrolmentStarted':
        return next({ mfa: { status: 'pending', secret: event.data.secret } });
      case 'MfaEnabled':
        return a.mfa.status === 'none'
          ? state
          : next({
              mfa: {
                status: 'enabled',
                secret: a.mfa.secret,
                recoveryCodeHashes: event.data.recoveryCodeHashes,
                ...(event.data.step !== undefined ? { lastStep: event.data.step } : {}),
              },
            });
      case 'MfaCodeAccepted':
        return a.mfa.status !== 'enabled' ? state : next({ mfa: { ...a.mfa, lastStep: event.data.step } });
      case 'MfaRecoveryCodeUsed':
        return a.mfa.status !== 'enabled'
          ? state
          : next({
              mfa: { ...a.mfa, recoveryCodeHashes: a.mfa.recoveryCodeHashes.filter((h) => h !== event.data.codeHash) },
            });
      case 'MfaReset':
        // Every session started before the reset ends (issue 39 item 7): one opened with the password alone, waiting
        // for a code, must not find the factor gone and walk in (or set up its own).
        return next({ mfa: { status: 'none' }, sessionsValidFrom: event.data.at });
      case 'ApiKeyCreated':
      case 'ApiKeyRevoked':
        return next({ apiKeys: evolveApiKeys(a.apiKeys ?? [], event) });
      case 'AccountErased':
        return next({
          status: 'disabled',
          email: '',
          name: '',
          passwordHash: '',
          code: null,
          reset: null,
          sessionsValidFrom: event.data.at,
          mfa: { status: 'none' },
          erasedAt: event.data.at,
        });
      default:
        return assertNever(event);
    }
  },
};
