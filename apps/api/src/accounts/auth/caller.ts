import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import type { SignedInAccount } from './current-account';

/**
 * Who calls a route open to guests: the signed-in account (bearer session or API key, set by the guards), else a guest
 * by its id and X-Guest-Token. Accounts' routes (`GET /auth/requests`) and every AI route read the caller from here.
 */
export interface CallerCredentials {
  account?: SignedInAccount;
  guestId?: string;
  guestToken?: string;
  ip?: string;
}

/** The caller of a route: the bearer account if any, else the guest id and X-Guest-Token. */
export function callerOf(
  account: SignedInAccount | undefined,
  guestId: string | undefined,
  guestToken: string | undefined,
  ip: string,
): CallerCredentials {
  return account ? { account } : { guestId, guestToken, ip };
}

/**
 * The guest id wherever a client puts it: the body's `guestId` (spec §9), the `guestId` query parameter or an
 * `X-Guest-Id` header, in that order; the first non-blank string wins. The token always comes in X-Guest-Token.
 */
export function guestIdOf(request: Pick<Request, 'body' | 'query' | 'headers'>): string | undefined {
  const body: unknown = request.body;
  const candidates: unknown[] = [
    body !== null && typeof body === 'object' ? (body as Record<string, unknown>).guestId : undefined,
    request.query?.guestId,
    request.headers?.['x-guest-id'],
  ];
  for (const candidate of candidates) {
    if (typeof candidate === 'string' && candidate.trim() !== '') return candidate.trim();
  }
  return undefined;
}

/** `@GuestId()`: `guestIdOf` the current request. */
export const GuestId = createParamDecorator((_: unknown, context: ExecutionContext) =>
  guestIdOf(context.switchToHttp().getRequest<Request>()),
);

/**
 * `@Caller()`: the caller of a route open to guests, as `callerOf` builds it from the request: the account the guards
 * set (session or API key), else the guest id (`guestIdOf`), its X-Guest-Token and the client address.
 */
export const Caller = createParamDecorator((_: unknown, context: ExecutionContext): CallerCredentials => {
  const request = context.switchToHttp().getRequest<Request & { account?: SignedInAccount }>();
  return callerOf(
    request.account,
    guestIdOf(request),
    request.headers['x-guest-token'] as string | undefined,
    request.ip as string,
  );
});
