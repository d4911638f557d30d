import type { ApiKeyList } from '@inkprint/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const API_KEYS_QUERY = ['api-keys'] as const;

/** `GET /auth/api-keys`: the signed-in account's keys, newest first (never the keys themselves). */
export const listApiKeys = () => api.request<ApiKeyList>('/auth/api-keys');

export const useApiKeys = (enabled: boolean) =>
  useQuery({ queryKey: API_KEYS_QUERY, queryFn: listApiKeys, enabled, refetchOnWindowFocus: false });
