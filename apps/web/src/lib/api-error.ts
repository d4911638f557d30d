import type { ApiErrorBody } from '@inkprint/contracts';

/** The API's error body as a thrown value (spec §3 "API error"); client-side failures use their own codes. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly details: Record<string, unknown>;

  constructor(message: string, status: number, code: string, details: Record<string, unknown> = {}) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.details = details;
  }

  static fromBody(body: unknown, status: number): ApiError {
    const b = (body && typeof body === 'object' ? body : {}) as Partial<ApiErrorBody>;
    const details = b.details && typeof b.details === 'object' ? b.details : {};
    const code = typeof b.code === 'string' ? b.code : `HTTP_${status}`;
    const message =
      code === 'VALIDATION_ERROR'
        ? (firstFieldMessage(details) ?? b.message ?? 'Request failed')
        : typeof b.message === 'string' && b.message
          ? b.message
          : `Request failed (${status})`;
    return new ApiError(message, status, code, details);
  }
}

export const timeoutError = (message = 'Request timed out') => new ApiError(message, 408, 'CLIENT_TIMEOUT');
export const networkError = () => new ApiError('Network Error: Network request failed', 0, 'NETWORK_ERROR');

/** On VALIDATION_ERROR the first field's first message is what the user sees (spec §5). */
export function firstFieldMessage(details: Record<string, unknown>): string | undefined {
  const fields = details.fields;
  if (!fields || typeof fields !== 'object') return undefined;
  for (const messages of Object.values(fields as Record<string, unknown>)) {
    if (Array.isArray(messages) && typeof messages[0] === 'string') return messages[0];
    if (typeof messages === 'string') return messages;
  }
  return undefined;
}

export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}
