import { Controller, Headers } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import { DetectQuery, DetectRequest, DetectResponse } from '@inkprint/contracts';
import type { z } from 'zod';
import { Caller, type CallerCredentials } from '../../accounts';
import { ContractBody, ContractQuery } from '../../http/api-contract';
import { AiToolRoute } from '../shared/ai-tool-route';
import { isTrue } from '../shared/headers';
import { DetectText } from './detect-text.handler';

@ApiTags('ai')
@Controller('ai')
export class DetectController {
  constructor(private readonly commands: CommandBus) {}

  @AiToolRoute({
    path: 'detect',
    scope: 'detect',
    summary: 'Score a text for AI authorship',
    body: DetectRequest,
    query: DetectQuery,
    response: DetectResponse,
    limitError: 'DETECTOR_CHAR_LIMIT',
    headers: [
      {
        name: 'X-Internal-Humanise-Detection',
        required: false,
        description: 'true: evaluating a rewrite /ai/humanise gave this caller (not counted, no history)',
      },
      {
        name: 'X-Client-Trim',
        required: false,
        description: "true: the client trimmed the text to the plan's limit (recorded)",
      },
    ],
  })
  detect(
    @ContractBody() body: z.output<typeof DetectRequest>,
    @ContractQuery() query: z.output<typeof DetectQuery>,
    @Caller() caller: CallerCredentials,
    @Headers('x-internal-humanise-detection') internal: string | undefined,
    @Headers('x-client-trim') clientTrim: string | undefined,
  ): Promise<DetectResponse> {
    return this.commands.execute(
      new DetectText(caller, {
        text: body.text,
        mode: query.mode,
        internalEvaluation: isTrue(internal),
        clientTrim: isTrue(clientTrim),
      }),
    );
  }
}
