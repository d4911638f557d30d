import { DomainError } from '@inkprint/domain-kernel';
import type { AccountStatus, PlanSlug, Role } from '@inkprint/contracts';
import type { ApiKeyRecord } from '../api-key';

/** One account: stream `account-<accountId>`. Secrets arrive hashed; the decider only compares hashes. */

export type At = { at: string };

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

export const refuse = (code: string, message: string, status: number, details: Record<string, unknown> = {}): never => {
  throw new DomainError(code, message, status, details);
};

export const ms = (iso: string) => Date.parse(iso);

/** The account a command acts on: one that was never registered, or was erased, is not found. */
export function existing(state: AccountState): Account {
  if (state.status === 'none' || state.account.erasedAt) return refuse('ACCOUNT_NOT_FOUND', 'Account not found.', 404);
  return state.account;
}

/** True when a session started at `startedAt` still counts for the account (see Account.sessionsValidFrom). */
export function sessionStillValid(account: Account, startedAt: string): boolean {
  return (
    account.status !== 'disabled' &&
    !account.erasedAt &&
    (!account.sessionsValidFrom || ms(startedAt) >= ms(account.sessionsValidFrom))
  );
}
