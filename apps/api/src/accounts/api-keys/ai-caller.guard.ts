import { Inject, Injectable, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { ApiKeyScope } from '@inkprint/contracts';
import type { EventStore } from '@inkprint/eventstore';
import { EVENT_STORE } from '../../platform/tokens';
import { OptionalAuthGuard } from '../auth/auth.guard';
import type { SignedInAccount } from '../auth/current-account';
import { API_KEY_SCOPES_KEY, ApiKeyCallers } from './api-key-callers';
import { isApiKeyToken } from './api-key-token';

/**
 * The caller of an AI route: an API key (`Bearer ink_…`, for the route's `@ApiKeyScopes`), a session's bearer token,
 * or nobody yet (a guest, resolved by the tool).
 */
@Injectable()
export class AiCallerGuard extends OptionalAuthGuard {
  constructor(
    @Inject(EVENT_STORE) store: EventStore,
    private readonly reflector: Reflector,
    private readonly keys: ApiKeyCallers,
  ) {
    super(store);
  }

  override async canActivate(context: ExecutionContext): Promise<boolean> {
    const req = context
      .switchToHttp()
      .getRequest<{ headers: Record<string, string | undefined>; account?: SignedInAccount; ip?: string }>();
    const token = req.headers.authorization?.startsWith('Bearer ')
      ? req.headers.authorization.slice(7).trim()
      : undefined;
    if (!isApiKeyToken(token)) return super.canActivate(context);
    const scopes =
      this.reflector.getAllAndOverride<ApiKeyScope[] | undefined>(API_KEY_SCOPES_KEY, [
        context.getHandler(),
        context.getClass(),
      ]) ?? [];
    req.account = await this.keys.authenticate(token, scopes, Date.now(), req.ip);
    return true;
  }
}
