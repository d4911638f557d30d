import { Controller, HttpCode, Inject, Post, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import { Throttle } from '@nestjs/throttler';
import {
  acceptedContinueUrl,
  CodeSentResponse,
  ResendOtpRequest,
  SignedInResponse,
  VerifyOtpRequest,
} from '@inkprint/contracts';
import type { z } from 'zod';
import { APP_CONFIG, type AppConfig } from '../../config';
import { ApiContract, ContractBody } from '../../http/api-contract';
import { AuthThrottlerGuard, CODE_LIMIT } from '../auth/auth-throttler.guard';
import { ResendVerificationCode } from './resend-code.handler';
import { VerifyEmail } from './verify-email.handler';

@ApiTags('auth')
@Controller('auth')
@UseGuards(AuthThrottlerGuard)
@Throttle(CODE_LIMIT)
export class VerifyEmailController {
  constructor(
    private readonly commands: CommandBus,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Post('verify-otp')
  @HttpCode(200)
  @ApiContract({
    summary: 'Verify the e-mailed code and sign in',
    body: VerifyOtpRequest,
    responses: { 200: SignedInResponse },
    errors: [
      'ACCOUNT_NOT_FOUND',
      'OTP_INVALID',
      'OTP_EXPIRED',
      'OTP_ATTEMPTS_EXCEEDED',
      'ALREADY_VERIFIED',
      'TOO_MANY_REQUESTS',
    ],
  })
  async verify(@ContractBody() body: z.output<typeof VerifyOtpRequest>): Promise<SignedInResponse> {
    const signedIn = await this.commands.execute(new VerifyEmail(body));
    // Spec §5: a 'continue' target is honoured only when it is https on plans.<product host>; otherwise null.
    return {
      message: 'Email verified. Redirecting you...',
      ...signedIn,
      redirectTo: acceptedContinueUrl(body.continue, this.config.productHost),
    };
  }

  @Post('resend-otp')
  @HttpCode(200)
  @ApiContract({
    summary: 'E-mail a new verification code',
    body: ResendOtpRequest,
    responses: { 200: CodeSentResponse },
    errors: [
      'ACCOUNT_NOT_FOUND',
      'ALREADY_VERIFIED',
      'OTP_RESEND_COOLDOWN',
      'MAIL_DELIVERY_FAILED',
      'TOO_MANY_REQUESTS',
    ],
  })
  async resend(@ContractBody() body: z.output<typeof ResendOtpRequest>): Promise<CodeSentResponse> {
    const sent = await this.commands.execute(new ResendVerificationCode(body.email));
    return { message: 'New code sent. Check your inbox.', ...sent };
  }
}
