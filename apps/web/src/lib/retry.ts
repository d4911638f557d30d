/** Retry policy of the request layer (spec §4 "Retries", §9): 2 retries, exponential backoff from 450 ms. */
export const MAX_RETRIES = 2;
export const BACKOFF_BASE_MS = 450;
export const CLIENT_TIMEOUT_MS = 45_000;

/** Only transient failures are retried: timeouts, network failures and 502/503/504 answers. */
export function isRetryable(error: { status?: number; code?: string; message?: string } | null | undefined): boolean {
  if (!error) return false;
  if (error.code === 'CLIENT_TIMEOUT' || error.code === 'NETWORK_ERROR') return true;
  if (error.status === 502 || error.status === 503 || error.status === 504) return true;
  return /timeout|timed out|network|fetch|\b50[234]\b/i.test(error.message ?? '');
}

/** Delay before retry number `attempt` (1-based): 450 ms, 900 ms, 1800 ms, ... */
export function backoffDelay(attempt: number, base: number = BACKOFF_BASE_MS): number {
  return base * 2 ** Math.max(0, attempt - 1);
}
