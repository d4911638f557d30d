import { assertNever, DomainError, type Decider } from '@inkprint/domain-kernel';
import { isAssignablePlanSlug, type AccountStatus, type PlanSlug, type Role } from '@inkprint/contracts';
import {
  decideApiKeyCreation,
  decideApiKeyRevocation,
  evolveApiKeys,
  revokeLiveKeys,
  type ApiKeyCreated,
  type ApiKeyRecord,
  type ApiKeyRevoked,
  type CreateApiKey,
  type RevokeApiKey,
} from './api-key';
import { INVITE_NOT_FOUND_MESSAGE } from './invite';

/** One account: stream `account-<accountId>`. Secrets arrive hashed; the decider only compares hashes. */

/** OTP rules (spec §9): 6 digits, valid about 2 minutes, resend cooldown 120 s; we allow 5 wrong tries per code. */
export const OTP_TTL_MS = 2 * 60_000;
export const OTP_RESEND_COOLDOWN_MS = 120_000;
export const OTP_MAX_ATTEMPTS = 5;
export const PASSWORD_RESET_TTL_MS = 60 * 60_000;

type At = { at: string };
export type RegisterAccount = {
  type: 'RegisterAccount';
  data: {
    accountId: string;
    email: string;
    name: string;
    passwordHash: string;
    codeHash: string;
    codeExpiresAt: string;
  } & At;
};
export type BootstrapSuperAdmin = {
  type: 'BootstrapSuperAdmin';
  data: { accountId: string; email: string; name: string; passwordHash: string } & At;
};
export type VerifyEmail = { type: 'VerifyEmail'; data: { codeHash: string } & At };
export type ResendVerificationCode = {
  type: 'ResendVerificationCode';
  data: { codeHash: string; codeExpiresAt: string } & At;
};
export type LogIn = { type: 'LogIn'; data: { passwordMatches: boolean; sessionId: string } & At };
export type RequestPasswordReset = {
  type: 'RequestPasswordReset';
  data: { tokenHash: string; expiresAt: string } & At;
};
export type ResetPassword = { type: 'ResetPassword'; data: { tokenHash: string; passwordHash: string } & At };
export type ChangeAccountStatus = { type: 'ChangeAccountStatus'; data: { status: AccountStatus } & At };
export type ChangePlan = { type: 'ChangePlan'; data: { planSlug: string } & At };
export type PromoteToAdmin = { type: 'PromoteToAdmin'; data: { inviteId: string; inviteIssuedAt: string } & At };
export type RevokeAdmin = { type: 'RevokeAdmin'; data: At };
/**
 * The account and its personal data are forgotten (its data key is destroyed first): asked by its owner
 * (`DELETE /auth/me`) or run by an operator on a request received otherwise (`inkprint accounts erase`).
 */
export type EraseAccount = { type: 'EraseAccount'; data: At };
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

export type AccountRegistered = {
  type: 'AccountRegistered';
  data: {
    accountId: string;
    email: string;
    name: string;
    passwordHash: string;
    role: Role;
    status: AccountStatus;
  } & At;
};
export type RegistrationRenewed = { type: 'RegistrationRenewed'; data: { name: string; passwordHash: string } & At };
export type VerificationCodeSent = { type: 'VerificationCodeSent'; data: { codeHash: string; expiresAt: string } & At };
export type VerificationCodeRejected = { type: 'VerificationCodeRejected'; data: { attempts: number } & At };
export type EmailVerified = { type: 'EmailVerified'; data: At };
export type LoggedIn = { type: 'LoggedIn'; data: { sessionId: string } & At };
export type LoginFailed = { type: 'LoginFailed'; data: { reason: 'wrong_password' } & At };
export type PasswordResetRequested = {
  type: 'PasswordResetRequested';
  data: { tokenHash: string; expiresAt: string } & At;
};
export type PasswordChanged = { type: 'PasswordChanged'; data: { passwordHash: string; via: 'reset' } & At };
export type AccountStatusChanged = {
  type: 'AccountStatusChanged';
  data: { from: AccountStatus; to: AccountStatus } & At;
};
export type PlanChanged = { type: 'PlanChanged'; data: { from: PlanSlug | null; to: PlanSlug } & At };
export type RoleChanged = {
  type: 'RoleChanged';
  data: { from: Role; to: Role; reason: 'invite_accepted' | 'revoked' | 'bootstrap'; inviteId?: string } & At;
};
export type AccountErased = { type: 'AccountErased'; data: At };
export type MfaEnrolmentStarted = { type: 'MfaEnrolmentStarted'; data: { secret: string } & At };
export type MfaEnabled = { type: 'MfaEnabled'; data: { recoveryCodeHashes: string[]; step?: number } & At };
export type MfaCodeAccepted = { type: 'MfaCodeAccepted'; data: { step: number } & At };
export type MfaRecoveryCodeUsed = { type: 'MfaRecoveryCodeUsed'; data: { codeHash: string; left: number } & At };
export type MfaReset = { type: 'MfaReset'; data: At };

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

