import { Controller, Delete, HttpCode, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import { Throttle } from '@nestjs/throttler';
import { EraseAccountRequest, MessageResponse } from '@inkprint/contracts';
import type { z } from 'zod';
import { ApiContract, ContractBody } from '../../http/api-contract';
import { AuthGuard, CurrentAccount, type SignedInAccount } from '../auth';
import { AuthThrottlerGuard, SIGN_IN_LIMIT } from '../auth/auth-throttler.guard';
import { EraseAccount } from './erase-account.handler';

/** Erases the signed-in account and its personal data for good (crypto-shredding, docs/accounts.md). */
@ApiTags('auth')
@Controller('auth')
export class ErasureController {
  constructor(private readonly commands: CommandBus) {}

  @Delete('me')
  @HttpCode(200)
  @UseGuards(AuthGuard, AuthThrottlerGuard)
  @Throttle(SIGN_IN_LIMIT)
  @ApiContract({
    summary: 'Erase my account and personal data',
    body: EraseAccountRequest,
    responses: { 200: MessageResponse },
    errors: ['PASSWORD_INCORRECT', 'SUPER_ADMIN_PROTECTED', 'TOO_MANY_REQUESTS'],
    auth: 'bearer',
  })
  async erase(
    @CurrentAccount() account: SignedInAccount,
    @ContractBody() body: z.output<typeof EraseAccountRequest>,
  ): Promise<MessageResponse> {
    await this.commands.execute(new EraseAccount(account, body.password));
    return { message: 'Your account and personal data were erased.' };
  }
}
