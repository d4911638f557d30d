import { Writable } from 'node:stream';
import pino, { type DestinationStream, type Logger } from 'pino';
import { currentCorrelationId } from './correlation';

export const LOG_FORMATS = ['json', 'pretty'] as const;
export type LogFormat = (typeof LOG_FORMATS)[number];

/** LOG_LEVEL values (libs/config) and the pino level each one means. */
const PINO_LEVELS = {
  silent: 'silent',
  error: 'error',
  warn: 'warn',
  info: 'info',
  debug: 'debug',
  verbose: 'trace',
} as const;
export type LogLevelSetting = keyof typeof PINO_LEVELS;

export interface LoggingOptions {
  /** Default info. */
  level?: LogLevelSetting;
  /** json: one JSON object a line (production); pretty: one readable line (development). Default json. */
  format?: LogFormat;
  /** Where lines go; default stdout (synchronous writes, so no line is lost when the process exits). */
  destination?: DestinationStream;
  /** `name` on every line (the process: api, detector-worker, cli). */
  name?: string;
}

/**
 * A pino logger whose every line carries the correlation id in scope (`correlationId`, from AsyncLocalStorage) when
 * there is one.
 */
export function createLogger(options: LoggingOptions = {}): Logger {
  const format = options.format ?? 'json';
  const target = options.destination ?? pino.destination({ fd: 1, sync: true });
  return pino(
    {
      level: PINO_LEVELS[options.level ?? 'info'],
      ...(options.name ? { name: options.name } : {}),
      base: { pid: process.pid },
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      mixin: () => {
        const correlationId = currentCorrelationId();
        return correlationId ? { correlationId } : {};
      },
    },
    format === 'pretty' ? prettyLines(target) : target,
  );
}

let processLogger: Logger | undefined;

/** Sets the logger of this process (the API, the worker and the CLI call it once at start; tests with a sink). */
export function configureLogging(options: LoggingOptions): Logger {
  processLogger = createLogger(options);
  return processLogger;
}

/** The logger of this process: the configured one, else JSON at info on stdout. */
export function logger(): Logger {
  processLogger ??= createLogger();
  return processLogger;
}

/**
 * Pretty format without another dependency: `HH:MM:SS.mmm LEVEL [context] message key=value ...` on one line.
 * Exported for its unit test.
 */
export function prettyLine(json: string): string {
  let record: Record<string, unknown>;
  try {
    record = JSON.parse(json) as Record<string, unknown>;
  } catch {
    return json;
  }
  const { time, level, msg, context, name, pid: _pid, ...rest } = record;
  const clock = typeof time === 'string' ? time.slice(11, 23) : '';
  const where = typeof context === 'string' ? context : typeof name === 'string' ? name : '';
  const fields = Object.entries(rest)
    .map(([key, value]) => `${key}=${typeof value === 'string' ? value : JSON.stringify(value)}`)
    .join(' ');
  return [clock, String(level ?? '').toUpperCase(), where ? `[${where}]` : '', String(msg ?? ''), fields]
    .filter((part) => part.length > 0)
    .join(' ');
}

function prettyLines(target: DestinationStream): DestinationStream {
  return new Writable({
    write(chunk: Buffer | string, _encoding, done) {
      const lines = chunk
        .toString()
        .split('\n')
        .filter((line) => line.length > 0);
      for (const line of lines) target.write(`${prettyLine(line)}\n`);
      done();
    },
  });
}
