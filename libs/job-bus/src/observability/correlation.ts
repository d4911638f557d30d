import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';

/** The HTTP header a correlation id comes in and goes back out on. */
export const REQUEST_ID_HEADER = 'X-Request-Id';

/** A caller's id is kept when it is a sane token: 1 to 128 of letters, digits, ".", "_" and "-". */
const SANE_ID = /^[A-Za-z0-9._-]{1,128}$/;

export function isSaneCorrelationId(value: unknown): value is string {
  return typeof value === 'string' && SANE_ID.test(value);
}

/** The caller's id (an `X-Request-Id` header value) when it is sane, else a new uuid. */
export function correlationIdFrom(header: unknown): string {
  const value = Array.isArray(header) ? (header as unknown[])[0] : header;
  return isSaneCorrelationId(value) ? value : randomUUID();
}

interface CorrelationScope {
  correlationId: string;
}

const scope = new AsyncLocalStorage<CorrelationScope>();

/**
 * Runs `work` with `correlationId` in scope: every log line written and every job requested from inside it (however
 * deep, across awaits) carries the id, with no parameter threaded through.
 */
export function withCorrelationId<R>(correlationId: string, work: () => R): R {
  return scope.run({ correlationId }, work);
}

/** The correlation id in scope, if any. */
export function currentCorrelationId(): string | undefined {
  return scope.getStore()?.correlationId;
}
