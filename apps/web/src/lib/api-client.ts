import {
  INVALID_ANSWER_CODE,
  INVALID_ANSWER_MESSAGE,
  isRefreshAnswer,
  refreshOnce,
  withRefreshedTokens,
  type AnswerSchema,
} from '@inkprint/browser-client';
import type { GuestSessionResponse, RefreshResponse } from '@inkprint/contracts';
import { env } from '../config/env';
import { ApiError, networkError, timeoutError } from './api-error';
import { backoffDelay, CLIENT_TIMEOUT_MS, isRetryable, MAX_RETRIES } from './retry';
import { GUEST_RETRY } from './guest-retry';
import { guestSession, userSession } from './session-store';
import { showToast, TOAST_SUCCESS_TTL_MS } from './toast-store';

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: Record<string, string | number | undefined | null>;
  headers?: Record<string, string>;
  /** Send the guest id and token when no user is signed in (guest-scoped endpoints). */
  guest?: boolean;
  /** Show the generic 'Success' / 'Request Error' toasts (spec §8 "Generic request layer"). */
  notify?: boolean;
  timeoutMs?: number;
  retries?: number;
  signal?: AbortSignal;
}

export { INVALID_ANSWER_MESSAGE, type AnswerSchema };

/**
 * A schema loaded on first use (`() => import(...)`): the calls of the initial bundle (session, plan limits) keep zod
 * out of it this way. The load starts with the request and is awaited once the answer is in.
 */
export type LazyAnswerSchema<T> = () => Promise<AnswerSchema<T>>;

/** Options of a call whose answer is parsed with its contract's schema. */
export interface ParsedRequestOptions<T> extends RequestOptions {
  schema: AnswerSchema<T> | LazyAnswerSchema<T>;
}

/** A 2xx answer that is not what the contract says: not retried (the same server would answer the same). */
export const invalidAnswerError = (status: number) => new ApiError(INVALID_ANSWER_MESSAGE, status, INVALID_ANSWER_CODE);
/** Whether a call failed because its answer did not match the contract's schema. */
export const isInvalidAnswer = (error: unknown): boolean =>
  error instanceof ApiError && error.code === INVALID_ANSWER_CODE;

export interface ApiClientDeps {
  baseUrl: string;
  fetch: typeof fetch;
  sleep: (ms: number) => Promise<void>;
}

const NO_REFRESH = ['/auth/refresh', '/auth/login', '/auth/verify-otp', '/auth/register', '/auth/logout'];
const guestRetryCodes = new Set<string>(GUEST_RETRY);

/** One API call, without retries: timeout, JSON in and out, errors as ApiError. */
async function send<T>(
  deps: ApiClientDeps,
  path: string,
  options: RequestOptions & Partial<ParsedRequestOptions<T>>,
): Promise<T> {
  const schema = typeof options.schema === 'function' ? options.schema() : options.schema;
  // A lazy schema that fails to load is awaited (and so reported) only after the answer.
  if (schema instanceof Promise) schema.catch(() => undefined);
  const url = new URL(deps.baseUrl + path, window.location.origin);
  for (const [key, value] of Object.entries(options.query ?? {})) {
    if (value !== undefined && value !== null && value !== '') url.searchParams.set(key, String(value));
  }
  const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
  const user = userSession.get();
  const guest = guestSession.get();
  if (user) headers.authorization = `Bearer ${user.tokens.accessToken}`;
  else if (options.guest && guest) {
    // The guest identity travels one way, in two headers read at each attempt: a retry after the guest session was
    // recreated carries the new one, whatever the body (JSON or a form).
    headers['x-guest-id'] = guest.id;
    headers['x-guest-token'] = guest.token;
  }
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) body = options.body;
  else if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  const controller = new AbortController();
  const timeout = setTimeout(() => controller.abort('timeout'), options.timeoutMs ?? CLIENT_TIMEOUT_MS);
  options.signal?.addEventListener('abort', () => controller.abort(options.signal?.reason));
  let response: Response;
  try {
    response = await deps.fetch(url.toString(), {
      method: options.method ?? 'GET',
      headers,
      body,
      credentials: 'include',
      signal: controller.signal,
    });
  } catch (error) {
    if (controller.signal.aborted && controller.signal.reason === 'timeout') throw timeoutError();
    if (options.signal?.aborted) throw error;
    throw networkError();
  } finally {
    clearTimeout(timeout);
  }
  const text = await response.text().catch(() => '');
  let parsed: unknown = undefined;
  if (text) {
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = text;
    }
  }
  if (!response.ok) throw ApiError.fromBody(parsed, response.status);
  if (!schema) return parsed as T;
  const answer = (await schema).safeParse(parsed);
  if (!answer.success) throw invalidAnswerError(response.status);
  return answer.data;
}

