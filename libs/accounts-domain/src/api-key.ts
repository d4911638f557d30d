import { DomainError } from '@inkprint/domain-kernel';
import {
  accountPlan,
  API_KEY_PLAN_REQUIRED_MESSAGE,
  API_KEY_PLANS,
  API_KEYS_PER_ACCOUNT,
  type ApiKeyScope,
  type PlanSlug,
} from '@inkprint/contracts';

/**
 * API keys live on their account's stream (issue 29): creating and revoking one are facts of the account's history,
 * like a sign-in. The key itself never enters an event: only its SHA-256 (`secretHash`), which the API compares.
 */
export interface ApiKeyRecord {
  keyId: string;
  name: string;
  scopes: ApiKeyScope[];
  /** Requests per tool per day (up to the plan's limit); null: the plan's limit. */
  dailyCap: number | null;
  secretHash: string;
  createdAt: string;
  /** After this instant the key is refused (issue 39 item 6); null: it does not expire. */
  expiresAt: string | null;
  revokedAt: string | null;
}

type At = { at: string };
type NewKey = {
  keyId: string;
  name: string;
  scopes: ApiKeyScope[];
  dailyCap: number | null;
  secretHash: string;
  /** Optional expiry (absent in keys created before issue 39). */
  expiresAt?: string | null;
};
export type CreateApiKey = { type: 'CreateApiKey'; data: NewKey & At };
/** `by`: the owner (DELETE /auth/api-keys/{id}) or an admin (DELETE /admin/users/{id}/api-keys/{keyId}). */
export type RevokeApiKey = { type: 'RevokeApiKey'; data: { keyId: string; by: 'owner' | 'admin' } & At };

export type ApiKeyCreated = { type: 'ApiKeyCreated'; data: NewKey & At };
/**
 * What ended a key besides its owner or an admin revoking it (issue 39 item 6): a password reset, a disable, an
 * erasure, or the super admin resetting an admin's second factor revokes every live key of the account, in the
 * same append (`by: 'system'`). Keys come back only by creating new ones.
 */
export type ApiKeyRevocationReason = 'password_reset' | 'account_disabled' | 'account_erased' | 'mfa_reset';
export type ApiKeyRevoked = {
  type: 'ApiKeyRevoked';
  data: { keyId: string; by: 'owner' | 'admin' | 'system'; reason?: ApiKeyRevocationReason } & At;
};

/** Whether an account on `planSlug` may hold and use API keys. */
export const planAllowsApiKeys = (planSlug: PlanSlug | null): boolean =>
  planSlug !== null && API_KEY_PLANS.includes(planSlug);

export const apiKeyNotFound = () => new DomainError('API_KEY_NOT_FOUND', 'This API key does not exist.', 404);

/** The rules of a new key: a paying plan, a free place, a unique name among live keys, a cap no higher than the plan's. */
export function decideApiKeyCreation(
  planSlug: PlanSlug | null,
  keys: readonly ApiKeyRecord[],
  command: CreateApiKey['data'],
): ApiKeyCreated {
  if (!planAllowsApiKeys(planSlug))
    throw new DomainError('API_KEY_PLAN_REQUIRED', API_KEY_PLAN_REQUIRED_MESSAGE, 403, {
      plans: ['basic', 'pro', 'enterprise'],
    });
  const live = keys.filter((key) => !key.revokedAt);
  if (live.length >= API_KEYS_PER_ACCOUNT)
    throw new DomainError(
      'API_KEY_LIMIT',
      `You already have ${API_KEYS_PER_ACCOUNT} API keys. Revoke one before creating another.`,
      409,
      { max: API_KEYS_PER_ACCOUNT },
    );
  if (live.some((key) => key.name.toLowerCase() === command.name.toLowerCase()))
    throw new DomainError('VALIDATION_ERROR', 'You already have a key with this name.', 400, {
      fields: { name: ['You already have a key with this name.'] },
    });
  const limit = accountPlan(planSlug).dailyLimit;
  if (command.dailyCap !== null && limit !== null && command.dailyCap > limit) {
    const message = `The daily cap must be at most your plan's daily limit of ${limit} requests.`;
    throw new DomainError('VALIDATION_ERROR', message, 400, { fields: { dailyCap: [message] }, max: limit });
  }
  if (command.expiresAt && !(Date.parse(command.expiresAt) > Date.parse(command.at))) {
    const message = 'The expiry must be in the future.';
    throw new DomainError('VALIDATION_ERROR', message, 400, { fields: { expiresAt: [message] } });
  }
  return { type: 'ApiKeyCreated', data: command };
}

export function decideApiKeyRevocation(keys: readonly ApiKeyRecord[], command: RevokeApiKey['data']): ApiKeyRevoked[] {
  const key = keys.find((k) => k.keyId === command.keyId);
  if (!key) throw apiKeyNotFound();
  return key.revokedAt ? [] : [{ type: 'ApiKeyRevoked', data: command }];
}

/** Revokes every live key (a password reset, a disable, an erasure, an MFA reset: see ApiKeyRevocationReason). */
export function revokeLiveKeys(
  keys: readonly ApiKeyRecord[] | undefined,
  reason: ApiKeyRevocationReason,
  at: string,
): ApiKeyRevoked[] {
  return (keys ?? [])
    .filter((key) => !key.revokedAt)
    .map((key) => ({ type: 'ApiKeyRevoked', data: { keyId: key.keyId, by: 'system', reason, at } }));
}

/** Whether a key may be used at `now`: not revoked, not past its expiry. */
export function apiKeyLive(key: ApiKeyRecord, now: number): boolean {
  return !key.revokedAt && !(key.expiresAt && Date.parse(key.expiresAt) <= now);
}

export function evolveApiKeys(keys: readonly ApiKeyRecord[], event: ApiKeyCreated | ApiKeyRevoked): ApiKeyRecord[] {
  if (event.type === 'ApiKeyCreated') {
    const { at, expiresAt, ...key } = event.data;
    return [...keys, { ...key, createdAt: at, expiresAt: expiresAt ?? null, revokedAt: null }];
  }
  return keys.map((key) => (key.keyId === event.data.keyId ? { ...key, revokedAt: event.data.at } : key));
}
