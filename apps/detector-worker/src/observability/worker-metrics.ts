import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { JobOutcome } from '@inkprint/job-bus';

/** Seconds: 5 ms .. 30 s (the API's job latency buckets). */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

/** The detector worker's Prometheus metrics, on a registry of its own (several workers can share a test process). */
export class WorkerMetrics {
  readonly registry = new Registry();

  readonly jobsProcessed = new Counter({
    name: 'inkprint_worker_jobs_total',
    help: 'Jobs this worker ran, by kind, detection mode and outcome (ok or the error name)',
    labelNames: ['kind', 'mode', 'outcome'] as const,
    registers: [this.registry],
  });

  readonly jobDuration = new Histogram({
    name: 'inkprint_worker_job_duration_seconds',
    help: 'Time a job took in this worker (handler start to result), by kind, mode and outcome',
    labelNames: ['kind', 'mode', 'outcome'] as const,
    buckets: DURATION_BUCKETS,
    registers: [this.registry],
  });

  readonly engineDuration = new Histogram({
    name: 'inkprint_worker_engine_seconds',
    help: "Engine time the job's result reports (result.timings.durationMs), by kind and mode",
    labelNames: ['kind', 'mode'] as const,
    buckets: DURATION_BUCKETS,
    registers: [this.registry],
  });

  readonly inFlight = new Gauge({
    name: 'inkprint_worker_jobs_in_flight',
    help: 'Jobs running in this worker now',
    labelNames: ['kind'] as const,
    registers: [this.registry],
  });

  constructor(options: { defaultMetrics?: boolean } = {}) {
    if (options.defaultMetrics ?? true) collectDefaultMetrics({ register: this.registry, prefix: 'inkprint_worker_' });
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
    metrics.registry.metrics().then(
      (body) =>
        res.writeHead(200, { 'Content-Type': metrics.registry.contentType, 'Cache-Control': 'no-store' }).end(body),
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
