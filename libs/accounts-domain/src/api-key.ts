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
  /** Requests per tool per day (below the plan's limit); null: the plan's limit. */
  dailyCap: number | null;
  secretHash: string;
  createdAt: string;
  revokedAt: string | null;
}

type At = { at: string };
export type CreateApiKey = {
  type: 'CreateApiKey';
  data: { keyId: string; name: string; scopes: ApiKeyScope[]; dailyCap: number | null; secretHash: string } & At;
};
/** `by`: the owner (DELETE /auth/api-keys/{id}) or an admin (DELETE /admin/users/{id}/api-keys/{keyId}). */
export type RevokeApiKey = { type: 'RevokeApiKey'; data: { keyId: string; by: 'owner' | 'admin' } & At };

export type ApiKeyCreated = {
  type: 'ApiKeyCreated';
  data: { keyId: string; name: string; scopes: ApiKeyScope[]; dailyCap: number | null; secretHash: string } & At;
};
export type ApiKeyRevoked = { type: 'ApiKeyRevoked'; data: { keyId: string; by: 'owner' | 'admin' } & At };

/** Whether an account on `planSlug` may hold and use API keys. */
export const planAllowsApiKeys = (planSlug: PlanSlug | null): boolean =>
  planSlug !== null && API_KEY_PLANS.includes(planSlug);

export const apiKeyNotFound = () => new DomainError('API_KEY_NOT_FOUND', 'This API key does not exist.', 404);

/** The rules of a new key: a paying plan, a free place, a unique name among live keys, a cap below the plan's. */
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
  if (command.dailyCap !== null && limit !== null && command.dailyCap >= limit) {
    const message = `The daily cap must be below your plan's daily limit of ${limit} requests.`;
    throw new DomainError('VALIDATION_ERROR', message, 400, { fields: { dailyCap: [message] }, max: limit - 1 });
  }
  return { type: 'ApiKeyCreated', data: command };
}

export function decideApiKeyRevocation(keys: readonly ApiKeyRecord[], command: RevokeApiKey['data']): ApiKeyRevoked[] {
  const key = keys.find((k) => k.keyId === command.keyId);
  if (!key) throw apiKeyNotFound();
  return key.revokedAt ? [] : [{ type: 'ApiKeyRevoked', data: command }];
}

export function evolveApiKeys(keys: readonly ApiKeyRecord[], event: ApiKeyCreated | ApiKeyRevoked): ApiKeyRecord[] {
  if (event.type === 'ApiKeyCreated') {
    const { at, ...key } = event.data;
    return [...keys, { ...key, createdAt: at, revokedAt: null }];
  }
  return keys.map((key) => (key.keyId === event.data.keyId ? { ...key, revokedAt: event.data.at } : key));
}
