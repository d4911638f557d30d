import { correlationIdFrom, logger, REQUEST_ID_HEADER, withCorrelationId } from '@inkprint/job-bus';
import type { NextFunction, Request, Response } from 'express';
import { routeTemplate } from './api-metrics';

/**
 * First middleware: the request's correlation id (a sane `X-Request-Id`, else a new uuid), echoed on the response,
 * and one log line once the answer is sent: method, route template, path, status, ms, correlationId.
 */
export function correlationMiddleware() {
  return (req: Request, res: Response, next: NextFunction): void => {
    const correlationId = correlationIdFrom(req.headers['x-request-id']);
    res.locals.correlationId = correlationId;
    res.setHeader(REQUEST_ID_HEADER, correlationId);
    const started = process.hrtime.bigint();
    res.on('finish', () => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      const line = {
        context: 'HTTP',
        correlationId,
        method: req.method,
        route: routeTemplate(req),
        path: req.originalUrl.split('?')[0],
        status: res.statusCode,
        ms: Math.round(ms * 10) / 10,
      };
      if (res.statusCode >= 500) logger().warn(line, 'request');
      else logger().info(line, 'request');
    });
    withCorrelationId(correlationId, next);
  };
}

/**
 * After the body parsers (their stream callbacks run outside the request's async scope): re-enters the request's
 * correlation scope, so controllers, handlers and jobs they request see the id.
 */
export function correlationScope() {
  return (_req: Request, res: Response, next: NextFunction): void => {
    const correlationId = res.locals.correlationId as string | undefined;
    if (correlationId) withCorrelationId(correlationId, next);
    else next();
  };
}
