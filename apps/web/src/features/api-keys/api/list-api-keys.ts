import { ApiKeyList } from '@inkprint/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const API_KEYS_QUERY = ['api-keys'] as const;

/** `GET /auth/api-keys`: the signed-in account's keys, newest first (never the keys themselves). */
export const listApiKeys = () => api.request('/auth/api-keys', { schema: ApiKeyList });

export const apiKeysQueryOptions = (enabled: boolean) =>
  queryOptions({ queryKey: API_KEYS_QUERY, queryFn: listApiKeys, enabled, refetchOnWindowFocus: false });

export const useApiKeys = (enabled: boolean) => useQuery(apiKeysQueryOptions(enabled));
