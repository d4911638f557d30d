import type { Server } from 'node:http';
import type { Duplex } from 'node:stream';
import type { ApiErrorBody } from '@inkprint/contracts';
import type { NextFunction, Request, Response } from 'express';

/**
 * How long a client may take to send a request (issue 39 item 1). Slow clients are cut off, so that nobody can hold
 * sockets, memory or (before the fix) the AI routes' work slots by sending a body one byte at a time.
 */
export interface HttpTimeouts {
  /** From the connection's first byte to the end of the request's headers (Node's `headersTimeout`). Default 20 s. */
  headersTimeoutMs?: number;
  /**
   * From the first byte to the end of the whole request, body included (Node's `requestTimeout`): the bound for
   * multipart uploads (10 MB files, 100 MB batches). Default 120 s.
   */
  requestTimeoutMs?: number;
  /**
   * From the end of the headers to the end of a JSON or form body (at most 1 MB: 30 s is 33 kB/s). Default 30 s.
   * Multipart uploads are bounded by `requestTimeoutMs`.
   */
  bodyTimeoutMs?: number;
  /** How often Node looks for requests past `headersTimeoutMs` / `requestTimeoutMs` (default: a quarter of the smaller, at most 5 s). */
  checkIntervalMs?: number;
}

export const DEFAULT_HTTP_TIMEOUTS: Required<Omit<HttpTimeouts, 'checkIntervalMs'>> = {
  headersTimeoutMs: 20_000,
  requestTimeoutMs: 120_000,
  bodyTimeoutMs: 30_000,
};

/** Who cut a slow request off: the body deadline (the middleware below) or the server's header/request timeout. */
export type CutBy = 'body_deadline' | 'server_timeout';

export const CLIENT_TIMEOUT_MESSAGE = 'The request took too long and was cancelled.';

const timeoutBody = (timeoutMs: number): ApiErrorBody => ({
  message: CLIENT_TIMEOUT_MESSAGE,
  status: 408,
  code: 'CLIENT_TIMEOUT',
  details: { timeoutMs },
});

function rawResponse(status: number, reason: string, body?: ApiErrorBody): string {
  const json = body ? JSON.stringify(body) : '';
  return (
    `HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\n` +
    (body ? `Content-Type: application/json; charset=utf-8\r\n` : '') +
    `Content-Length: ${Buffer.byteLength(json)}\r\n\r\n${json}`
  );
}

/**
 * Sets the server's header and request timeouts, and answers a request cut off by them with 408 CLIENT_TIMEOUT
 * (counted by `onCut`). Node's own answers to other broken requests (400, 413, 431) are kept.
 */
export function applyServerTimeouts(server: Server, timeouts: HttpTimeouts, onCut: (by: CutBy) => void): void {
  const requestTimeoutMs = timeouts.requestTimeoutMs ?? DEFAULT_HTTP_TIMEOUTS.requestTimeoutMs;
  const headersTimeoutMs = Math.min(
    timeouts.headersTimeoutMs ?? DEFAULT_HTTP_TIMEOUTS.headersTimeoutMs,
    requestTimeoutMs,
  );
  server.requestTimeout = requestTimeoutMs;
  server.headersTimeout = headersTimeoutMs;
  // Read by Node when the server starts listening.
  (server as Server & { connectionsCheckingInterval: number }).connectionsCheckingInterval =
    timeouts.checkIntervalMs ?? Math.max(250, Math.min(5_000, Math.floor(headersTimeoutMs / 4)));
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    const timedOut = error.code === 'ERR_HTTP_REQUEST_TIMEOUT';
    if (timedOut) onCut('server_timeout');
    // As Node answers when nobody listens: only on a socket nothing was written to yet.
    if (socket.writable && (socket as Duplex & { bytesWritten?: number }).bytesWritten === 0) {
      socket.write(
        timedOut
          ? rawResponse(408, 'Request Timeout', timeoutBody(requestTimeoutMs))
          : error.code === 'HPE_HEADER_OVERFLOW'
            ? rawResponse(431, 'Request Header Fields Too Large')
            : error.code === 'HPE_CHUNK_EXTENSIONS_OVERFLOW'
              ? rawResponse(413, 'Payload Too Large')
              : rawResponse(400, 'Bad Request'),
      );
    }
    socket.destroy();
  });
}

const hasBody = (req: Request) =>
  req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0;

/**
 * Before the body parsers: a JSON or form body not received in full within `timeoutMs` of the headers is answered
 * 408 CLIENT_TIMEOUT and its connection closed (counted by `onCut`). The body parsers read at most 1 MB, so any
 * honest client sends it well within the deadline; a client trickling bytes holds nothing past it.
 */
export function bodyDeadline(timeoutMs: number, onCut: (by: CutBy) => void) {
  return (req: Request, res: Response, next: NextFunction): void => {
    if (!hasBody(req) || req.complete || req.is('multipart/form-data')) return next();
    const timer = setTimeout(() => {
      if (req.complete || res.writableEnded) return;
      onCut('body_deadline');
      res.once('finish', () => req.socket.destroy());
      if (res.headersSent) {
        req.socket.destroy();
        return;
      }
      res.status(408).set('Connection', 'close').json(timeoutBody(timeoutMs));
    }, timeoutMs);
    timer.unref();
    const clear = () => clearTimeout(timer);
    req.once('end', clear);
    req.once('close', clear);
    res.once('finish', clear);
    res.once('close', clear);
    next();
  };
}
