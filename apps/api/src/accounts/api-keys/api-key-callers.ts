import { Inject, Injectable, SetMetadata } from '@nestjs/common';
import { accountDecider, accountStreamId, callerMayAct } from '@inkprint/accounts-domain';
import { API_KEY_PLAN_REQUIRED_MESSAGE, type ApiKeyScope } from '@inkprint/contracts';
import { DomainError } from '@inkprint/domain-kernel';
import { loadState, type EventStore } from '@inkprint/eventstore';
import { SlidingWindow } from '../../http/sliding-window';
import { EVENT_STORE } from '../../platform/tokens';
import type { SignedInAccount } from '../auth/current-account';
import { apiKeyMatches, parseApiKey } from './api-key-token';

/** Requests one key may send per minute (per API process, like the other sliding-window limits). */
export const API_KEY_REQUESTS_PER_MINUTE = 60;
/** Bad keys one client address may send per minute before it is answered 429 (issue 39 item 7). */
export const BAD_API_KEYS_PER_MINUTE = 30;

const API_KEY_SCOPES_KEY = 'inkprint:api-key-scopes';
/** The scopes that let an API key call a route (any one of them); a route without it refuses keys. */
export const ApiKeyScopes = (...scopes: ApiKeyScope[]) => SetMetadata(API_KEY_SCOPES_KEY, scopes);
export { API_KEY_SCOPES_KEY };

const WHAT: Record<ApiKeyScope, string> = {
  detect: 'run detections',
  humanise: 'humanise text',
  reports: 'share reports',
};

const invalid = (reason: string) =>
  new DomainError(
    'API_KEY_INVALID',
    'This API key is not valid. Check it, or create a new one on your account page.',
    401,
    {
      reason,
    },
  );

/**
 * Who an `Authorization: Bearer ink_…` request is (issue 29): the key's account, loaded from its stream like a
 * session's (a disabled account, a revoked key or a plan without keys is refused at once), with the key's scopes
 * checked against the route's and its per-minute rate. The key is compared by hash and never logged or kept.
 */
@Injectable()
export class ApiKeyCallers {
  private readonly window = new SlidingWindow(60_000);

  /** Bad keys (malformed, unknown, wrong secret) per client address. */
  private readonly failures = new SlidingWindow(60_000);

  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  /** A bad key: 401, or 429 once the address sent more than BAD_API_KEYS_PER_MINUTE of them in a minute. */
  private failed(reason: string, address: string | undefined, now: number): DomainError {
    if (!address) return invalid(reason);
    const taken = this.failures.take([{ key: address, limit: BAD_API_KEYS_PER_MINUTE }], now);
    if (taken.ok) return invalid(reason);
    return new DomainError(
      'TOO_MANY_REQUESTS',
      `Too many invalid API keys from this address. Try again in ${taken.retryAfterSeconds} seconds.`,
      429,
      { retryAfterSeconds: taken.retryAfterSeconds },
    );
  }

  async authenticate(
    token: string,
    routeScopes: readonly ApiKeyScope[],
    now = Date.now(),
    address?: string,
  ): Promise<SignedInAccount> {
    const parts = parseApiKey(token);
    if (!parts) throw this.failed('malformed', address, now);
    const { state } = await loadState(this.store, accountStreamId(parts.accountId), accountDecider);
    // The secret first (issue 39 item 7): an unknown account, an unknown key and a wrong secret answer alike, and
    // count against the address's allowance of bad keys; only the key's holder learns more.
    const known = state.status === 'exists' ? (state.account.apiKeys ?? []).find((k) => k.keyId === parts.keyId) : null;
    if (!known || !apiKeyMatches(token, known.secretHash)) throw this.failed('unknown_key', address, now);
    // The one liveness rule (callerMayAct, shared with sessions and batch items).
    const verdict = callerMayAct(state, { apiKeyId: parts.keyId }, now);
    if (!verdict.ok) {
      if (verdict.refusal === 'plan_without_keys')
        throw new DomainError('API_KEY_PLAN_REQUIRED', API_KEY_PLAN_REQUIRED_MESSAGE, 403, {
          plan: verdict.account?.planSlug ?? null,
        });
      throw invalid(
        verdict.refusal === 'key_expired'
          ? 'expired'
          : verdict.refusal === 'key_revoked'
            ? 'revoked'
            : verdict.refusal === 'account_unavailable'
              ? 'account_unavailable'
              : 'unknown_key',
      );
    }
    const account = verdict.account;
    const key = known;
    if (routeScopes.length === 0)
      throw new DomainError(
        'API_KEY_SCOPE_MISSING',
        'API keys work on the AI routes only (detect, humanise, reports).',
        403,
        {
          required: [],
          granted: key.scopes,
        },
      );
    if (!routeScopes.some((scope) => key.scopes.includes(scope))) {
      throw new DomainError(
        'API_KEY_SCOPE_MISSING',
        `This API key cannot ${WHAT[routeScopes[0]]}. Create a key with the ${routeScopes.join(' or ')} scope.`,
        403,
        { required: routeScopes, granted: key.scopes },
      );
    }
    const taken = this.window.take([{ key: key.keyId, limit: API_KEY_REQUESTS_PER_MINUTE }], now);
    if (!taken.ok) {
      throw new DomainError(
        'API_KEY_RATE_LIMITED',
        `This API key sent more than ${API_KEY_REQUESTS_PER_MINUTE} requests in a minute. Try again in ${taken.retryAfterSeconds} seconds.`,
        429,
        { retryAfterSeconds: taken.retryAfterSeconds, apiKeyId: key.keyId },
      );
    }
    return {
      accountId: account.accountId,
      email: account.email,
      name: account.name,
      role: account.role,
      sessionId: `api-key:${key.keyId}`,
      planSlug: account.planSlug ?? null,
      mfa: { enrolled: account.mfa.status === 'enabled', verified: false },
      apiKey: { id: key.keyId, scopes: key.scopes, dailyCap: key.dailyCap },
    };
  }
}
