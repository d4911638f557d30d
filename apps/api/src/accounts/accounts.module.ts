import { Global, Inject, Module, type OnApplicationBootstrap } from '@nestjs/common';
import { JwtModule } from '@nestjs/jwt';
import { PassportModule } from '@nestjs/passport';
import { ThrottlerModule } from '@nestjs/throttler';
import { APP_CONFIG, type AppConfig } from '../config';
import { AccountsService } from './accounts.service';
import { AuthController } from './auth.controller';
import { AuthGuard, OptionalAuthGuard, RolesGuard } from './auth';
import { AuthThrottlerGuard } from './auth/auth-throttler.guard';
import { resolveJwtSecret } from './auth/jwt-secret';
import { JwtStrategy } from './auth/jwt.strategy';
import { JWT_SECRET } from './auth/tokens';
import { GuestsService } from './guests.service';
import { UsageService } from './usage.service';

/** Accounts, guests, sessions and daily usage (spec §3-7). Exports the guards and services later features use. */
@Global()
@Module({
  imports: [
    PassportModule,
    // Signing takes the secret from the JWT_SECRET provider (resolved once; it may create the dev secret file).
    JwtModule.register({ signOptions: { algorithm: 'HS256' } }),
    ThrottlerModule.forRoot([{ name: 'auth', ttl: 60_000, limit: 10 }]),
  ],
  providers: [
    { provide: JWT_SECRET, inject: [APP_CONFIG], useFactory: (config: AppConfig) => resolveJwtSecret(config) },
    JwtStrategy,
    AuthGuard,
    OptionalAuthGuard,
    RolesGuard,
    AuthThrottlerGuard,
    AccountsService,
    GuestsService,
    UsageService,
  ],
  controllers: [AuthController],
  exports: [AuthGuard, OptionalAuthGuard, RolesGuard, AccountsService, GuestsService, UsageService, JWT_SECRET],
})
export class AccountsModule implements OnApplicationBootstrap {
  constructor(
    private readonly accounts: AccountsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (this.config.superAdmin) await this.accounts.bootstrapSuperAdmin();
  }
}
