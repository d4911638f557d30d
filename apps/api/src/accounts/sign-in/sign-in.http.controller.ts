import { Controller, HttpCode, Inject, Post, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import { Throttle } from '@nestjs/throttler';
import { acceptedContinueUrl, LoginRequest, SignedInResponse } from '@inkprint/contracts';
import type { z } from 'zod';
import { APP_CONFIG, type AppConfig } from '../../config';
import { ApiContract, ContractBody } from '../../http/api-contract';
import { AuthThrottlerGuard, SIGN_IN_LIMIT } from '../auth/auth-throttler.guard';
import { SignIn } from './sign-in.handler';

@ApiTags('auth')
@Controller('auth')
export class SignInController {
  constructor(
    private readonly commands: CommandBus,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Post('login')
  @HttpCode(200)
  @UseGuards(AuthThrottlerGuard)
  @Throttle(SIGN_IN_LIMIT)
  @ApiContract({
    summary: 'Sign in with e-mail and password',
    body: LoginRequest,
    responses: { 200: SignedInResponse },
    errors: ['INVALID_CREDENTIALS', 'ACCOUNT_DISABLED', 'EMAIL_NOT_VERIFIED', 'TOO_MANY_REQUESTS'],
  })
  async login(@ContractBody() body: z.output<typeof LoginRequest>): Promise<SignedInResponse> {
    const signedIn = await this.commands.execute(new SignIn(body));
    return {
      message: 'Signed in successfully',
      ...signedIn,
      redirectTo: acceptedContinueUrl(body.continue, this.config.productHost),
    };
  }
}
