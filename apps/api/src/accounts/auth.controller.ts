import { Body, Controller, Delete, Get, Headers, HttpCode, Inject, Ip, Post, Query, UseGuards } from '@nestjs/common';
import { acceptedContinueUrl } from '@inkprint/accounts-domain';
import { ApiTags } from '@nestjs/swagger';
import { Throttle } from '@nestjs/throttler';
import { accountPlan } from '@inkprint/plans-domain';
import type { z } from 'zod';
import { APP_CONFIG, type AppConfig } from '../config';
import { ZodValidationPipe } from '../http';
import { AccountsService } from './accounts.service';
import { AuthGuard, CurrentAccount, CurrentAccountOptional, OptionalAuthGuard, type SignedInAccount } from './auth';
import { AuthThrottlerGuard } from './auth/auth-throttler.guard';
import {
  EraseAccountRequest,
  ForgotPasswordRequest,
  LoginRequest,
  RefreshRequest,
  RegisterRequest,
  ResendOtpRequest,
  ResetPasswordRequest,
  VerifyOtpRequest,
} from '@inkprint/contracts';
import { GuestsService } from './guests.service';
import { UsageService } from './usage.service';

const SIGN_IN_LIMIT = { auth: { limit: 10, ttl: 60_000 } };
const CODE_LIMIT = { auth: { limit: 10, ttl: 60_000 } };

/** Spec §7 account calls. Bodies are validated with zod (400 VALIDATION_ERROR with per-field messages). */
@ApiTags('auth')
@Controller('auth')
export class AuthController {
  constructor(
    private readonly accounts: AccountsService,
    private readonly guests: GuestsService,
    private readonly usage: UsageService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Spec §5: a 'continue' target is honoured only when it is https on plans.<product host>; otherwise null. */
  private redirectTo(value: string | undefined): string | null {
    return acceptedContinueUrl(value, this.config.productHost);
  }

  @Post('guest/session')
  @HttpCode(201)
  guestSession(@Ip() ip: string) {
    return this.guests.start(ip);
  }

  @Post('register')
  @HttpCode(201)
  @UseGuards(AuthThrottlerGuard)
  @Throttle(CODE_LIMIT)
  async register(@Body(new ZodValidationPipe(RegisterRequest)) body: z.infer<typeof RegisterRequest>) {
    const { email, expiresAt } = await this.accounts.register(body);
    return { message: 'We sent a 6-digit code to your email. Enter it below within 2 minutes.', email, expiresAt };
  }

  @Post('verify-otp')
  @HttpCode(200)
  @UseGuards(AuthThrottlerGuard)
  @Throttle(CODE_LIMIT)
  async verifyOtp(@Body(new ZodValidationPipe(VerifyOtpRequest)) body: z.infer<typeof VerifyOtpRequest>) {
    return {
      message: 'Email verified. Redirecting you...',
      ...(await this.accounts.verifyOtp(body)),
      redirectTo: this.redirectTo(body.continue),
    };
  }

  @Post('resend-otp')
  @HttpCode(200)
  @UseGuards(AuthThrottlerGuard)
  @Throttle(CODE_LIMIT)
  async resendOtp(@Body(new ZodValidationPipe(ResendOtpRequest)) body: z.infer<typeof ResendOtpRequest>) {
    const { email, expiresAt } = await this.accounts.resendOtp(body.email);
    return { message: 'New code sent. Check your inbox.', email, expiresAt };
  }

  @Post('login')
  @HttpCode(200)
  @UseGuards(AuthThrottlerGuard)
  @Throttle(SIGN_IN_LIMIT)
  async login(@Body(new ZodValidationPipe(LoginRequest)) body: z.infer<typeof LoginRequest>) {
    return {
      message: 'Signed in successfully',
      ...(await this.accounts.login(body)),
      redirectTo: this.redirectTo(body.continue),
    };
  }

  @Post('logout')
  @HttpCode(200)
  @UseGuards(AuthGuard)
  async logout(@CurrentAccount() account: SignedInAccount) {
    await this.accounts.logout(account);
    return { message: 'Signed out' };
  }

  @Post('refresh')
  @HttpCode(200)
  refresh(@Body(new ZodValidationPipe(RefreshRequest)) body: z.infer<typeof RefreshRequest>) {
    return this.accounts.refresh(body.refreshToken);
  }

  @Post('forgot-password')
  @HttpCode(200)
  @UseGuards(AuthThrottlerGuard)
  @Throttle(CODE_LIMIT)
  async forgotPassword(
    @Body(new ZodValidationPipe(ForgotPasswordRequest)) body: z.infer<typeof ForgotPasswordRequest>,
  ) {
    await this.accounts.forgotPassword(body.email);
    return { message: 'If an account exists we sent a reset link. Please check spam/junk if you do not see it.' };
  }

  @Post('reset-password')
  @HttpCode(200)
  @UseGuards(AuthThrottlerGuard)
  @Throttle(CODE_LIMIT)
  async resetPassword(@Body(new ZodValidationPipe(ResetPasswordRequest)) body: z.infer<typeof ResetPasswordRequest>) {
    await this.accounts.resetPassword(body);
    return { message: 'Password updated. Redirecting you to sign in...' };
  }

  @Get('me')
  @UseGuards(AuthGuard)
  me(@CurrentAccount() account: SignedInAccount) {
    return this.accounts.me(account);
  }

  /** Erases the signed-in account and its personal data for good (crypto-shredding, docs/accounts.md). */
  @Delete('me')
  @HttpCode(200)
  @UseGuards(AuthGuard, AuthThrottlerGuard)
  @Throttle(SIGN_IN_LIMIT)
  async erase(
    @CurrentAccount() account: SignedInAccount,
    @Body(new ZodValidationPipe(EraseAccountRequest)) body: z.infer<typeof EraseAccountRequest>,
  ) {
    await this.accounts.erase(account, body.password);
    return { message: 'Your account and personal data were erased.' };
  }

  @Get('subscription')
  @UseGuards(AuthGuard)
  async subscription(@CurrentAccount() account: SignedInAccount) {
    const state = await this.accounts.load(account.accountId);
    const slug = state.status === 'exists' ? state.account.planSlug : null;
    return { subscription: slug ? { status: 'active', planSlug: slug } : null };
  }

  /** Signed in (bearer) or as a guest (?guestId= and the X-Guest-Token header). */
  @Get('requests')
  @UseGuards(OptionalAuthGuard)
  async requests(
    @Headers('x-guest-token') guestToken: string | undefined,
    @Query('guestId') guestId: string | undefined,
    @Ip() ip: string,
    @CurrentAccountOptional() account: SignedInAccount | undefined,
  ) {
    if (account) {
      const state = await this.accounts.load(account.accountId);
      const planSlug = state.status === 'exists' ? state.account.planSlug : null;
      return {
        requests: await this.usage.requests({
          kind: 'account',
          accountId: account.accountId,
          plan: accountPlan(planSlug),
        }),
      };
    }
    return { requests: await this.usage.requests(await this.guests.resolve(guestId, guestToken, ip)) };
  }
}
