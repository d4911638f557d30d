import { Controller, HttpCode, Ip, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import { GuestSessionResponse } from '@inkprint/contracts';
import { ApiContract } from '../../http/api-contract';
import { AbuseLimits } from '../auth/abuse-limits';
import { StartGuestSession } from './start-guest-session.handler';

@ApiTags('auth')
@Controller('auth')
export class GuestSessionsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly limits: AbuseLimits,
  ) {}

  @Post('guest/session')
  @HttpCode(201)
  @ApiContract({
    summary: 'Start a guest session (30 an hour per client address)',
    responses: { 201: GuestSessionResponse },
    errors: ['TOO_MANY_REQUESTS'],
  })
  start(@Ip() ip: string): Promise<GuestSessionResponse> {
    this.limits.take('guestSession', ip);
    return this.commands.execute(new StartGuestSession(ip));
  }
}
