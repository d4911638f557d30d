import { Inject, Logger } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { REFRESH_TOKEN_TTL_MS, sessionDecider, sessionStillValid, sessionStreamId } from '@inkprint/accounts-domain';
import type { Tokens } from '@inkprint/contracts';
import { DomainError } from '@inkprint/domain-kernel';
import { handleCommand, loadState } from '@inkprint/eventstore';
import { APP_CONFIG, type AppConfig } from '../../config';
import { IDS, type Ids } from '../../platform/ids';
import { AccountStreams } from '../shared/account-streams';
import { sha256 } from '../shared/secrets';
import { SessionIssuer } from '../shared/session-issuer';

const sessionExpired = () => new DomainError('SESSION_EXPIRED', 'Your session has ended. Please sign in again.', 401);

export class RefreshSession extends Command<Tokens> {
  constructor(readonly refreshToken: string) {
    super();
  }
}

/** `POST /auth/refresh`: rotates the refresh token; a reused one revokes the session family (REFRESH_TOKEN_REUSED). */
@CommandHandler(RefreshSession)
export class RefreshSessionHandler implements ICommandHandler<RefreshSession> {
  private readonly logger = new Logger('Sessions');

  constructor(
    private readonly accounts: AccountStreams,
    private readonly sessions: SessionIssuer,
    @Inject(IDS) private readonly ids: Ids,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ refreshToken }: RefreshSession): Promise<Tokens> {
    const [sessionId, secret] = refreshToken.split('.');
    if (!sessionId || !secret || !/^[0-9a-f-]{36}$/.test(sessionId)) throw sessionExpired();
    // The account is checked before the token rotates: a session the account has ended (password reset, disabled,
    // erased) answers SESSION_EXPIRED and its token is not burnt, so it cannot be told apart from any other ended one.
    const { state: before } = await loadState(this.accounts.store, sessionStreamId(sessionId), sessionDecider);
    if (before.status === 'active') {
      const owner = await this.accounts.load(before.accountId);
      if (owner.status === 'none' || !sessionStillValid(owner.account, before.startedAt)) throw sessionExpired();
    }
    const next = this.ids.secret(32);
    const now = this.accounts.clock.now();
    const outcome = await handleCommand(this.accounts.store, sessionStreamId(sessionId), sessionDecider, {
      type: 'RotateRefreshToken',
      data: {
        presentedHash: sha256(secret),
        nextHash: sha256(next),
        expiresAt: new Date(now.getTime() + REFRESH_TOKEN_TTL_MS).toISOString(),
        at: now.toISOString(),
      },
    });
    if (outcome.events.some((e) => e.type === 'RefreshTokenReuseDetected')) {
      this.logger.warn(`refresh token reuse on session ${sessionId}: session revoked`);
      throw new DomainError(
        'REFRESH_TOKEN_REUSED',
        'This sign-in was used elsewhere, so we signed you out everywhere for safety. Please sign in again.',
        401,
      );
    }
    const session = outcome.state;
    if (session.status !== 'active') throw sessionExpired();
    const account = await this.accounts.load(session.accountId);
    if (account.status === 'none' || !sessionStillValid(account.account, session.startedAt)) throw sessionExpired();
    return {
      accessToken: await this.sessions.accessToken(account.account, sessionId),
      refreshToken: `${sessionId}.${next}`,
      expiresIn: this.config.accessTokenTtlSeconds,
    };
  }
}
