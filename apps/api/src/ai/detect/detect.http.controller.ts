import { Body, Controller, Headers, HttpCode, Ip, Post, Query, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiHeader, ApiTags } from '@nestjs/swagger';
import { DetectQuery, DetectRequest, DetectResponse } from '@inkprint/contracts';
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
import { DetectText } from './detect-text.handler';

@ApiTags('ai')
@Controller('ai')
export class DetectController {
  constructor(private readonly commands: CommandBus) {}

  @Post('detect')
  @HttpCode(200)
  @UseGuards(AiCallerGuard)
  @ApiKeyScopes('detect')
  @ApiHeader({
    name: 'X-Internal-Humanise-Detection',
    required: false,
    description: 'true: evaluating a rewrite /ai/humanise gave this caller (not counted, no history)',
  })
  @ApiHeader({
    name: 'X-Client-Trim',
    required: false,
    description: "true: the client trimmed the text to the plan's limit (recorded)",
  })
  @ApiContract({
    summary: 'Score a text for AI authorship',
    body: DetectRequest,
    query: DetectQuery,
    responses: { 200: DetectResponse },
    errors: [
      'DETECTOR_CHAR_LIMIT',
      'DAILY_LIMIT_REACHED',
      'GUEST_REQUIRED',
      'GUEST_NOT_FOUND',
      'GUEST_INVALID',
      'JOB_TIMEOUT',
      'JOB_FAILED',
      'SERVICE_UNAVAILABLE',
    ],
    auth: 'guest-or-bearer',
    apiKeyScopes: ['detect'],
  })
  detect(
    @Body(new ZodValidationPipe(DetectRequest)) body: z.output<typeof DetectRequest>,
    @Query(new ZodValidationPipe(DetectQuery)) query: z.output<typeof DetectQuery>,
    @GuestId() guestId: string | undefined,
    @Headers('x-guest-token') guestToken: string | undefined,
    @Headers('x-internal-humanise-detection') internal: string | undefined,
    @Headers('x-client-trim') clientTrim: string | undefined,
    @Ip() ip: string,
    @CurrentAccountOptional() account: SignedInAccount | undefined,
  ): Promise<DetectResponse> {
    return this.commands.execute(
      new DetectText(callerOf(account, guestId, guestToken, ip), {
        text: body.text,
        mode: query.mode,
        internalEvaluation: isTrue(internal),
        clientTrim: isTrue(clientTrim),
      }),
    );
  }
}
