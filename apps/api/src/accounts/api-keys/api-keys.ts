import { Inject, Injectable } from '@nestjs/common';
import { type Account } from '@inkprint/accounts-domain';
import type { ApiKey, ApiKeyList, CreateApiKeyRequest, CreatedApiKey } from '@inkprint/contracts';
import type { Actor } from '@inkprint/eventstore';
import type { ReadModelFreshness } from '@inkprint/projections';
import { getApiKeyUses, ReadModels } from '@inkprint/read-models';
import { IDS, type Ids } from '../../platform/ids';
import { READ_MODEL_FRESHNESS } from '../../platform/tokens';
import { AccountStreams } from '../shared/account-streams';
import { hashApiKey, mintApiKey } from './api-key-token';

/** What an account's API keys look like to their owner and to admins (never the key, never its hash). */
export function listedKeys(
  account: Account,
  uses: ReadonlyMap<string, { uses: number; lastUsedAt: Date }>,
): ApiKeyList {
  const apiKeys: ApiKey[] = [...(account.apiKeys ?? [])].reverse().map((key) => ({
    id: key.keyId,
    name: key.name,
    scopes: key.scopes,
    dailyCap: key.dailyCap,
    createdAt: key.createdAt,
    expiresAt: key.expiresAt ?? null,
    lastUsedAt: uses.get(key.keyId)?.lastUsedAt.toISOString() ?? null,
    uses: uses.get(key.keyId)?.uses ?? 0,
    revokedAt: key.revokedAt,
  }));
  return { apiKeys };
}

/**
 * Creating, listing and revoking an account's API keys (issue 29), for the owner (/auth/api-keys) and for admins
 * (/admin/users/{id}/api-keys). Keys are facts of the account's stream; last use and uses come from its timeline.
 */
@Injectable()
export class ApiKeys {
  constructor(
    private readonly accounts: AccountStreams,
    private readonly read: ReadModels,
    @Inject(IDS) private readonly ids: Ids,
    @Inject(READ_MODEL_FRESHNESS) private readonly freshness: ReadModelFreshness,
  ) {}

  async create(accountId: string, request: CreateApiKeyRequest, actor: Actor): Promise<CreatedApiKey> {
    const keyId = this.ids.secret(9);
    const key = mintApiKey(accountId, keyId, this.ids.secret(32));
    const at = this.accounts.nowIso();
    const name = request.name.trim();
    const scopes = request.scopes as CreatedApiKey['scopes'];
    const dailyCap = request.dailyCap ?? null;
    const expiresAt = request.expiresAt ? new Date(request.expiresAt).toISOString() : null;
    await this.accounts.run(
      accountId,
      { type: 'CreateApiKey', data: { keyId, name, scopes, dailyCap, expiresAt, secretHash: hashApiKey(key), at } },
      actor,
    );
    return { id: keyId, name, scopes, dailyCap, key, createdAt: at, expiresAt };
  }

  async list(accountId: string): Promise<ApiKeyList> {
    // Last use comes from the audit timeline: read it caught up with the log (bounded wait).
    await this.freshness.waitForHead(['audit_timeline']);
    const [account, uses] = await Promise.all([this.accounts.existing(accountId), getApiKeyUses(this.read, accountId)]);
    return listedKeys(account, uses);
  }

  /** Revokes a key (again: nothing changes) and answers it as listed now. */
  async revoke(accountId: string, keyId: string, by: 'owner' | 'admin', actor: Actor): Promise<ApiKey> {
    await this.accounts.run(accountId, (at) => ({ type: 'RevokeApiKey', data: { keyId, by, at } }), actor);
    return (await this.list(accountId)).apiKeys.find((key) => key.id === keyId)!;
  }
}
