import { backoffDelay, isRetryable, MAX_RETRIES } from './retry';

describe('retry predicate (spec §4 "Retries")', () => {
  it.each([
    [{ status: 408, code: 'CLIENT_TIMEOUT', message: 'Request timed out' }, true],
    [{ status: 0, code: 'NETWORK_ERROR', message: 'Network Error: Network request failed' }, true],
    [{ status: 502, code: 'JOB_FAILED', message: 'x' }, true],
    [{ status: 503, code: 'SERVICE_UNAVAILABLE', message: 'x' }, true],
    [{ status: 504, code: 'JOB_TIMEOUT', message: 'x' }, true],
    [{ message: 'Failed to fetch' }, true],
    [{ status: 500, code: 'INTERNAL_ERROR', message: 'An unexpected error occurred.' }, false],
    [{ status: 400, code: 'VALIDATION_ERROR', message: 'Email is required.' }, false],
    [{ status: 401, code: 'AUTH_REQUIRED', message: 'Sign in' }, false],
    [{ status: 429, code: 'DAILY_LIMIT_REACHED', message: 'Limit' }, false],
  ])('%j -> %s', (error, expected) => {
    expect(isRetryable(error)).toBe(expected);
  });
  it('ignores missing errors', () => expect(isRetryable(undefined)).toBe(false));
});

describe('backoff', () => {
  it('doubles from 450 ms, for at most 2 retries', () => {
    expect(MAX_RETRIES).toBe(2);
    expect([1, 2, 3].map((n) => backoffDelay(n))).toEqual([450, 900, 1800]);
  });
});
