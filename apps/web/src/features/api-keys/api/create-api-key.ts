import { CreatedApiKey, type CreateApiKeyRequest } from '@inkprint/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { API_KEYS_QUERY } from './list-api-keys';

/** `POST /auth/api-keys {name, scopes, dailyCap?}`: the only answer that carries the key. */
export const createApiKey = (body: CreateApiKeyRequest) =>
  api.request('/auth/api-keys', { schema: CreatedApiKey, method: 'POST', body, retries: 0 });

export function useCreateApiKey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createApiKey,
    onSuccess: () => client.invalidateQueries({ queryKey: API_KEYS_QUERY }),
  });
}
