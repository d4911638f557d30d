import type { DetectionMode } from '@inkprint/contracts/ai/modes';
import { BatchResponse } from '@inkprint/contracts/ai/batch';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** `POST /ai/batches?mode=` with files (multipart `files`) or pasted texts (`{texts}`): every item queued (202). */
export function submitBatch({ files, texts, mode }: { files?: File[]; texts?: string[]; mode: DetectionMode }) {
  let body: FormData | { texts: string[] } = { texts: texts ?? [] };
  if (files?.length) {
    const form = new FormData();
    for (const file of files) form.append('files', file, file.name);
    body = form;
  }
  return api.request('/ai/batches', { schema: BatchResponse, method: 'POST', body, query: { mode }, retries: 0 });
}

export const useSubmitBatch = () => useMutation({ mutationFn: submitBatch });
