import { Inject, Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { REFRESH_TOKEN_TTL_MS, sessionDecider, sessionStreamId, type Account } from '@inkprint/accounts-domain';
import type { PublicUser, Tokens, UsagePayload } from '@inkprint/contracts';
import { handleCommand } from '@inkprint/eventstore';
import { accountPlan } from '@inkprint/plans-domain';
import { APP_CONFIG, type AppConfig } from '../../config';
import { IDS, type Ids } from '../../platform/ids';
import { JWT_SECRET } from '../auth/tokens';
import { UsageService } from '../../usage';
import { AccountStreams } from './account-streams';
import { userActor } from './actor';
import { publicUser } from './public-user';
import { sha256 } from './secrets';

export interface SignedIn {
  tokens: Tokens;
  user: PublicUser;
  usage: UsagePayload;
}

/** Starts sessions (verified e-mail, sign-in) and signs access tokens: refresh token = `<session id>.<secret>`. */
@Injectable()
export class SessionIssuer {
  constructor(
    private readonly accounts: AccountStreams,
    private readonly usage: UsageService,
    private readonly jwt: JwtService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(JWT_SECRET) private readonly jwtSecret: string,
    @Inject(IDS) private readonly ids: Ids,
  ) {}

  async start(accountId: string, sessionId: string = this.ids.uuid()): Promise<SignedIn> {
    const secret = this.ids.secret(32);
    const now = this.accounts.clock.now();
    await handleCommand(
      this.accounts.store,
      sessionStreamId(sessionId),
      sessionDecider,
      {
        type: 'StartSession',
        data: {
          sessionId,
          accountId,
          refreshTokenHash: sha256(secret),
          expiresAt: new Date(now.getTime() + REFRESH_TOKEN_TTL_MS).toISOString(),
          at: now.toISOString(),
        },
      },
      { metadata: { actor: userActor(accountId) } },
    );
    const account = await this.accounts.existing(accountId);
    return {
      tokens: {
        accessToken: await this.accessToken(account, sessionId),
        refreshToken: `${sessionId}.${secret}`,
        expiresIn: this.config.accessTokenTtlSeconds,
      },
      user: publicUser(account),
      usage: await this.usageOf(account),
    };
  }

  usageOf(account: Account): Promise<UsagePayload> {
    return this.usage.usage(
      { kind: 'account', accountId: account.accountId, plan: accountPlan(account.planSlug) },
      account.planSlug,
    );
  }

  accessToken(account: Account, sessionId: string): Promise<string> {
    return this.jwt.signAsync(
      { sub: account.accountId, sid: sessionId, role: account.role },
      { secret: this.jwtSecret, expiresIn: this.config.accessTokenTtlSeconds, algorithm: 'HS256' },
    );
  }
}
