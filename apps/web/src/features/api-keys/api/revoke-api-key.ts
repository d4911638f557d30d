import { ApiKey } from '@inkprint/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { API_KEYS_QUERY } from './list-api-keys';

/** `DELETE /auth/api-keys/{id}`: the key stops working at once; answers it as listed now. */
export const revokeApiKey = (id: string) =>
  api.request(`/auth/api-keys/${encodeURIComponent(id)}`, { schema: ApiKey, method: 'DELETE', retries: 0 });

export function useRevokeApiKey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: revokeApiKey,
    onSuccess: () => client.invalidateQueries({ queryKey: API_KEYS_QUERY }),
  });
}
