import { HttpException } from '@nestjs/common';
import express, { type ErrorRequestHandler, type RequestHandler } from 'express';
import { fromBodyParserError } from './error-body';

export const BODY_LIMIT = '1mb';

/**
 * JSON and form body parsers (Nest's own are switched off) followed by a translator, because Nest turns a
 * parse failure into a bare 400 carrying the parser's message; this keeps the catalogue code INVALID_JSON.
 */
export function bodyParsers(): Array<RequestHandler | ErrorRequestHandler> {
  const translate: ErrorRequestHandler = (error, _req, res, next) => {
    // A body cut off by its deadline (slow-requests.ts) was answered already: its parser's 'aborted' ends here.
    if (res.headersSent) return;
    const body = fromBodyParserError(error);
    next(body ? new HttpException(body, body.status) : error);
  };
  return [express.json({ limit: BODY_LIMIT }), express.urlencoded({ extended: true, limit: BODY_LIMIT }), translate];
}
