import { BatchResponse } from '@inkprint/contracts/ai/batch';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Progress is read again every second while items are queued. */
export const BATCH_POLL_MS = 1000;

/** `GET /ai/batches/{id}`: each item queued, done (with its result) or failed (with why). */
export const getBatch = (id: string) => api.request(`/ai/batches/${encodeURIComponent(id)}`, { schema: BatchResponse });

export const useBatch = (id: string | null) =>
  useQuery({
    queryKey: ['batches', id],
    queryFn: () => getBatch(id!),
    enabled: id !== null,
    // Until every item is settled; not after an error (a batch that is not the caller's, or gone).
    refetchInterval: (query) =>
      query.state.data?.status === 'done' || query.state.status === 'error' ? false : BATCH_POLL_MS,
  });
