import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { Role } from '@inkprint/accounts-domain';
import type { ApiKeyScope } from '@inkprint/contracts';

/** The signed-in account, as the AuthGuard loaded it for this request (current role and status). */
export interface SignedInAccount {
  accountId: string;
  email: string;
  name: string;
  role: Role;
  sessionId: string;
  /** The account's subscription plan slug as loaded with it (null: the default plan), so callers need not load it again. */
  planSlug: string | null;
  /** The administrators' second factor: set up on the account, and passed by this session. */
  mfa?: { enrolled: boolean; verified: boolean };
  /** Set when the request came with an API key (`Bearer ink_…`, AI routes only) rather than a session. */
  apiKey?: { id: string; scopes: readonly ApiKeyScope[]; dailyCap: number | null };
}

export const CurrentAccount = createParamDecorator((_data: unknown, ctx: ExecutionContext): SignedInAccount => {
  const req = ctx.switchToHttp().getRequest<{ account?: SignedInAccount }>();
  if (!req.account) throw new Error('CurrentAccount used on a route without AuthGuard');
  return req.account;
});

/** The signed-in account when the request carried a bearer token (OptionalAuthGuard), else undefined. */
export const CurrentAccountOptional = createParamDecorator(
  (_data: unknown, ctx: ExecutionContext): SignedInAccount | undefined =>
    ctx.switchToHttp().getRequest<{ account?: SignedInAccount }>().account,
);
