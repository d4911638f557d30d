import type { ToastType } from '../../lib/toast-store';

/** Spec §8 "Demo": what a failed run, upload or URL import shows inline and as a toast. */
export type DemoAction = 'run' | 'upload' | 'url';
export interface DemoErrorView {
  inline: string;
  toast: { type: ToastType; title: string; message: string };
}

/** The demo's toasts stay 5.5 s (spec §4 "Toasts"); inline errors clear after 6 s (spec §8). */
export const DEMO_TOAST_TTL_MS = 5500;
export const INLINE_ERROR_MS = 6000;

interface ErrorLike {
  code?: unknown;
  message?: unknown;
  status?: unknown;
  details?: unknown;
}

const TOO_LARGE: Record<DemoAction, [string, string]> = {
  run: ['Remote File Too Large', 'The linked file exceeded size limits.'],
  upload: ['File Too Large', 'Selected file exceeds allowed size.'],
  url: ['Remote Too Large', 'Fetched document exceeds processing size.'],
};
const TIMEOUT: Record<DemoAction, [string, string]> = {
  run: ['Request Timeout', 'The request took too long and was cancelled.'],
  upload: ['Upload Timeout', 'File processing exceeded time limit.'],
  url: ['Fetch Timeout', 'Remote content retrieval timed out.'],
};
const KNOWN_TITLE: Record<DemoAction, string> = { run: 'Request Error', upload: 'Upload Error', url: 'Import Error' };
const UNKNOWN: Record<DemoAction, [string, string, string]> = {
  run: [
    'Request failed after retries. Please try again shortly.',
    'Network Error',
    'Temporary network issue. Retry soon.',
  ],
  upload: ['Failed to process file.', 'Upload Failed', 'Unexpected error during file processing.'],
  url: ['Unable to fetch URL content.', 'Import Failed', 'Unexpected error fetching URL.'],
};
/** Codes that are the client's or the transport's, not a known API error with its own message. */
const NOT_API = new Set(['NETWORK_ERROR']);

function maxOf(details: unknown): string {
  const max = (details as { max?: unknown } | null | undefined)?.max;
  return typeof max === 'number' ? max.toLocaleString('en-US') : typeof max === 'string' ? max : '';
}

export function demoErrorView(error: unknown, action: DemoAction): DemoErrorView {
  const e = (error && typeof error === 'object' ? error : {}) as ErrorLike;
  const code = typeof e.code === 'string' ? e.code : '';
  const message = typeof e.message === 'string' ? e.message : '';
  if (code === 'HUMANISER_CHAR_LIMIT') {
    const text = `Input exceeds ${maxOf(e.details)} chars. It was clipped.`;
    return { inline: text, toast: { type: 'warn', title: 'Humaniser Limit', message: text } };
  }
  if (code === 'DETECTOR_CHAR_LIMIT') {
    const text = `Maximum ${maxOf(e.details)} characters.`;
    return { inline: text, toast: { type: 'warn', title: 'Detector Limit', message: text } };
  }
  if (code === 'REMOTE_SIZE_EXCEEDED') {
    const [title, text] = TOO_LARGE[action];
    return { inline: text, toast: { type: 'error', title, message: text } };
  }
  if (code === 'CLIENT_TIMEOUT' || code === 'FETCH_TIMEOUT' || code === 'EXTRACTION_TIMEOUT') {
    const [title, text] = TIMEOUT[action];
    return { inline: text, toast: { type: 'error', title, message: text } };
  }
  const status = typeof e.status === 'number' ? e.status : 0;
  const known = code && !NOT_API.has(code) && !code.startsWith('HTTP_') && status > 0 && status < 500 && message;
  if (known) return { inline: message, toast: { type: 'error', title: KNOWN_TITLE[action], message } };
  const [inline, title, text] = UNKNOWN[action];
  return { inline, toast: { type: 'error', title, message: text } };
}
