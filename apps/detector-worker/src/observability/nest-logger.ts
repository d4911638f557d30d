import type { LoggerService } from '@nestjs/common';
import { logger as processLogger } from '@inkprint/job-bus';
import type { Logger } from 'pino';

/**
 * Nest's own logs through the process's pino logger (one JSON line each, with the correlation id in scope): Nest
 * passes the context (`new Logger('DetectorWorker')`) as the last argument, which becomes `context` on the line.
 */
export class PinoNestLogger implements LoggerService {
  constructor(private readonly target: () => Logger = processLogger) {}

  log(message: unknown, ...params: unknown[]): void {
    this.write('info', message, params);
  }

  error(message: unknown, ...params: unknown[]): void {
    // Nest: error(message, stack?, context?)
    const context = params.length > 0 && typeof params[params.length - 1] === 'string' ? params.pop() : undefined;
    const stack = typeof params[0] === 'string' ? params[0] : undefined;
    this.target().error({ ...(context ? { context } : {}), ...(stack ? { stack } : {}) }, text(message));
  }

  warn(message: unknown, ...params: unknown[]): void {
    this.write('warn', message, params);
  }

  debug(message: unknown, ...params: unknown[]): void {
    this.write('debug', message, params);
  }

  verbose(message: unknown, ...params: unknown[]): void {
    this.write('trace', message, params);
  }

  fatal(message: unknown, ...params: unknown[]): void {
    this.write('fatal', message, params);
  }

  private write(level: 'info' | 'warn' | 'debug' | 'trace' | 'fatal', message: unknown, params: unknown[]): void {
    const context = typeof params[params.length - 1] === 'string' ? (params[params.length - 1] as string) : undefined;
    this.target()[level](context ? { context } : {}, text(message));
  }
}

function text(message: unknown): string {
  if (typeof message === 'string') return message;
  if (message instanceof Error) return message.stack ?? message.message;
  return JSON.stringify(message);
}
