import { Global, Inject, Module, type OnApplicationBootstrap } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { JwtModule } from '@nestjs/jwt';
import { PassportModule } from '@nestjs/passport';
import { ThrottlerModule } from '@nestjs/throttler';
import { ReadModels } from '@inkprint/read-models';
import type { Database } from '@inkprint/eventstore-postgresql';
import type { ProjectionRunner } from '@inkprint/projections';
import { APP_CONFIG, type AppConfig } from '../config';
import { DATABASE, PROJECTION_RUNNER } from '../platform/tokens';
import { AiCallerGuard } from './api-keys/ai-caller.guard';
import { ApiKeyCallers } from './api-keys/api-key-callers';
import { ApiKeys } from './api-keys/api-keys';
import { ApiKeysController } from './api-keys/api-keys.http.controller';
import { AuthGuard, OptionalAuthGuard, RolesGuard } from './auth';
import { AuthThrottlerGuard } from './auth/auth-throttler.guard';
import { AbuseLimits } from './auth/abuse-limits';
import { resolveJwtSecret } from './auth/jwt-secret';
import { JwtStrategy } from './auth/jwt.strategy';
import { JWT_SECRET } from './auth/tokens';
import { ErasureController } from './erasure/erasure.http.controller';
import { EraseAccountHandler } from './erasure/erase-account.handler';
import { GuestSessionsController } from './guest-sessions/guest-sessions.http.controller';
import { GuestsService } from './guest-sessions/guests.service';
import { StartGuestSessionHandler } from './guest-sessions/start-guest-session.handler';
import { PasswordResetController } from './password-reset/password-reset.http.controller';
import { RequestPasswordResetHandler } from './password-reset/request-password-reset.handler';
import { ResetPasswordHandler } from './password-reset/reset-password.handler';
import { ProfileController } from './profile/profile.http.controller';
import { GetProfileHandler, GetRequestsHandler, GetSubscriptionHandler } from './profile/profile.queries';
import { EndSessionHandler } from './sessions/end-session.handler';
import { RefreshSessionHandler } from './sessions/refresh-session.handler';
import { SessionsController } from './sessions/sessions.http.controller';
import { AccountStreams } from './shared/account-streams';
import { SessionIssuer } from './shared/session-issuer';
import { SignInController } from './sign-in/sign-in.http.controller';
import { SignInHandler } from './sign-in/sign-in.handler';
import { SignUpController } from './sign-up/sign-up.http.controller';
import { SignUpHandler } from './sign-up/sign-up.handler';
import { BootstrapSuperAdmin, BootstrapSuperAdminHandler } from './super-admin-bootstrap/bootstrap-super-admin.handler';
import { ResendVerificationCodeHandler } from './verify-email/resend-code.handler';
import { VerifyEmailController } from './verify-email/verify-email.http.controller';
import { VerifyEmailHandler } from './verify-email/verify-email.handler';

/** Accounts, guests and sessions (spec §3-7; the daily quota is `../usage`): one folder per use case. Exports what later features use. */
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
    AbuseLimits,
    AccountStreams,
    SessionIssuer,
    GuestsService,
    StartGuestSessionHandler,
    SignUpHandler,
    VerifyEmailHandler,
    ResendVerificationCodeHandler,
    SignInHandler,
    RefreshSessionHandler,
    EndSessionHandler,
    RequestPasswordResetHandler,
    ResetPasswordHandler,
    EraseAccountHandler,
    BootstrapSuperAdminHandler,
    GetProfileHandler,
    GetSubscriptionHandler,
    GetRequestsHandler,
    {
      provide: ReadModels,
      inject: [DATABASE, PROJECTION_RUNNER],
      useFactory: (db: Database, runner: ProjectionRunner) => new ReadModels(db.em, runner.schema),
    },
    ApiKeyCallers,
    AiCallerGuard,
    ApiKeys,
  ],
  controllers: [
    GuestSessionsController,
    SignUpController,
    VerifyEmailController,
    SignInController,
    SessionsController,
    PasswordResetController,
    ProfileController,
    ErasureController,
    ApiKeysController,
  ],
  exports: [
    AuthGuard,
    OptionalAuthGuard,
    RolesGuard,
    AccountStreams,
    GuestsService,
    JWT_SECRET,
    AbuseLimits,
    AiCallerGuard,
    ApiKeyCallers,
    ApiKeys,
  ],
})
export class AccountsModule implements OnApplicationBootstrap {
  constructor(
    private readonly commands: CommandBus,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (this.config.superAdmin) await this.commands.execute(new BootstrapSuperAdmin(this.config.superAdmin));
  }
}
