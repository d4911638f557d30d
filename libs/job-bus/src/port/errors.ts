import type { JobPriority } from './priority';

/** No reply within the request's timeout (45 s by default). The job may still run; its late reply is ignored. */
export class JobTimeoutError extends Error {
  readonly code = 'JOB_TIMEOUT';
  constructor(
    readonly jobId: string,
    readonly kind: string,
    readonly priority: JobPriority,
    readonly timeoutMs: number,
  ) {
    super(`Job ${kind} ${jobId} (${priority}) got no result within ${timeoutMs} ms`);
    this.name = 'JobTimeoutError';
  }
}

/** The worker ran the job and it failed; carries the worker's error message (and code when it had one). */
export class JobFailedError extends Error {
  readonly code = 'JOB_FAILED';
  constructor(
    readonly jobId: string,
    readonly kind: string,
    readonly workerMessage: string,
    readonly workerErrorCode?: string,
  ) {
    super(`Job ${kind} ${jobId} failed: ${workerMessage}`);
    this.name = 'JobFailedError';
  }
}

/** The bus was closed before the job got a result. */
export class JobBusClosedError extends Error {
  readonly code = 'JOB_BUS_CLOSED';
  constructor(readonly jobId?: string) {
    super(jobId ? `Job bus closed before job ${jobId} finished` : 'Job bus is closed');
    this.name = 'JobBusClosedError';
  }
}

/**
 * The bus could not take the job (Kafka unreachable or refusing it after its retries, e.g. while the broker
 * restarts). A JobBusClosedError, so callers answer it as "unavailable, try again" (503), not as an internal error.
 */
export class JobBusUnavailableError extends JobBusClosedError {
  constructor(jobId: string, cause: unknown) {
    super(jobId);
    this.name = 'JobBusUnavailableError';
    this.message = `Job ${jobId} could not be published: ${cause instanceof Error ? cause.message : String(cause)}`;
    this.cause = cause;
  }
}

/** Serialisable form of a handler's error, as it crosses a thread or Kafka. */
export interface JobErrorInfo {
  name: string;
  message: string;
  code?: string;
}

export function toJobErrorInfo(error: unknown): JobErrorInfo {
  if (error instanceof Error) {
    const code = (error as { code?: unknown }).code;
    return { name: error.name, message: error.message, ...(typeof code === 'string' ? { code } : {}) };
  }
  return { name: 'Error', message: String(error) };
}
