import type { BatchItemReport } from '@inkprint/contracts';
import { api } from '../../../lib/api-client';

/** `GET /ai/batches/{id}/items/{index}`: one checked file's result and text (48 h), for its report. */
export const getBatchItem = (id: string, index: number) =>
  api.request<BatchItemReport>(`/ai/batches/${encodeURIComponent(id)}/items/${index}`, { retries: 0 });
