import { Catch, PayloadTooLargeException, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import { INGEST_LIMITS } from '@inkprint/ingest';
import type { Response } from 'express';

/** Multer refuses a file over 10 MB before it is read: answered as the spec's 'File Too Large' case. */
@Catch(PayloadTooLargeException)
export class UploadLimitFilter implements ExceptionFilter {
  catch(_error: PayloadTooLargeException, host: ArgumentsHost): void {
    host
      .switchToHttp()
      .getResponse<Response>()
      .status(413)
      .json({
        message: 'Selected file exceeds allowed size.',
        status: 413,
        code: 'REMOTE_SIZE_EXCEEDED',
        details: { max: INGEST_LIMITS.documentBytes, kind: 'document' },
      });
  }
}
