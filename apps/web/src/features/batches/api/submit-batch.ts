import type { BatchResponse, DetectionMode } from '@inkprint/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** `POST /ai/batches?mode=` with the files as multipart `files`: every item queued (202). */
export function submitBatch({ files, mode }: { files: File[]; mode: DetectionMode }) {
  const form = new FormData();
  for (const file of files) form.append('files', file, file.name);
  return api.request<BatchResponse>('/ai/batches', { method: 'POST', body: form, query: { mode }, retries: 0 });
}

export const useSubmitBatch = () => useMutation({ mutationFn: submitBatch });