/** The second factor of an administrator: none, set up but not confirmed, or on. */
export type AccountMfa =
  | { status: 'none' }
  | { status: 'pending'; secret: string }
  | {
      status: 'enabled';
      secret: string;
      recoveryCodeHashes: string[];
      /** The time-step of the last authenticator code accepted (none before issue 39): no code at or before it passes. */
      lastStep?: number;
    };

export const MFA_CODE_INVALID_MESSAGE = 'That code is not right. Check your authenticator app and try again.';

export interface Account {
  accountId: string;
  email: string;
  name: string;
  passwordHash: string;
  role: Role;
  status: AccountStatus;
  planSlug: PlanSlug | null;
  createdAt: string;
  lastLoginAt: string | null;
  code: { hash: string; expiresAt: string; sentAt: string; attempts: number } | null;
  reset: { tokenHash: string; expiresAt: string } | null;
  /** Invites that made this account an admin: each one works once, whatever happens to the role afterwards. */
  adminInvites: string[];
  /** When admin access was last revoked: an invite issued before then can no longer restore it. */
  adminRevokedAt: string | null;
  /**
   * Sessions started before this instant are over (a password reset, a disable, an erasure or a reset of the second
   * factor ends every session of the account: access tokens are refused and refresh tokens no longer rotate).
   */
  sessionsValidFrom: string | null;
  /** The second factor (administrators). */
  mfa: AccountMfa;
  /** Set once the account was erased: it answers nothing any more and its personal data is gone. */
  erasedAt: string | null;
  /** API keys, revoked ones included (issue 29); each holds only its key's hash. */
  apiKeys: ApiKeyRecord[];
}
export type AccountState = { status: 'none' } | { status: 'exists'; account: Account };

export function accountStreamId(accountId: string): string {
  return `account-${accountId}`;
}

const refuse = (code: string, message: string, status: number, details: Record<string, unknown> = {}): never => {
  throw new DomainError(code, message, status, details);
};

const ms = (iso: string) => Date.parse(iso);

function existing(state: AccountState): Account {
  if (state.status === 'none' || state.account.erasedAt) return refuse('ACCOUNT_NOT_FOUND', 'Account not found.', 404);
  return state.account;
}

function requireCooldownOver(account: Account, at: string): void {
  if (!account.code) return;
  const waitMs = ms(account.code.sentAt) + OTP_RESEND_COOLDOWN_MS - ms(at);
  if (waitMs > 0) {
    refuse(
      'OTP_RESEND_COOLDOWN',
      `Please wait ${Math.ceil(waitMs / 1000)} seconds before requesting a new code.`,
      429,
      {
        retryAfterSeconds: Math.ceil(waitMs / 1000),
      },
    );
  }
}

/** True when a session started at `startedAt` still counts for the account (see Account.sessionsValidFrom). */
export function sessionStillValid(account: Account, startedAt: string): boolean {
  return (
    account.status !== 'disabled' &&
    !account.erasedAt &&
    (!account.sessionsValidFrom || ms(startedAt) >= ms(account.sessionsValidFrom))
  );
}

/**
 * An admin invite promotes an account once: an invite that already promoted it, or one issued before its admin
 * access was last revoked, is refused (a revocation outlives every invite issued before it).
 */
export function assertInviteCanPromote(account: Account, inviteId: string, inviteIssuedAt: string): void {
  if (account.adminInvites.includes(inviteId))
    refuse('INVITE_NOT_PENDING', 'This invitation has already been used.', 409);
  if (account.adminRevokedAt && ms(inviteIssuedAt) <= ms(account.adminRevokedAt))
    refuse('INVITE_NOT_FOUND', INVITE_NOT_FOUND_MESSAGE, 404);
}

