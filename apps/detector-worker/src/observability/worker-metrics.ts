import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { JobOutcome } from '@inkprint/job-bus';
import { ProcessMetrics } from '@inkprint/metrics';

/** The detector worker's Prometheus metrics, on a registry of its own (several workers can share a test process). */
export class WorkerMetrics extends ProcessMetrics {
  readonly jobsProcessed = this.counter(
    'inkprint_worker_jobs_total',
    'Jobs this worker ran, by kind, detection mode and outcome (ok or the error name)',
    ['kind', 'mode', 'outcome'],
  );

  readonly jobDuration = this.histogram(
    'inkprint_worker_job_duration_seconds',
    'Time a job took in this worker (handler start to result), by kind, mode and outcome',
    ['kind', 'mode', 'outcome'],
  );

  readonly engineDuration = this.histogram(
    'inkprint_worker_engine_seconds',
    "Engine time the job's result reports (result.timings.durationMs), by kind and mode",
    ['kind', 'mode'],
  );

  readonly inFlight = this.gauge('inkprint_worker_jobs_in_flight', 'Jobs running in this worker now', ['kind']);

  constructor(options: { defaultMetrics?: boolean } = {}) {
    super();
    this.collectProcessMetrics('inkprint_worker_', options);
  }

  /** For observedJobHandler: a job started. */
  started(kind: string): void {
    this.inFlight.inc({ kind });
  }

  /** For observedJobHandler: a job finished. */
  finished({ job, mode, outcome, ms, engineMs }: JobOutcome): void {
    this.inFlight.dec({ kind: job.kind });
    this.jobsProcessed.inc({ kind: job.kind, mode, outcome });
    this.jobDuration.observe({ kind: job.kind, mode, outcome }, ms / 1000);
    if (engineMs !== undefined) this.engineDuration.observe({ kind: job.kind, mode }, engineMs / 1000);
  }
}

/** A tiny HTTP server answering GET /metrics (Prometheus text) and 404 for anything else. */
export async function serveMetrics(
  metrics: WorkerMetrics,
  port: number,
  host = '0.0.0.0',
): Promise<{ port: number; close: () => Promise<void> }> {
  const server: Server = createServer((req, res) => {
    if (req.method !== 'GET' || (req.url ?? '').split('?')[0] !== '/metrics') {
      res.writeHead(404, { 'Content-Type': 'text/plain' }).end('not found\n');
      return;
    }
    metrics.text().then(
      ({ contentType, body }) =>
        res.writeHead(200, { 'Content-Type': contentType, 'Cache-Control': 'no-store' }).end(body),
      (error: unknown) => res.writeHead(500, { 'Content-Type': 'text/plain' }).end(`${String(error)}\n`),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
