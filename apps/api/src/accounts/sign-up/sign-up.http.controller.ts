import { Controller, HttpCode, Ip, Post, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import { Throttle } from '@nestjs/throttler';
import { CodeSentResponse, RegisterRequest } from '@inkprint/contracts';
import type { z } from 'zod';
import { ApiContract, ContractBody } from '../../http/api-contract';
import { AbuseLimits } from '../auth/abuse-limits';
import { AuthThrottlerGuard, CODE_LIMIT } from '../auth/auth-throttler.guard';
import { refuseCommonPassword } from '../shared/common-password';
import { SignUp } from './sign-up.handler';

@ApiTags('auth')
@Controller('auth')
export class SignUpController {
  constructor(
    private readonly commands: CommandBus,
    private readonly limits: AbuseLimits,
  ) {}

  @Post('register')
  @HttpCode(201)
  @UseGuards(AuthThrottlerGuard)
  @Throttle(CODE_LIMIT)
  @ApiContract({
    summary: 'Sign up: e-mails a 6-digit code',
    body: RegisterRequest,
    responses: { 201: CodeSentResponse },
    errors: ['EMAIL_TAKEN', 'OTP_RESEND_COOLDOWN', 'MAIL_DELIVERY_FAILED', 'TOO_MANY_REQUESTS'],
  })
  async register(@ContractBody() body: z.output<typeof RegisterRequest>, @Ip() ip: string): Promise<CodeSentResponse> {
    refuseCommonPassword(body.password);
    this.limits.take('register', ip, body.email);
    const sent = await this.commands.execute(new SignUp(body));
    return { message: 'We sent a 6-digit code to your email. Enter it below within 2 minutes.', ...sent };
  }
}
