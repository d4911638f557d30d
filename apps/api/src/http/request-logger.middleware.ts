import { Logger } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';

/** One line per request once the answer is sent: method, path, status, duration (Nest's `log` = LOG_LEVEL info). */
export function requestLogger(logger = new Logger('HTTP')) {
  return (req: Request, res: Response, next: NextFunction): void => {
    const started = process.hrtime.bigint();
    res.on('finish', () => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      const line = `${req.method} ${req.originalUrl} ${res.statusCode} ${ms.toFixed(1)}ms`;
      if (res.statusCode >= 500) logger.warn(line);
      else logger.log(line);
    });
    next();
  };
}