/** The request layer of spec §4/§7/§8: timeout, retries, one refresh on 401, one guest retry, toasts. */
export function createApiClient(deps: ApiClientDeps) {
  let creatingGuest: Promise<void> | null = null;

  /**
   * Spec §5: refresh needs a refreshToken and the answer must carry accessToken; a failure clears the session. One
   * refresh at a time (refreshOnce): 401s that arrive together share it.
   */
  const refreshSession = refreshOnce(async () => {
    const session = userSession.get();
    if (!session?.tokens.refreshToken) return false;
    try {
      const answer = await send<RefreshResponse>(deps, '/auth/refresh', {
        method: 'POST',
        body: { refreshToken: session.tokens.refreshToken },
      });
      if (!isRefreshAnswer(answer)) throw new ApiError('Refresh failed', 401, 'SESSION_EXPIRED');
      userSession.set((current) => (current ? withRefreshedTokens(current, answer) : current));
      return true;
    } catch {
      userSession.set(null);
      return false;
    }
  });

  function createGuestSession(): Promise<void> {
    creatingGuest ??= send<GuestSessionResponse>(deps, '/auth/guest/session', { method: 'POST' })
      .then((answer) => guestSession.set({ id: answer.guestId, token: answer.token, usage: answer.summary }))
      .finally(() => {
        creatingGuest = null;
      });
    return creatingGuest;
  }

  async function attempt<T>(path: string, options: RequestOptions & Partial<ParsedRequestOptions<T>>): Promise<T> {
    let refreshed = false;
    let guestRetried = false;
    for (;;) {
      try {
        return await send<T>(deps, path, options);
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        const signedIn = userSession.get() !== null;
        if (error.status === 401 && signedIn && !refreshed && !NO_REFRESH.includes(path)) {
          refreshed = true;
          if (await refreshSession()) continue;
          if (!options.guest) throw error;
        }
        if (options.guest && !guestRetried && !userSession.get() && guestRetryCodes.has(error.code)) {
          guestRetried = true;
          await createGuestSession();
          continue;
        }
        throw error;
      }
    }
  }

  /**
   * One call through the whole request layer. With `schema` the answer is parsed with the contract's schema (and
   * typed by it); without, the answer is `unknown` for the caller to check (no type cast).
   */
  function request<T>(path: string, options: ParsedRequestOptions<T>): Promise<T>;
  function request(path: string, options?: RequestOptions): Promise<unknown>;
  async function request<T>(path: string, options: RequestOptions & Partial<ParsedRequestOptions<T>> = {}): Promise<T> {
    const retries = options.retries ?? MAX_RETRIES;
    const method = options.method ?? 'GET';
    for (let attemptNo = 0; ; attemptNo++) {
      try {
        const answer = await attempt<T>(path, options);
        if (options.notify && method !== 'GET') {
          const message = (answer as { message?: unknown } | undefined)?.message;
          showToast({
            type: 'success',
            title: 'Success',
            message: typeof message === 'string' && message ? message : 'Request completed successfully',
            ttlMs: TOAST_SUCCESS_TTL_MS,
          });
        }
        return answer;
      } catch (error) {
        if (attemptNo < retries && isRetryable(error as ApiError) && !options.signal?.aborted) {
          await deps.sleep(backoffDelay(attemptNo + 1));
          continue;
        }
        if (options.notify) {
          showToast({ type: 'error', title: 'Request Error', message: errorText(error) });
        }
        throw error;
      }
    }
  }

  return { request, refreshSession, createGuestSession };
}

function errorText(error: unknown): string {
  return error instanceof Error && error.message ? error.message : 'Request failed';
}

export type ApiClient = ReturnType<typeof createApiClient>;

export const api: ApiClient = createApiClient({
  baseUrl: env.apiBase,
  fetch: (...args) => window.fetch(...args),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
});
