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

  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  async authenticate(token: string, routeScopes: readonly ApiKeyScope[], now = Date.now()): Promise<SignedInAccount> {
    const parts = parseApiKey(token);
    if (!parts) throw invalid('malformed');
    const { state } = await loadState(this.store, accountStreamId(parts.accountId), accountDecider);
    // The one liveness rule (callerMayAct, shared with sessions and batch items); the key's secret is compared
    // before anything about the key is told.
    const verdict = callerMayAct(state, { apiKeyId: parts.keyId }, now);
    if (!verdict.account || (!verdict.ok && verdict.refusal === 'account_unavailable'))
      throw invalid('account_unavailable');
    const account = verdict.account;
    const key = (account.apiKeys ?? []).find((k) => k.keyId === parts.keyId);
    if (!key || !apiKeyMatches(token, key.secretHash)) throw invalid('unknown_key');
    if (!verdict.ok) {
      if (verdict.refusal === 'plan_without_keys')
        throw new DomainError('API_KEY_PLAN_REQUIRED', API_KEY_PLAN_REQUIRED_MESSAGE, 403, { plan: account.planSlug });
      throw invalid(
        verdict.refusal === 'key_expired' ? 'expired' : verdict.refusal === 'key_revoked' ? 'revoked' : 'unknown_key',
      );
    }
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
