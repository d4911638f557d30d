import {
  Controller,
  Get,
  HttpCode,
  Ip,
  Param,
  ParseIntPipe,
  Post,
  UploadedFiles,
  UseGuards,
  UseInterceptors,
} from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { FilesInterceptor } from '@nestjs/platform-express';
import { ApiConsumes, ApiTags } from '@nestjs/swagger';
import {
  BATCH_MAX_ITEMS,
  BatchItemReport,
  BatchList,
  BatchResponse,
  BatchTextsRequest,
  DetectQuery,
  hasUnsafeText,
  ListBatchesQuery,
  UNSAFE_TEXT_MESSAGE,
} from '@inkprint/contracts';
import { DomainError } from '@inkprint/domain-kernel';
import { INGEST_LIMITS, readZipFolder } from '@inkprint/ingest';
import type { z } from 'zod';
import { AiCallerGuard, ApiKeyScopes, callerOf, CurrentAccountOptional, type SignedInAccount } from '../../accounts';
import { AdmitAfterUpload } from '../../http/admit-after-upload.interceptor';
import { ApiContract, ContractBody, ContractQuery } from '../../http/api-contract';
import { RequestValidationError } from '../../http/api-error';
import { BatchCallerGuard } from './batch-caller.guard';
import { ListBatches } from './list-batches.query';
import { OpenBatch, OpenBatchItem } from './open-batch.query';
import { batchUploadStorage, overLimit, type BatchUploadPart } from './batch-upload';
import { SubmitBatch } from './submit-batch.handler';

const TOO_MANY = `A batch holds at most ${BATCH_MAX_ITEMS} files or texts.`;

/** Batch checks (issue 29 items 1 and 3; docs/ai.md "Batches"): many files or texts, each a detection. */
@ApiTags('ai')
@Controller('ai/batches')
@UseGuards(AiCallerGuard)
@ApiKeyScopes('detect')
export class BatchesController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Post()
  @HttpCode(202)
  // Who the caller is, and that a detection is left today, before a byte of the upload is read (issue 39 item 3).
  @UseGuards(BatchCallerGuard)
  // One more than allowed, so a 51st file is refused with the batch's own message rather than multer's. No per-file
  // size limit here: a file over 10 MB fails on its own item (batch-upload.ts); the request's total is bounded.
  @UseInterceptors(
    FilesInterceptor('files', BATCH_MAX_ITEMS + 1, {
      storage: batchUploadStorage,
      limits: { files: BATCH_MAX_ITEMS + 1, fields: 10 },
    }),
    AdmitAfterUpload,
  )
  @ApiConsumes('multipart/form-data', 'application/json')
  @ApiContract({
    summary:
      'Check up to 50 files (multipart `files`: txt, pdf, docx, jpg/png by OCR, or one zip holding them) or texts ({texts}) as one batch; each is counted like one detection',
    body: BatchTextsRequest,
    query: DetectQuery,
    responses: { 202: BatchResponse },
    errors: ['AUTH_REQUIRED', 'DAILY_LIMIT_REACHED', 'REMOTE_SIZE_EXCEEDED', 'FILE_UNREADABLE', 'EXTRACTION_TIMEOUT'],
    auth: 'bearer',
    apiKeyScopes: ['detect'],
  })
  async submit(
    @UploadedFiles() files: BatchUploadPart[] | undefined,
    @ContractBody('on-call') textsOfBody: () => z.output<typeof BatchTextsRequest>,
    @ContractQuery() query: z.output<typeof DetectQuery>,
    @Ip() ip: string,
    @CurrentAccountOptional() account: SignedInAccount | undefined,
  ): Promise<BatchResponse> {
    const uploads = files?.map((file) => ({ bytes: new Uint8Array(file.buffer), name: file.originalname })) ?? [];
    // One zip holding the files (a folder sent as is): its files are the batch, unpacked in an extraction thread.
    // A zip over the upload limit is the whole request: refused as such.
    if (files?.length === 1 && overLimit(files[0]) && /\.zip$/i.test(files[0].originalname))
      throw new DomainError('REMOTE_SIZE_EXCEEDED', 'Selected file exceeds allowed size.', 413, {
        max: INGEST_LIMITS.documentBytes,
        kind: 'document',
      });
    const folder =
      files?.length === 1 && !overLimit(files[0]) ? await readZipFolder(uploads[0].bytes, BATCH_MAX_ITEMS + 1) : null;
    const inputs = uploads.length
      ? (folder ?? uploads).map((file) => ({ file }))
      : textsOfBody().texts.map((text) => ({ text }));
    if (inputs.length > BATCH_MAX_ITEMS) throw new RequestValidationError({ files: [TOO_MANY] }, TOO_MANY);
    // A file name (a part's, or a zip entry's) with a NUL or another control character is refused like any such
    // field (issue 39 item 7: it answered 500 when the names were stored).
    if ((folder ?? uploads).some((file) => hasUnsafeText(file.name)))
      throw new RequestValidationError({ files: [UNSAFE_TEXT_MESSAGE] }, UNSAFE_TEXT_MESSAGE);
    // The address goes with the caller: the batch's files count against it too (issue 39 item 4).
    return this.commands.execute(
      new SubmitBatch({ ...callerOf(account, undefined, undefined, ip), ip }, query.mode, inputs),
    );
  }

  @Get()
  @ApiContract({
    summary: "The caller's own batches, newest first, with their counts (items, settled, failed); paged by cursor",
    query: ListBatchesQuery,
    responses: { 200: BatchList },
    errors: ['AUTH_REQUIRED'],
    auth: 'bearer',
    apiKeyScopes: ['detect'],
  })
  list(
    @ContractQuery() query: z.output<typeof ListBatchesQuery>,
    @Ip() ip: string,
    @CurrentAccountOptional() account: SignedInAccount | undefined,
  ): Promise<BatchList> {
    return this.queries.execute(
      new ListBatches(callerOf(account, undefined, undefined, ip), {
        limit: query.limit,
        ...(query.cursor ? { cursor: query.cursor } : {}),
      }),
    );
  }

  @Get(':id')
  @ApiContract({
    summary: "A batch's items: queued, done (with the detection result, 48 h) or failed (with the reason)",
    responses: { 200: BatchResponse },
    errors: ['BATCH_NOT_FOUND'],
    auth: 'bearer',
    apiKeyScopes: ['detect'],
  })
  open(
    @Param('id') id: string,
    @Ip() ip: string,
    @CurrentAccountOptional() account: SignedInAccount | undefined,
  ): Promise<BatchResponse> {
    return this.queries.execute(new OpenBatch(callerOf(account, undefined, undefined, ip), id));
  }

  @Get(':id/items/:index')
  @ApiContract({
    summary: 'One checked item with the text it was run on (48 h): what the report modal and its PDF show',
    responses: { 200: BatchItemReport },
    errors: ['BATCH_NOT_FOUND'],
    auth: 'bearer',
    apiKeyScopes: ['detect'],
  })
  item(
    @Param('id') id: string,
    @Param('index', ParseIntPipe) index: number,
    @Ip() ip: string,
    @CurrentAccountOptional() account: SignedInAccount | undefined,
  ): Promise<BatchItemReport> {
    return this.queries.execute(new OpenBatchItem(callerOf(account, undefined, undefined, ip), id, index));
  }
}
