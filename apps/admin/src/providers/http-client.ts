import {
  INVALID_ANSWER_CODE,
  INVALID_ANSWER_MESSAGE,
  isRefreshAnswer,
  parseAnswer,
  refreshOnce,
  type AnswerSchema,
} from '@inkprint/browser-client';
import type { ApiErrorBody } from '@inkprint/contracts';
import { HttpError } from 'ra-core';
import { clearSession, readSession, writeTokens, type SessionStorage } from './session';

export const NETWORK_FAILED = 'Network request failed';
export const REQUEST_FAILED = 'Request failed';

export interface ApiRequest {
  method?: 'GET' | 'POST';
  /** Query parameters; undefined and '' values are left out. */
  query?: Record<string, string | number | undefined>;
  body?: unknown;
  /** Send the stored bearer token (and refresh it once on 401). Default true. */
  auth?: boolean;
}

/** A call's options with its contract's schema: every answer is parsed with it (and typed by it). */
export interface ParsedApiRequest<T> extends ApiRequest {
  schema: AnswerSchema<T>;
}

export interface ApiClient {
  request<T>(path: string, init: ParsedApiRequest<T>): Promise<T>;
}

export interface ApiClientOptions {
  /** `http://host:port` of the API (the page origin by default, see app/config.ts). */
  apiOrigin: string;
  storage: SessionStorage;
  fetch?: typeof fetch;
  /** Called once the session is gone (refresh failed): the app sends the browser to sign-in. */
  onSignedOut?: () => void;
}

/** The first field message of a VALIDATION_ERROR (spec §5), else the error's own message. */
export function apiErrorMessage(body: Partial<ApiErrorBody> | undefined, fallback: string): string {
  const fields = body?.details?.fields as Record<string, string[] | undefined> | undefined;
  if (body?.code === 'VALIDATION_ERROR' && fields) {
    const first = Object.values(fields).find((messages) => messages && messages.length > 0);
    if (first) return first[0];
  }
  return typeof body?.message === 'string' && body.message ? body.message : fallback;
}

function toHttpError(status: number, body: unknown): HttpError {
  const apiBody = body && typeof body === 'object' ? (body as Partial<ApiErrorBody>) : undefined;
  return new HttpError(apiErrorMessage(apiBody, REQUEST_FAILED), status, apiBody ?? {});
}

/** The API error code an HttpError carries (`body.code`), if any. */
export function errorCode(error: unknown): string | undefined {
  const body = (error as { body?: { code?: unknown } } | undefined)?.body;
  return typeof body?.code === 'string' ? body.code : undefined;
}

/**
 * JSON over fetch with the shared session's bearer token. A 401 refreshes the token once (concurrent 401s share one
 * refresh) and retries; if the refresh fails the session is cleared and `onSignedOut` runs. Every failure becomes a
 * react-admin HttpError whose message is the API's (spec §8) and whose body is the API error body (`code`, `details`);
 * an answer that does not match the call's contract schema fails with `INVALID_RESPONSE`.
 */
export function createApiClient(options: ApiClientOptions): ApiClient {
  const doFetch = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => globalThis.fetch(input, init));
  const origin = options.apiOrigin.replace(/\/+$/, '');

  function url(path: string, query?: ApiRequest['query']): string {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(query ?? {})) {
      if (value !== undefined && value !== '') params.set(key, String(value));
    }
    const search = params.toString();
    return `${origin}${path}${search ? `?${search}` : ''}`;
  }

  async function send(path: string, init: ApiRequest): Promise<Response> {
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (init.body !== undefined) headers['Content-Type'] = 'application/json';
    const token = init.auth === false ? undefined : readSession(options.storage)?.tokens.accessToken;
    if (token) headers.Authorization = `Bearer ${token}`;
    try {
      return await doFetch(url(path, init.query), {
        method: init.method ?? 'GET',
        headers,
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
        credentials: 'include',
      });
    } catch {
      throw new HttpError(NETWORK_FAILED, 0, { code: 'NETWORK_ERROR' });
    }
  }

  async function refresh(): Promise<boolean> {
    const session = readSession(options.storage);
    if (!session) return false;
    try {
      const response = await send('/auth/refresh', {
        method: 'POST',
        body: { refreshToken: session.tokens.refreshToken },
        auth: false,
      });
      if (!response.ok) return false;
      const tokens: unknown = await response.json();
      if (!isRefreshAnswer(tokens)) return false;
      writeTokens(options.storage, tokens);
      return true;
    } catch {
      return false;
    }
  }

  // 401s that arrive together share one refresh (a refresh token works once).
  const refreshShared = refreshOnce(refresh);

  async function parse(response: Response): Promise<unknown> {
    const text = await response.text();
    if (!text) return undefined;
    try {
      return JSON.parse(text);
    } catch {
      return undefined;
    }
  }

  return {
    async request<T>(path: string, init: ParsedApiRequest<T>): Promise<T> {
      let response = await send(path, init);
      if (response.status === 401 && init.auth !== false && readSession(options.storage)) {
        if (await refreshShared()) {
          response = await send(path, init);
        } else {
          clearSession(options.storage);
          options.onSignedOut?.();
        }
      }
      const body = await parse(response);
      if (!response.ok) throw toHttpError(response.status, body);
      const answer = parseAnswer(init.schema, body);
      // A 2xx answer that is not what the contract says (spec §8's message for an unreadable answer).
      if (!answer.ok) throw new HttpError(INVALID_ANSWER_MESSAGE, response.status, { code: INVALID_ANSWER_CODE });
      return answer.data;
    },
  };
}
