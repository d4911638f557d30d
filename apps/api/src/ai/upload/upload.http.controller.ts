import {
  Controller,
  Headers,
  HttpCode,
  Ip,
  Post,
  UploadedFile,
  UseFilters,
  UseGuards,
  UseInterceptors,
} from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { FileInterceptor } from '@nestjs/platform-express';
import { ApiConsumes, ApiTags } from '@nestjs/swagger';
import { Throttle } from '@nestjs/throttler';
import {
  hasUnsafeText,
  PROVIDE_FILE_OR_URL,
  UNSAFE_TEXT_MESSAGE,
  UploadTextFields,
  UploadTextResponse,
} from '@inkprint/contracts';
import { INGEST_LIMITS } from '@inkprint/ingest';
import type { z } from 'zod';
import {
  AiCallerGuard,
  ApiKeyScopes,
  callerOf,
  CurrentAccountOptional,
  GuestId,
  type SignedInAccount,
} from '../../accounts';
import { AuthThrottlerGuard } from '../../accounts/auth/auth-throttler.guard';
import { AdmitAfterUpload } from '../../http/admit-after-upload.interceptor';
import { RequestValidationError } from '../../http/api-error';
import { ApiContract, ContractBody } from '../../http/api-contract';
import { FileWorkLimits } from '../shared/file-work-limits';
import { ImportText } from './import-text.handler';
import { UploadLimitFilter } from './upload-limit.filter';

interface UploadedPart {
  buffer: Buffer;
  originalname: string;
  size: number;
}

@ApiTags('ai')
@Controller('ai')
export class UploadController {
  constructor(
    private readonly commands: CommandBus,
    private readonly fileWork: FileWorkLimits,
  ) {}

  @Post('upload-text')
  @HttpCode(200)
  @UseGuards(AiCallerGuard, AuthThrottlerGuard)
  @ApiKeyScopes('detect', 'humanise')
  @Throttle({ auth: { limit: 30, ttl: 60_000 } })
  @UseInterceptors(
    FileInterceptor('file', { limits: { fileSize: INGEST_LIMITS.documentBytes, files: 1, fields: 10 } }),
    AdmitAfterUpload,
  )
  @UseFilters(UploadLimitFilter)
  @ApiConsumes('multipart/form-data', 'application/json')
  @ApiContract({
    summary: 'Turn a file (txt, pdf, docx, jpg/png by OCR) or an https page into text, clipped to the plan limit',
    body: UploadTextFields,
    responses: { 200: UploadTextResponse },
    errors: [
      'REMOTE_SIZE_EXCEEDED',
      'UNSUPPORTED_FILE_TYPE',
      'FILE_EMPTY',
      'FILE_UNREADABLE',
      'NO_TEXT_FOUND',
      'EXTRACTION_TIMEOUT',
      'URL_INVALID',
      'URL_NOT_ALLOWED',
      'FETCH_FAILED',
      'FETCH_TIMEOUT',
      'GUEST_REQUIRED',
      'GUEST_INVALID',
      'TOO_MANY_REQUESTS',
    ],
    auth: 'guest-or-bearer',
    apiKeyScopes: ['detect', 'humanise'],
  })
  upload(
    @UploadedFile() file: UploadedPart | undefined,
    @ContractBody() body: z.output<typeof UploadTextFields>,
    @GuestId() guestId: string | undefined,
    @Headers('x-guest-token') guestToken: string | undefined,
    @Ip() ip: string,
    @CurrentAccountOptional() account: SignedInAccount | undefined,
  ): Promise<UploadTextResponse> {
    const source = file
      ? { file: { bytes: new Uint8Array(file.buffer), name: file.originalname } }
      : body.url
        ? { url: body.url }
        : undefined;
    if (!source) throw new RequestValidationError({ '': [PROVIDE_FILE_OR_URL] }, PROVIDE_FILE_OR_URL);
    // A file name with a NUL or another control character is refused like any such field (issue 39 item 7).
    if (file && hasUnsafeText(file.originalname))
      throw new RequestValidationError({ file: [UNSAFE_TEXT_MESSAGE] }, UNSAFE_TEXT_MESSAGE);
    // A file counts against the caller's and the address's files a minute, with batches' files (issue 39 item 4).
    if (file) this.fileWork.take({ ...(account ? { accountId: account.accountId } : {}), address: ip });
    return this.commands.execute(
      new ImportText(callerOf(account, guestId, guestToken, ip), source, body.action, body.mode),
    );
  }
}