export const accountDecider: Decider<AccountState, AccountCommand, AccountEvent> = {
  initialState: () => ({ status: 'none' }),

  decide(command, state) {
    switch (command.type) {
      case 'RegisterAccount': {
        const d = command.data;
        const sent: VerificationCodeSent = {
          type: 'VerificationCodeSent',
          data: { codeHash: d.codeHash, expiresAt: d.codeExpiresAt, at: d.at },
        };
        if (state.status === 'exists') {
          // Signing up again before verifying sends a new code, and changes nothing else: the first sign-up's name
          // and password stay until the address is verified, so someone who cannot read the mailbox cannot slip their
          // own password in under the owner's code (pre-account takeover, issue 25 item 6). A verified address is
          // taken. (RegistrationRenewed stays in the log's vocabulary for events written before.)
          if (state.account.status !== 'pending_verification') {
            return refuse('EMAIL_TAKEN', 'An account with this email already exists. Sign in instead.', 409, {
              field: 'email',
            });
          }
          requireCooldownOver(state.account, d.at);
          return [sent];
        }
        return [
          {
            type: 'AccountRegistered',
            data: {
              accountId: d.accountId,
              email: d.email,
              name: d.name,
              passwordHash: d.passwordHash,
              role: 'user',
              status: 'pending_verification',
              at: d.at,
            },
          },
          sent,
        ];
      }
      case 'BootstrapSuperAdmin': {
        const d = command.data;
        if (state.status === 'exists') {
          const a = state.account;
          const events: AccountEvent[] = [];
          if (a.role !== 'super_admin')
            events.push({
              type: 'RoleChanged',
              data: { from: a.role, to: 'super_admin', reason: 'bootstrap', at: d.at },
            });
          if (a.status !== 'active')
            events.push({ type: 'AccountStatusChanged', data: { from: a.status, to: 'active', at: d.at } });
          return events;
        }
        return [
          {
            type: 'AccountRegistered',
            data: {
              accountId: d.accountId,
              email: d.email,
              name: d.name,
              passwordHash: d.passwordHash,
              role: 'super_admin',
              status: 'active',
              at: d.at,
            },
          },
        ];
      }
      case 'VerifyEmail': {
        const a = existing(state);
        const { at, codeHash } = command.data;
        if (a.status !== 'pending_verification')
          return refuse('ALREADY_VERIFIED', 'This email is already verified. Sign in instead.', 409);
        if (!a.code || ms(a.code.expiresAt) <= ms(at))
          return refuse('OTP_EXPIRED', 'This code has expired. Request a new one.', 400, { field: 'otp' });
        if (a.code.attempts >= OTP_MAX_ATTEMPTS) {
          return refuse('OTP_ATTEMPTS_EXCEEDED', 'Too many wrong codes. Request a new one.', 429, { field: 'otp' });
        }
        if (codeHash !== a.code.hash)
          return [{ type: 'VerificationCodeRejected', data: { attempts: a.code.attempts + 1, at } }];
        return [{ type: 'EmailVerified', data: { at } }];
      }
      case 'ResendVerificationCode': {
        const a = existing(state);
        if (a.status !== 'pending_verification')
          return refuse('ALREADY_VERIFIED', 'This email is already verified. Sign in instead.', 409);
        requireCooldownOver(a, command.data.at);
        return [
          {
            type: 'VerificationCodeSent',
            data: { codeHash: command.data.codeHash, expiresAt: command.data.codeExpiresAt, at: command.data.at },
          },
        ];
      }
      case 'LogIn': {
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
      case 'RequestPasswordReset': {
        const a = existing(state);
        if (a.status === 'disabled') return [];
        return [{ type: 'PasswordResetRequested', data: command.data }];
      }
      case 'ResetPassword': {
        const a = existing(state);
        const { tokenHash, passwordHash, at } = command.data;
        if (!a.reset || a.reset.tokenHash !== tokenHash || ms(a.reset.expiresAt) <= ms(at) || a.status === 'disabled') {
          return refuse(
            'RESET_TOKEN_INVALID',
            'This reset link is invalid or has expired. Please request a new one.',
            400,
            { field: 'token' },
          );
        }
        // Every live API key goes with the old password (issue 39 item 6), like every session.
        return [
          { type: 'PasswordChanged', data: { passwordHash, via: 'reset', at } },
          ...revokeLiveKeys(a.apiKeys, 'password_reset', at),
        ];
      }
      case 'ChangeAccountStatus': {
        const a = existing(state);
        const { status, at } = command.data;
        if (a.role === 'super_admin' && status !== 'active') {
          return refuse('SUPER_ADMIN_PROTECTED', 'The super admin account cannot be disabled or unverified.', 403);
        }
        if (a.status === status) return [];
        return [
          { type: 'AccountStatusChanged', data: { from: a.status, to: status, at } },
          ...(status === 'disabled' ? revokeLiveKeys(a.apiKeys, 'account_disabled', at) : []),
        ];
      }
      case 'ChangePlan': {
        const a = existing(state);
        const slug = command.data.planSlug.trim().toLowerCase();
        if (!isAssignablePlanSlug(slug)) {
          return refuse('INVALID_PLAN', 'Choose one of the plans free-signup, basic, pro or enterprise.', 400, {
            field: 'planSlug',
          });
        }
        return a.planSlug === slug
          ? []
          : [{ type: 'PlanChanged', data: { from: a.planSlug, to: slug, at: command.data.at } }];
      }
      case 'PromoteToAdmin': {
        const a = existing(state);
        assertInviteCanPromote(a, command.data.inviteId, command.data.inviteIssuedAt);
        if (a.role !== 'user') return [];
        return [
          {
            type: 'RoleChanged',
            data: {
              from: 'user',
              to: 'admin',
              reason: 'invite_accepted',
              inviteId: command.data.inviteId,
              at: command.data.at,
            },
          },
        ];
      }
      case 'RevokeAdmin': {
        const a = existing(state);
        if (a.role === 'super_admin')
          return refuse('SUPER_ADMIN_PROTECTED', "A super admin's access cannot be revoked.", 403);
        if (a.role !== 'admin') return refuse('NOT_AN_ADMIN', 'This account is not an admin.', 409);
        return [{ type: 'RoleChanged', data: { from: 'admin', to: 'user', reason: 'revoked', at: command.data.at } }];
      }
      case 'StartMfaEnrolment': {
        const a = existing(state);
        if (a.role === 'user') return refuse('FORBIDDEN', 'Two-factor sign-in is for administrators.', 403);
        if (a.mfa.status === 'enabled')
          return refuse('MFA_ALREADY_ENABLED', 'Two-factor sign-in is already on. The super admin can reset it.', 409);
        return [{ type: 'MfaEnrolmentStarted', data: command.data }];
      }
      case 'ConfirmMfa': {
        const a = existing(state);
        if (a.mfa.status !== 'pending') return refuse('MFA_NOT_PENDING', 'Start the two-factor set-up first.', 409);
        if (!command.data.codeMatches)
          return refuse('MFA_CODE_INVALID', MFA_CODE_INVALID_MESSAGE, 400, { field: 'code' });
        const { recoveryCodeHashes, step, at } = command.data;
        return [{ type: 'MfaEnabled', data: { recoveryCodeHashes, ...(step !== undefined ? { step } : {}), at } }];
      }
      case 'UseMfaCode': {
        const a = existing(state);
        const { step, at } = command.data;
        if (a.mfa.status !== 'enabled' || (a.mfa.lastStep !== undefined && step <= a.mfa.lastStep))
          return refuse('MFA_CODE_INVALID', MFA_CODE_INVALID_MESSAGE, 400, { field: 'code' });
        return [{ type: 'MfaCodeAccepted', data: { step, at } }];
      }
      case 'UseMfaRecoveryCode': {
        const a = existing(state);
        const { codeHash, at } = command.data;
        if (a.mfa.status !== 'enabled' || !a.mfa.recoveryCodeHashes.includes(codeHash))
          return refuse('MFA_CODE_INVALID', MFA_CODE_INVALID_MESSAGE, 400, { field: 'code' });
        return [{ type: 'MfaRecoveryCodeUsed', data: { codeHash, left: a.mfa.recoveryCodeHashes.length - 1, at } }];
      }
      case 'ResetMfa': {
        const a = existing(state);
        // The super admin resets a lost (or taken) second factor: the admin's API keys go with it.
        return a.mfa.status === 'none'
          ? []
          : [{ type: 'MfaReset', data: command.data }, ...revokeLiveKeys(a.apiKeys, 'mfa_reset', command.data.at)];
      }
      case 'CreateApiKey': {
        const a = existing(state);
        return [decideApiKeyCreation(a.planSlug, a.apiKeys, command.data)];
      }
      case 'RevokeApiKey':
        return decideApiKeyRevocation(existing(state).apiKeys, command.data);
      case 'EraseAccount': {
        if (state.status === 'exists' && state.account.erasedAt) return [];
        const a = existing(state);
        if (a.role === 'super_admin')
          return refuse('SUPER_ADMIN_PROTECTED', 'The super admin account cannot be erased.', 403);
        return [
          ...revokeLiveKeys(a.apiKeys, 'account_erased', command.data.at),
          { type: 'AccountErased', data: { at: command.data.at } },
        ];
      }
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
