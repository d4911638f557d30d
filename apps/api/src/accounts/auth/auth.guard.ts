import { CanActivate, ExecutionContext, Inject, Injectable, Optional, SetMetadata } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AuthGuard as PassportAuthGuard } from '@nestjs/passport';
import { DomainError } from '@inkprint/domain-kernel';
import {
  accountDecider,
  accountStreamId,
  callerMayAct,
  sessionDecider,
  sessionStreamId,
  type Role,
} from '@inkprint/accounts-domain';
import { API_KEY_PREFIX } from '@inkprint/contracts';
import { foldState, readStreams, type EventStore } from '@inkprint/eventstore';
import { APP_CONFIG, type AppConfig } from '../../config';
import { EVENT_STORE } from '../../platform/tokens';
import type { AccessTokenClaims } from './jwt.strategy';
import type { SignedInAccount } from './current-account';

export const AUTH_REQUIRED_MESSAGE = 'Sign in to continue.';

/**
 * Requires a valid bearer access token (passport-jwt), then loads the account and the session from their streams:
 * a disabled account or an ended session is refused at once, whatever the token's expiry says.
 */
@Injectable()
export class AuthGuard extends PassportAuthGuard('jwt') implements CanActivate {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {
    super();
  }

  override async canActivate(context: ExecutionContext): Promise<boolean> {
    const req = context.switchToHttp().getRequest<{
      headers: Record<string, string | undefined>;
      account?: SignedInAccount;
      user?: AccessTokenClaims;
    }>();
    if (!req.headers.authorization?.startsWith('Bearer ')) throw authRequired();
    // An API key (issue 29) is a bearer token too, but it is taken only where AiCallerGuard stands.
    if (req.headers.authorization.slice(7).trim().startsWith(API_KEY_PREFIX)) {
      throw new DomainError(
        'AUTH_REQUIRED',
        'API keys work on the AI routes only. Sign in to manage your account.',
        401,
        {
          reason: 'api_key_not_accepted',
        },
      );
    }
    try {
      await super.canActivate(context);
    } catch {
      throw new DomainError('AUTH_REQUIRED', 'Your session has expired. Please sign in again.', 401, {
        reason: 'invalid_or_expired_token',
      });
    }
    const claims = req.user as AccessTokenClaims;
    // Both streams in one read (one statement on PostgreSQL and PGlite).
    const [accountEvents, sessionEvents] = await readStreams(this.store, [
      accountStreamId(claims.sub),
      sessionStreamId(claims.sid),
    ]);
    const { state: account } = foldState(accountEvents, accountDecider);
    const { state: session } = foldState(sessionEvents, sessionDecider);
    // The one liveness rule (callerMayAct, shared with API keys and batch items): a disabled or erased account is
    // refused, and a password reset, a disable or an erasure ends every session started before it.
    const verdict = callerMayAct(
      account,
      session.status === 'none'
        ? { session: { open: false } }
        : {
            session: { open: session.status === 'active' && session.accountId === claims.sub },
            startedAt: session.startedAt,
          },
      Date.now(),
    );
    if (!verdict.ok && verdict.refusal === 'account_unavailable') {
      throw new DomainError('AUTH_REQUIRED', 'This account is not available. Please sign in again.', 401, {
        reason: 'account_unavailable',
      });
    }
    if (!verdict.ok || session.status === 'none') {
      throw new DomainError('AUTH_REQUIRED', 'Your session has ended. Please sign in again.', 401, {
        reason: 'session_ended',
      });
    }
    const a = verdict.account;
    req.account = {
      accountId: a.accountId,
      email: a.email,
      name: a.name,
      role: a.role,
      sessionId: claims.sid,
      planSlug: a.planSlug ?? null,
      mfa: { enrolled: a.mfa.status === 'enabled', verified: Boolean(session.mfaVerifiedAt) },
    };
    return true;
  }

  // passport calls this with its result; errors are turned into AUTH_REQUIRED above.
  override handleRequest<T>(err: unknown, user: T): T {
    if (err || !user) throw err ?? new Error('no user');
    return user;
  }
}

export function authRequired(): DomainError {
  return new DomainError('AUTH_REQUIRED', AUTH_REQUIRED_MESSAGE, 401);
}

const ROLES_KEY = 'inkprint:roles';
/** Roles allowed on a route (checked by RolesGuard after AuthGuard). */
export const Roles = (...roles: Role[]) => SetMetadata(ROLES_KEY, roles);

const MFA_EXEMPT_KEY = 'inkprint:mfa-exempt';
/** An admin route an admin reaches before passing the second factor (its own set-up and check). */
export const MfaExempt = () => SetMetadata(MFA_EXEMPT_KEY, true);

export const MFA_REQUIRED_MESSAGE = 'Enter the code from your authenticator app to continue.';
export const MFA_SETUP_REQUIRED_MESSAGE = 'Set up two-factor sign-in to use the admin console.';

/**
 * Admin routes want the second factor (issue 25 item 9): an admin whose account has one must have passed it in this
 * session; with ADMIN_MFA=required (the production default) an admin without one must set it up first.
 */
export function assertAdminMfa(account: SignedInAccount, policy: 'required' | 'optional'): void {
  if (account.role !== 'admin' && account.role !== 'super_admin') return;
  const mfa = account.mfa ?? { enrolled: false, verified: false };
  if (mfa.enrolled && !mfa.verified)
    throw new DomainError('MFA_REQUIRED', MFA_REQUIRED_MESSAGE, 403, { enrolled: true });
  if (!mfa.enrolled && policy === 'required')
    throw new DomainError('MFA_REQUIRED', MFA_SETUP_REQUIRED_MESSAGE, 403, { enrolled: false });
}

@Injectable()
export class RolesGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    @Optional() @Inject(APP_CONFIG) private readonly config?: Pick<AppConfig, 'adminMfa'>,
  ) {}

  canActivate(context: ExecutionContext): boolean {
    const roles = this.reflector.getAllAndOverride<Role[] | undefined>(ROLES_KEY, [
      context.getHandler(),
      context.getClass(),
    ]);
    if (!roles || roles.length === 0) return true;
    const account = context.switchToHttp().getRequest<{ account?: SignedInAccount }>().account;
    if (!account) throw authRequired();
    if (!roles.includes(account.role))
      throw new DomainError('FORBIDDEN', 'You do not have permission to do this.', 403, { required: roles });
    const adminRoute = roles.includes('admin') || roles.includes('super_admin');
    const exempt = this.reflector.getAllAndOverride<boolean | undefined>(MFA_EXEMPT_KEY, [
      context.getHandler(),
      context.getClass(),
    ]);
    if (adminRoute && !exempt) assertAdminMfa(account, this.config?.adminMfa ?? 'optional');
    return true;
  }
}

/** Authenticates when a bearer token is present (and refuses a bad one); lets requests without one through. */
@Injectable()
export class OptionalAuthGuard extends AuthGuard {
  override async canActivate(context: ExecutionContext): Promise<boolean> {
    const req = context.switchToHttp().getRequest<{ headers: Record<string, string | undefined> }>();
    if (!req.headers.authorization) return true;
    return super.canActivate(context);
  }
}
