import type { JobEnvelope, JobHandler } from '../port/job-bus';
import { withCorrelationId } from './correlation';
import { logger } from './logger';

/** What a worker knows of one job once it has run (for its log line and its metrics). */
export interface JobOutcome {
  job: JobEnvelope;
  /** The detection mode from the payload, or `none` (humanise jobs). */
  mode: string;
  /** `ok`, or the error's name (a failed job). */
  outcome: string;
  ms: number;
  /** The engine's own time (result.timings.durationMs) when the result reports one. */
  engineMs?: number;
}

export interface ObservedHandlerOptions {
  /** Called as a job starts and once it has finished (metrics: in-flight, counts, durations). */
  onStart?: (job: JobEnvelope, mode: string) => void;
  onDone?: (outcome: JobOutcome) => void;
}

export function jobMode(job: Pick<JobEnvelope, 'payload'>): string {
  const mode = (job.payload as { mode?: unknown } | null | undefined)?.mode;
  return typeof mode === 'string' ? mode : 'none';
}

/**
 * The worker side of a job as the operators see it: the handler runs with the job's correlation id in scope (the
 * id of the HTTP request that caused it, else the job id), and each job writes one log line
 * `{ msg: 'job', jobId, kind, mode, priority, ms, outcome, correlationId }`.
 */
export function observedJobHandler(handler: JobHandler, options: ObservedHandlerOptions = {}): JobHandler {
  return (job) =>
    withCorrelationId(job.correlationId ?? job.id, async () => {
      const mode = jobMode(job);
      options.onStart?.(job, mode);
      const started = process.hrtime.bigint();
      const finish = (outcome: string, result?: unknown): void => {
        const ms = Number(process.hrtime.bigint() - started) / 1e6;
        const engineMs = (result as { timings?: { durationMs?: unknown } } | null | undefined)?.timings?.durationMs;
        const line = {
          jobId: job.id,
          kind: job.kind,
          mode,
          priority: job.priority,
          ms: Math.round(ms * 10) / 10,
          outcome,
        };
        if (outcome === 'ok') logger().info(line, 'job');
        else logger().warn(line, 'job');
        options.onDone?.({ job, mode, outcome, ms, ...(typeof engineMs === 'number' ? { engineMs } : {}) });
      };
      try {
        const result = await handler(job);
        finish('ok', result);
        return result;
      } catch (error) {
        finish(error instanceof Error ? error.name : 'error');
        throw error;
      }
    });
}
