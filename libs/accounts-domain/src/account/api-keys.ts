import {
  decideApiKeyCreation,
  decideApiKeyRevocation,
  type ApiKeyCreated,
  type ApiKeyRevoked,
  type CreateApiKey,
  type RevokeApiKey,
} from '../api-key';
import { existing, type AccountState } from './state';

/** The key rules themselves are in `../api-key.ts`; these give them the account as it is. */
export function createApiKey(command: CreateApiKey, state: AccountState): ApiKeyCreated[] {
  const a = existing(state);
  return [decideApiKeyCreation(a.planSlug, a.apiKeys, command.data)];
}

export function revokeApiKey(command: RevokeApiKey, state: AccountState): ApiKeyRevoked[] {
  return decideApiKeyRevocation(existing(state).apiKeys, command.data);
}
