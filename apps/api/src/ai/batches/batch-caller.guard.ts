import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { BATCH_MAX_BYTES } from '@inkprint/contracts';
import { DomainError } from '@inkprint/domain-kernel';
import type { Request, Response } from 'express';
import type { SignedInAccount } from '../../accounts';
import { UsageService } from '../../usage';
import { ToolUsers } from '../shared/tool-users';
import { batchTooLarge } from './batch-upload';

/** Room for the multipart framing around BATCH_MAX_BYTES of files (boundaries, part headers, the text fields). */
const MULTIPART_FRAMING_BYTES = 256 * 1024;

export const BATCH_SIGN_IN_MESSAGE = 'Sign in to check several files at once.';

/**
 * `POST /ai/batches`, after AiCallerGuard and before the upload is read (issue 39 item 3): the caller is known (a
 * session or an API key), the declared size fits, and the day has at least one detection left; otherwise the answer
 * goes out at once, without reading or unzipping a byte of the body, and the connection is closed behind it so that
 * the rest of an unread upload is not received either. SubmitBatch checks the exact count once the items are known.
 */
@Injectable()
export class BatchCallerGuard implements CanActivate {
  constructor(
    private readonly users: ToolUsers,
    private readonly usage: UsageService,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const http = context.switchToHttp();
    const req = http.getRequest<Request & { account?: SignedInAccount }>();
    try {
      if (!req.account) throw new DomainError('AUTH_REQUIRED', BATCH_SIGN_IN_MESSAGE, 401, { reason: 'batch' });
      if (Number(req.headers['content-length'] ?? 0) > BATCH_MAX_BYTES + MULTIPART_FRAMING_BYTES) throw batchTooLarge();
      const who = await this.users.resolve({ account: req.account });
      const left = await this.usage.remainingToday(who.holder, 'detector');
      if (left !== null && left <= 0)
        throw new DomainError(
          'DAILY_LIMIT_REACHED',
          'No detection requests are left today. Upgrade your plan or try again after the daily reset.',
          429,
          { feature: 'detector', fits: 0, ...(who.apiKeyId ? { apiKeyId: who.apiKeyId } : {}) },
        );
      return true;
    } catch (error) {
      if (!req.complete) http.getResponse<Response>().setHeader('Connection', 'close');
      throw error;
    }
  }
}
