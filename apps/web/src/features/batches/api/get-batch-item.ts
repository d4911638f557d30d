import { BatchItemReport } from '@inkprint/contracts/ai/batch';
import { api } from '../../../lib/api-client';

/** `GET /ai/batches/{id}/items/{index}`: one checked file's result and text (48 h), for its report. */
export const getBatchItem = (id: string, index: number) =>
  api.request(`/ai/batches/${encodeURIComponent(id)}/items/${index}`, { schema: BatchItemReport, retries: 0 });
