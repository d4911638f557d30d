import { ArgumentsHost, Catch, ExceptionFilter, Logger } from '@nestjs/common';
import type { Request, Response } from 'express';
import { toErrorBody } from './error-body';

/** Registered once, globally: every error leaves the API as `{ message, status, code, details }`. */
@Catch()
export class ApiExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('HTTP');

  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const res = http.getResponse<Response>();
    const req = http.getRequest<Request>();
    const body = toErrorBody(exception);
    if (body.status >= 500) {
      const stack = exception instanceof Error ? exception.stack : String(exception);
      this.logger.error(`${req.method} ${req.originalUrl} failed: ${body.code}`, stack);
    }
    if (res.headersSent) {
      res.end();
      return;
    }
    res.status(body.status).json(body);
  }
}
