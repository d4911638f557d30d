import type { NextFunction, Request, Response } from 'express';
import { Counter, Gauge } from 'prom-client';
import { ProcessMetrics } from '@inkprint/metrics';

/** Seconds: 1 ms .. 2.5 s, for database work (an append, a projection batch). */
const DATABASE_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5];

/**
 * The API's Prometheus metrics, on a registry of its own (`ProcessMetrics`, shared with the detector worker), so
 * two apps in one process (the e2e tests) never register a metric twice. Scraped at GET /metrics.
 */
export class ApiMetrics extends ProcessMetrics {
  readonly httpRequestDuration = this.histogram(
    'inkprint_http_request_duration_seconds',
    'HTTP request latency by method, route template and status code',
    ['method', 'route', 'status'],
  );

  readonly jobDuration = this.histogram(
    'inkprint_job_duration_seconds',
    'Time from a job request to its reply, as the API waits for it, by kind, detection mode and outcome',
    ['kind', 'mode', 'outcome'],
  );

  readonly engineDuration = this.histogram(
    'inkprint_detector_engine_seconds',
    'Detector engine time reported by the worker (result.timings.durationMs), by job kind and mode',
    ['kind', 'mode'],
  );

  readonly jobsInFlight = this.gauge(
    'inkprint_jobs_in_flight',
    'Jobs this API process has requested and not yet had answered (waiting or running), by priority',
    ['priority'],
  );

  readonly appendDuration = this.histogram(
    'inkprint_eventstore_append_seconds',
    'Event-store append latency (one appendToStream call), by outcome (ok or the error code)',
    ['outcome'],
    DATABASE_BUCKETS,
  );

  readonly projectionBatchDuration = this.histogram(
    'inkprint_projection_batch_seconds',
    'Time to apply one projection batch (read-model rows and checkpoint in one transaction), by projection',
    ['projection'],
    DATABASE_BUCKETS,
  );

  readonly projectionEvents = this.counter(
    'inkprint_projection_events_total',
    'Events applied to a read model, by projection',
    ['projection'],
  );

  /** For ProjectionRunner's onBatch: one applied batch of `projection`. */
  observeProjectionBatch(projection: string, batch: { events: number; seconds: number }): void {
    this.projectionBatchDuration.observe({ projection }, batch.seconds);
    this.projectionEvents.inc({ projection }, batch.events);
  }

  /** Times every append of `store` (replaces its appendToStream with a timed wrapper; same signature). */
  timeAppends<S extends { appendToStream: (...args: never[]) => Promise<unknown> }>(store: S): void {
    const append = store.appendToStream.bind(store) as (...args: unknown[]) => Promise<unknown>;
    const histogram = this.appendDuration;
    (store as { appendToStream: unknown }).appendToStream = async (...args: unknown[]) => {
      const stop = histogram.startTimer();
      try {
        const result = await append(...args);
        stop({ outcome: 'ok' });
        return result;
      } catch (error) {
        const code = (error as { code?: unknown } | null)?.code;
        stop({ outcome: typeof code === 'string' ? code : 'error' });
        throw error;
      }
    };
  }

  /** `inkprint_sql_statements_total`: the statements the process sent to its database (SqlStatements, at the driver). */
  countStatements(statements: { readonly total: number }): void {
    new Counter({
      name: 'inkprint_sql_statements_total',
      help: 'SQL statements sent to the database (event store, read models and vault; transaction control included)',
      registers: [this.registry],
      collect() {
        this.reset();
        this.inc(statements.total);
      },
    });
  }

  readonly requestsShed = this.counter(
    'inkprint_requests_shed_total',
    'AI requests refused with 503 SERVICE_UNAVAILABLE because the process was at its admission limit, by route',
    ['route'],
  );

  readonly slowRequestsCut = this.counter(
    'inkprint_slow_requests_cut_total',
    'Requests cut off with 408 CLIENT_TIMEOUT because the client sent them too slowly, by what cut them off (body_deadline: a JSON or form body; server_timeout: headers or the whole request)',
    ['by'],
  );

