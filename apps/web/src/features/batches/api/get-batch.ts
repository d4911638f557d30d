import type { BatchResponse } from '@inkprint/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Progress is read again every second while items are queued. */
export const BATCH_POLL_MS = 1000;

/** `GET /ai/batches/{id}`: each item queued, done (with its result) or failed (with why). */
export const getBatch = (id: string) => api.request<BatchResponse>(`/ai/batches/${encodeURIComponent(id)}`);

export const useBatch = (id: string | null) =>
  useQuery({
    queryKey: ['batches', id],
    queryFn: () => getBatch(id!),
    enabled: id !== null,
    refetchInterval: (query) => (query.state.data?.status === 'done' ? false : BATCH_POLL_MS),
  });
