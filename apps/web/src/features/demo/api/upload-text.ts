import type { UploadTextResponse } from '@inkprint/contracts';
import type { DetectionMode } from '@inkprint/contracts/ai/modes';
import { api } from '../../../lib/api-client';
import { timeoutError } from '../../../lib/api-error';
import { GUEST_RETRY } from '../../../lib/guest-retry';
import { guestSession } from '../../../lib/session-store';
import { withGuestId } from './guest-body';

type Action = 'detect' | 'humanise';

/**
 * `POST /ai/upload-text` with a file (multipart); the text comes back clipped to the plan's limit for `action`. A
 * form cannot re-read the guest id on the request layer's guest retry, so a refused guest is retried here once with
 * the new session.
 */
export async function uploadFile(input: { file: File; action: Action; mode?: DetectionMode }) {
  const send = () => {
    const form = new FormData();
    form.set('action', input.action);
    if (input.mode) form.set('mode', input.mode);
    const guest = guestSession.get();
    if (guest) form.set('guestId', guest.id);
    form.set('file', input.file, input.file.name);
    return api.request<UploadTextResponse>('/ai/upload-text', { method: 'POST', body: form, guest: true, retries: 0 });
  };
  const usedGuest = guestSession.get()?.id;
  try {
    return await send();
  } catch (error) {
    const code = (error as { code?: string }).code ?? '';
    if (code === 'CLIENT_TIMEOUT') throw timeoutError('Upload timed out');
    if ((GUEST_RETRY as readonly string[]).includes(code) && guestSession.get()?.id !== usedGuest) return send();
    throw error;
  }
}

/** `POST /ai/upload-text` with an https URL (JSON). */
export function importUrl(input: { url: string; action: Action; mode?: DetectionMode }) {
  return api.request<UploadTextResponse>('/ai/upload-text', {
    method: 'POST',
    body: withGuestId({ url: input.url, action: input.action, ...(input.mode ? { mode: input.mode } : {}) }),
    guest: true,
    retries: 0,
  });
}