  /** Counts the requests `admission` sheds and shows its in-flight count and limit; returns its middleware. */
  admit(admission: {
    onShed?: (route: string, work: string) => void;
    readonly active: number;
    workSeen(): string[];
    limit(work: string): number;
    middleware(): (req: Request, res: Response, next: NextFunction) => void;
  }) {
    admission.onShed = (route) => this.requestsShed.inc({ route });
    this.gaugeAtScrape('inkprint_ai_requests_in_flight', 'AI requests admitted and not yet answered', [], async () => [
      { labels: {}, value: admission.active },
    ]);
    this.gaugeAtScrape(
      'inkprint_ai_admission_limit',
      "AI requests of each kind of work (route, and a detection's mode) the process lets in at once now (its answer rate for that work x the queue budget, at least the minimum)",
      ['work'],
      async () => admission.workSeen().map((work) => ({ labels: { work }, value: admission.limit(work) })),
    );
    return admission.middleware();
  }

  readonly quotaRefusals = this.counter(
    'inkprint_quota_refusals_total',
    'Requests refused with DAILY_LIMIT_REACHED, by feature (detector, humaniser)',
    ['feature'],
  );

  constructor(options: { defaultMetrics?: boolean } = {}) {
    super();
    this.collectProcessMetrics('inkprint_api_', options);
  }

  /**
   * Express middleware timing every request. The route label is the matched route template (`/ai/report/:id`),
   * never the raw URL, so ids do not explode the label set; unmatched paths (static files, the SPAs, 404s) share
   * `unmatched`.
   */
  httpMiddleware() {
    return (req: Request, res: Response, next: NextFunction): void => {
      const stop = this.httpRequestDuration.startTimer();
      res.on('finish', () => {
        stop({ method: req.method, route: routeTemplate(req), status: String(res.statusCode) });
      });
      next();
    };
  }

  /**
   * A gauge read at scrape time: `read` returns one value per label set (e.g. lag per projection). A failing read
   * leaves the gauge empty for that scrape instead of failing the whole /metrics answer.
   */
  gaugeAtScrape<L extends string>(
    name: string,
    help: string,
    labelNames: readonly L[],
    read: () => Promise<Array<{ labels: Partial<Record<L, string>>; value: number }>>,
  ): void {
    new Gauge<L>({
      name,
      help,
      labelNames,
      registers: [this.registry],
      async collect() {
        this.reset();
        const values = await read().catch(() => []);
        for (const { labels, value } of values) this.set(labels, value);
      },
    });
  }

  /** Wraps one job request: in-flight gauge per priority, latency per kind/mode/outcome, engine time from the result. */
  async observeJob<R>(job: { kind: string; priority: string; payload: unknown }, run: () => Promise<R>): Promise<R> {
    const payload = (job.payload ?? {}) as { mode?: unknown };
    const mode = typeof payload.mode === 'string' ? payload.mode : 'none';
    this.jobsInFlight.inc({ priority: job.priority });
    const stop = this.jobDuration.startTimer({ kind: job.kind, mode });
    try {
      const result = await run();
      stop({ outcome: 'ok' });
      const durationMs = (result as { timings?: { durationMs?: unknown } } | null)?.timings?.durationMs;
      if (typeof durationMs === 'number') this.engineDuration.observe({ kind: job.kind, mode }, durationMs / 1000);
      return result;
    } catch (error) {
      stop({ outcome: error instanceof Error ? error.name : 'error' });
      throw error;
    } finally {
      this.jobsInFlight.dec({ priority: job.priority });
    }
  }
}

export function routeTemplate(req: Request): string {
  const route = (req as Request & { route?: { path?: unknown } }).route;
  if (!route || typeof route.path !== 'string') return 'unmatched';
  return `${req.baseUrl ?? ''}${route.path}` || '/';
}
