import { Controller, Headers } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import { HumaniseRequest, HumaniseResponse } from '@inkprint/contracts';
import type { z } from 'zod';
import { Caller, type CallerCredentials } from '../../accounts';
import { ContractBody } from '../../http/api-contract';
import { AiToolRoute } from '../shared/ai-tool-route';
import { isTrue } from '../shared/headers';
import { HumaniseText } from './humanise-text.handler';

@ApiTags('ai')
@Controller('ai')
export class HumaniseController {
  constructor(private readonly commands: CommandBus) {}

  @AiToolRoute({
    path: 'humanise',
    scope: 'humanise',
    summary: 'Rewrite a text in a tone, with the detector’s evaluation of the rewrite',
    body: HumaniseRequest,
    response: HumaniseResponse,
    limitError: 'HUMANISER_CHAR_LIMIT',
    headers: [
      {
        name: 'X-Client-Trim',
        required: false,
        description: "true: the client trimmed the text to the plan's limit (recorded)",
      },
    ],
  })
  humanise(
    @ContractBody() body: z.output<typeof HumaniseRequest>,
    @Caller() caller: CallerCredentials,
    @Headers('x-client-trim') clientTrim: string | undefined,
  ): Promise<HumaniseResponse> {
    return this.commands.execute(
      new HumaniseText(caller, {
        text: body.text,
        tone: body.tone,
        attempt: body.attempt,
        clientTrim: isTrue(clientTrim),
      }),
    );
  }
}
