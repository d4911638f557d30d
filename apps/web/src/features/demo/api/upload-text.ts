import { useMutation } from '@tanstack/react-query';
import { UploadTextResponse } from '@inkprint/contracts/ai/upload';
import type { DetectionMode } from '@inkprint/contracts/ai/modes';
import { api } from '../../../lib/api-client';
import { timeoutError } from '../../../lib/api-error';

type Action = 'detect' | 'humanise';

/**
 * `POST /ai/upload-text` with a file (multipart); the text comes back clipped to the plan's limit for `action`. The
 * guest identity goes in the request layer's headers, so its guest retry (a recreated session) works for the form too.
 */
export async function uploadFile(input: { file: File; action: Action; mode?: DetectionMode }) {
  const form = new FormData();
  form.set('action', input.action);
  if (input.mode) form.set('mode', input.mode);
  form.set('file', input.file, input.file.name);
  try {
    return await api.request('/ai/upload-text', {
      schema: UploadTextResponse,
      method: 'POST',
      body: form,
      guest: true,
      retries: 0,
    });
  } catch (error) {
    if ((error as { code?: string }).code === 'CLIENT_TIMEOUT') throw timeoutError('Upload timed out');
    throw error;
  }
}

/** `POST /ai/upload-text` with an https URL (JSON). */
export function importUrl(input: { url: string; action: Action; mode?: DetectionMode }) {
  return api.request('/ai/upload-text', {
    schema: UploadTextResponse,
    method: 'POST',
    body: { url: input.url, action: input.action, ...(input.mode ? { mode: input.mode } : {}) },
    guest: true,
    retries: 0,
  });
}

/** The two ways in as mutations (file, URL): the demo reads their pending state instead of keeping its own. */
export const useUploadFile = () => useMutation({ mutationFn: uploadFile });
export const useImportUrl = () => useMutation({ mutationFn: importUrl });
