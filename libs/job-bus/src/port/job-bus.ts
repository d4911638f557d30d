import { randomUUID } from 'node:crypto';
import { currentCorrelationId } from '../observability/correlation';
import { isJobPriority, type JobPriority } from './priority';

/** Default time the API waits for a job's result (product spec §9: request timeout 45 s). */
export const DEFAULT_JOB_TIMEOUT_MS = 45_000;

/** What the API asks for. */
export interface JobRequest<Kind extends string = string, Payload = unknown> {
  kind: Kind;
  priority: JobPriority;
  payload: Payload;
  /**
   * Correlation id of the request that caused the job (for logs); the job id is generated. The correlation id in
   * scope (the HTTP request's X-Request-Id, see observability/correlation) takes precedence when there is one.
   */
  correlationId?: string;
}

/** A job as a worker sees it. */
export interface JobEnvelope<Kind extends string = string, Payload = unknown> {
  /** Job id; also the correlation id of its reply. */
  id: string;
  kind: Kind;
  priority: JobPriority;
  payload: Payload;
  /** The id of the request that caused the job, carried into the worker's log lines and its reply. Optional on the
   * wire: envelopes from before it existed still run (the worker then logs the job id). */
  correlationId?: string;
  /** ISO-8601 time the job was requested. */
  requestedAt: string;
  /** Epoch milliseconds after which nobody waits for the result any more. */
  deadline: number;
}

export interface RequestOptions {
  /** Default 45 000 ms. */
  timeoutMs?: number;
}

/**
 * The envelope of a new request, the same for every bus: a fresh id, the request time and the deadline. Throws a
 * RangeError for an unknown priority (before anything is queued or sent).
 */
export function newJobEnvelope(
  job: JobRequest,
  options: RequestOptions = {},
): { envelope: JobEnvelope; timeoutMs: number } {
  if (!isJobPriority(job.priority)) throw new RangeError(`unknown job priority ${String(job.priority)}`);
  const timeoutMs = options.timeoutMs ?? DEFAULT_JOB_TIMEOUT_MS;
  const envelope: JobEnvelope = {
    id: randomUUID(),
    kind: job.kind,
    priority: job.priority,
    payload: job.payload,
    ...correlation(job.correlationId),
    requestedAt: new Date().toISOString(),
    deadline: Date.now() + timeoutMs,
  };
  return { envelope, timeoutMs };
}

function correlation(requested: string | undefined): { correlationId?: string } {
  const correlationId = currentCorrelationId() ?? requested;
  return correlationId ? { correlationId } : {};
}

/** The API side: request/reply. Rejects with JobTimeoutError, JobFailedError or JobBusClosedError. */
export interface JobBus {
  request<Result = unknown>(job: JobRequest, options?: RequestOptions): Promise<Result>;
  /** For `/health`: resolves with what the bus can tell about itself, rejects when it cannot take jobs. */
  health(): Promise<JobBusHealth>;
  close(): Promise<void>;
}

export interface JobBusHealth {
  kind: 'in-process' | 'kafka';
  [detail: string]: unknown;
}

/** Runs one job. Throwing fails the job: the requester gets a JobFailedError with the message. */
export type JobHandler = (job: JobEnvelope) => Promise<unknown> | unknown;

/**
 * A module that handles jobs inside a worker thread exports `handleJob` (named or default).
 * It is loaded by path so the bus does not import the engines.
 */
export interface JobHandlerModule {
  handleJob: JobHandler;
}

/** The worker side: consumes jobs, highest priority first. */
export interface JobWorker {
  /** Starts consuming; resolves once the worker is ready to receive jobs. */
  serve(handler: JobHandler): Promise<void>;
  /** Stops taking jobs, finishes the ones in progress, then releases resources. */
  close(): Promise<void>;
}
