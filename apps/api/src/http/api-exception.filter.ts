import { ArgumentsHost, Catch, ExceptionFilter, Logger } from '@nestjs/common';
import type { Request, Response } from 'express';
import { maskEmailsIn } from '@inkprint/mail';
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
      if (!req.complete && (req.destroyed || req.socket?.destroyed)) {
        // The client went away before its request was received in full (an upload cut off): nothing failed here
        // (issue 39 item 7: it was logged as an error, with a stack).
        this.logger.log(
          `${req.method} ${maskEmailsIn(req.originalUrl)}: the client closed the connection before sending it all`,
        );
      } else {
        // No e-mail address in the log (a mail server's refusal quotes the recipient; a query may hold one).
        const stack = maskEmailsIn((exception instanceof Error ? exception.stack : undefined) ?? String(exception));
        this.logger.error(`${req.method} ${maskEmailsIn(req.originalUrl)} failed: ${body.code}`, stack);
      }
    }
    if (res.headersSent) {
      res.end();
      return;
    }
    // A refusal that says when to come back (rate limits: details.retryAfterSeconds) says it in Retry-After too.
    const retryAfter = body.details.retryAfterSeconds;
    if (typeof retryAfter === 'number' && Number.isFinite(retryAfter) && retryAfter > 0)
      res.setHeader('Retry-After', String(Math.ceil(retryAfter)));
    res.status(body.status).json(body);
  }
}
