import { Controller, HttpCode, Ip, Post, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import { Throttle } from '@nestjs/throttler';
import { ForgotPasswordRequest, MessageResponse, ResetPasswordRequest } from '@inkprint/contracts';
import type { z } from 'zod';
import { ApiContract, ContractBody } from '../../http/api-contract';
import { AbuseLimits } from '../auth/abuse-limits';
import { AuthThrottlerGuard, CODE_LIMIT } from '../auth/auth-throttler.guard';
import { refuseCommonPassword } from '../shared/common-password';
import { RequestPasswordReset } from './request-password-reset.handler';
import { ResetPassword } from './reset-password.handler';

@ApiTags('auth')
@Controller('auth')
@UseGuards(AuthThrottlerGuard)
@Throttle(CODE_LIMIT)
export class PasswordResetController {
  constructor(
    private readonly commands: CommandBus,
    private readonly limits: AbuseLimits,
  ) {}

  @Post('forgot-password')
  @HttpCode(200)
  @ApiContract({
    summary: 'E-mail a password-reset link (same answer for unknown addresses)',
    body: ForgotPasswordRequest,
    responses: { 200: MessageResponse },
    errors: ['MAIL_DELIVERY_FAILED', 'TOO_MANY_REQUESTS'],
  })
  async forgot(
    @ContractBody() body: z.output<typeof ForgotPasswordRequest>,
    @Ip() ip: string,
  ): Promise<MessageResponse> {
    this.limits.take('passwordReset', ip, body.email);
    await this.commands.execute(new RequestPasswordReset(body.email));
    return { message: 'If an account exists we sent a reset link. Please check spam/junk if you do not see it.' };
  }

  @Post('reset-password')
  @HttpCode(200)
  @ApiContract({
    summary: 'Set a new password with the e-mailed token',
    body: ResetPasswordRequest,
    responses: { 200: MessageResponse },
    errors: ['RESET_TOKEN_INVALID', 'TOO_MANY_REQUESTS'],
  })
  async reset(@ContractBody() body: z.output<typeof ResetPasswordRequest>): Promise<MessageResponse> {
    refuseCommonPassword(body.password);
    await this.commands.execute(new ResetPassword(body));
    return { message: 'Password updated. Redirecting you to sign in...' };
  }
}
