import type { Account, AccountState } from './account';
import { sessionStillValid } from './account';
import { planAllowsApiKeys, type ApiKeyRecord } from './api-key';

/**
 * May this caller act now? The one liveness rule (issue 39 item 2, issue 41) that a session's request (AuthGuard), an
 * API key's request (ApiKeyCallers) and each item of a batch (BatchRuns, before it runs and is charged) all ask,
 * against the account as it is now:
 *
 * - the account exists, is active and was not erased;
 * - what the caller acts with started after the account's last password reset, disable or erasure
 *   (`Account.sessionsValidFrom`): a session, or a batch (which acts from its submission on);
 * - a session is still open (not signed out, not ended by a refresh-token reuse);
 * - an API key is the account's, not revoked, not past its expiry, and the account's plan still includes keys.
 *
 * The plan and the day's quota are what the account has now (the caller's plan is read from `account`), so a
 * downgrade takes effect on the next request or batch item.
 */
export interface CallerCredential {
  /** When the session, or the batch acting for its caller, started. */
  startedAt?: string;
  /** A session's stream: open (`active`) and the account's. */
  session?: { open: boolean };
  /** The API key the caller acts with. */
  apiKeyId?: string;
}

export type CallerRefusal =
  'account_unavailable' | 'session_ended' | 'key_unknown' | 'key_revoked' | 'key_expired' | 'plan_without_keys';

export type CallerVerdict =
  | { ok: true; account: Account; key: ApiKeyRecord | null }
  | { ok: false; refusal: CallerRefusal; account: Account | null };

export function callerMayAct(state: AccountState, credential: CallerCredential, now: number): CallerVerdict {
  if (state.status === 'none') return { ok: false, refusal: 'account_unavailable', account: null };
  const account = state.account;
  const refuse = (refusal: CallerRefusal): CallerVerdict => ({ ok: false, refusal, account });
  if (account.erasedAt || account.status !== 'active') return refuse('account_unavailable');
  if (credential.session && !credential.session.open) return refuse('session_ended');
  if (credential.startedAt !== undefined && !sessionStillValid(account, credential.startedAt))
    return refuse('session_ended');
  if (credential.apiKeyId === undefined) return { ok: true, account, key: null };
  const key = (account.apiKeys ?? []).find((k) => k.keyId === credential.apiKeyId);
  if (!key) return refuse('key_unknown');
  if (key.revokedAt) return refuse('key_revoked');
  if (key.expiresAt && Date.parse(key.expiresAt) <= now) return refuse('key_expired');
  if (!planAllowsApiKeys(account.planSlug)) return refuse('plan_without_keys');
  return { ok: true, account, key };
}
