import { Controller, HttpCode, Post, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import { MessageResponse, RefreshRequest, RefreshResponse } from '@inkprint/contracts';
import type { z } from 'zod';
import { ApiContract, ContractBody } from '../../http/api-contract';
import { AuthGuard, CurrentAccount, type SignedInAccount } from '../auth';
import { EndSession } from './end-session.handler';
import { RefreshSession } from './refresh-session.handler';

@ApiTags('auth')
@Controller('auth')
export class SessionsController {
  constructor(private readonly commands: CommandBus) {}

  @Post('refresh')
  @HttpCode(200)
  @ApiContract({
    summary: 'Rotate the refresh token and get a new access token',
    body: RefreshRequest,
    responses: { 200: RefreshResponse },
    errors: ['SESSION_EXPIRED', 'REFRESH_TOKEN_REUSED'],
  })
  refresh(@ContractBody() body: z.output<typeof RefreshRequest>): Promise<RefreshResponse> {
    return this.commands.execute(new RefreshSession(body.refreshToken));
  }

  @Post('logout')
  @HttpCode(200)
  @UseGuards(AuthGuard)
  @ApiContract({ summary: 'Sign out (ends the session)', responses: { 200: MessageResponse }, auth: 'bearer' })
  async logout(@CurrentAccount() account: SignedInAccount): Promise<MessageResponse> {
    await this.commands.execute(new EndSession(account));
    return { message: 'Signed out' };
  }
}
