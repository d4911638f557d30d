import type { AccountStatus, Role } from '@inkprint/contracts';
import { existing, ms, refuse, type Account, type AccountState, type At } from './state';
import type { AccountStatusChanged } from './status-and-plan';
import type { RoleChanged } from './admin-role';

/** OTP rules (spec §9): 6 digits, valid about 2 minutes, resend cooldown 120 s; we allow 5 wrong tries per code. */
export const OTP_TTL_MS = 2 * 60_000;
export const OTP_RESEND_COOLDOWN_MS = 120_000;
export const OTP_MAX_ATTEMPTS = 5;

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

/** The account's first event, from the command's identity and credentials, with the role and status it starts in. */
function registered(d: BootstrapSuperAdmin['data'], role: Role, status: AccountStatus): AccountRegistered {
  return {
    type: 'AccountRegistered',
    data: {
      accountId: d.accountId,
      email: d.email,
      name: d.name,
      passwordHash: d.passwordHash,
      role,
      status,
      at: d.at,
    },
  };
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

export function registerAccount(
  command: RegisterAccount,
  state: AccountState,
): (AccountRegistered | VerificationCodeSent)[] {
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
  return [registered(d, 'user', 'pending_verification'), sent];
}

export function bootstrapSuperAdmin(
  command: BootstrapSuperAdmin,
  state: AccountState,
): (AccountRegistered | RoleChanged | AccountStatusChanged)[] {
  const d = command.data;
  if (state.status === 'exists') {
    const a = state.account;
    const events: (RoleChanged | AccountStatusChanged)[] = [];
    if (a.role !== 'super_admin')
      events.push({
        type: 'RoleChanged',
        data: { from: a.role, to: 'super_admin', reason: 'bootstrap', at: d.at },
      });
    if (a.status !== 'active')
      events.push({ type: 'AccountStatusChanged', data: { from: a.status, to: 'active', at: d.at } });
    return events;
  }
  return [registered(d, 'super_admin', 'active')];
}

export function verifyEmail(command: VerifyEmail, state: AccountState): (VerificationCodeRejected | EmailVerified)[] {
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

export function resendVerificationCode(command: ResendVerificationCode, state: AccountState): VerificationCodeSent[] {
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
