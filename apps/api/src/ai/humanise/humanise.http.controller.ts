import { Body, Controller, Headers, HttpCode, Ip, Post, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiHeader, ApiTags } from '@nestjs/swagger';
import { HumaniseRequest, HumaniseResponse } from '@inkprint/contracts';
import type { z } from 'zod';
import {
  AiCallerGuard,
  ApiKeyScopes,
  callerOf,
  CurrentAccountOptional,
  GuestId,
  type SignedInAccount,
} from '../../accounts';
import { ApiContract } from '../../http/api-contract';
import { ZodValidationPipe } from '../../http/zod-validation.pipe';
import { isTrue } from '../shared/headers';
import { HumaniseText } from './humanise-text.handler';

@ApiTags('ai')
@Controller('ai')
export class HumaniseController {
  constructor(private readonly commands: CommandBus) {}

  @Post('humanise')
  @HttpCode(200)
  @UseGuards(AiCallerGuard)
  @ApiKeyScopes('humanise')
  @ApiHeader({
    name: 'X-Client-Trim',
    required: false,
    description: "true: the client trimmed the text to the plan's limit (recorded)",
  })
  @ApiContract({
    summary: 'Rewrite a text in a tone, with the detector’s evaluation of the rewrite',
    body: HumaniseRequest,
    responses: { 200: HumaniseResponse },
    errors: [
      'HUMANISER_CHAR_LIMIT',
      'DAILY_LIMIT_REACHED',
      'GUEST_REQUIRED',
      'GUEST_NOT_FOUND',
      'GUEST_INVALID',
      'JOB_TIMEOUT',
      'JOB_FAILED',
      'SERVICE_UNAVAILABLE',
    ],
    auth: 'guest-or-bearer',
    apiKeyScopes: ['humanise'],
  })
  humanise(
    @Body(new ZodValidationPipe(HumaniseRequest)) body: z.output<typeof HumaniseRequest>,
    @GuestId() guestId: string | undefined,
    @Headers('x-guest-token') guestToken: string | undefined,
    @Headers('x-client-trim') clientTrim: string | undefined,
    @Ip() ip: string,
    @CurrentAccountOptional() account: SignedInAccount | undefined,
  ): Promise<HumaniseResponse> {
    return this.commands.execute(
      new HumaniseText(callerOf(account, guestId, guestToken, ip), {
        text: body.text,
        tone: body.tone,
        attempt: body.attempt,
        clientTrim: isTrue(clientTrim),
      }),
    );
  }
}
