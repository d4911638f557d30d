import { BatchList } from '@inkprint/contracts/ai/batch';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const RECENT_BATCHES = 10;
export const BATCHES_QUERY = ['batch-list'] as const;

/** `GET /ai/batches?limit=`: the signed-in caller's own batches, newest first, with their counts. */
export const listBatches = (limit = RECENT_BATCHES) =>
  api.request('/ai/batches', { schema: BatchList, query: { limit: String(limit) } });

export const useRecentBatches = (enabled: boolean) =>
  useQuery({ queryKey: BATCHES_QUERY, queryFn: () => listBatches(), enabled });
