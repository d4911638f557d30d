import { Controller, HttpCode, Ip, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import { GuestSessionResponse } from '@inkprint/contracts';
import { ApiContract } from '../../http/api-contract';
import { StartGuestSession } from './start-guest-session.handler';

@ApiTags('auth')
@Controller('auth')
export class GuestSessionsController {
  constructor(private readonly commands: CommandBus) {}

  @Post('guest/session')
  @HttpCode(201)
  @ApiContract({ summary: 'Start a guest session', responses: { 201: GuestSessionResponse } })
  start(@Ip() ip: string): Promise<GuestSessionResponse> {
    return this.commands.execute(new StartGuestSession(ip));
  }
}
