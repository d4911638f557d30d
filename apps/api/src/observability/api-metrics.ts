import type { NextFunction, Request, Response } from 'express';
import { collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

/** Seconds: 5 ms .. 30 s, enough for both a cached detection and a forensic one. */
export const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

/**
 * The API's Prometheus metrics, on a registry of its own (not prom-client's global one), so two apps in one
 * process (the e2e tests) never register a metric twice. Scraped at GET /metrics.
 */
export class ApiMetrics {
  readonly registry = new Registry();

  readonly httpRequestDuration = new Histogram({
    name: 'inkprint_http_request_duration_seconds',
    help: 'HTTP request latency by method, route template and status code',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [this.registry],
  });

  constructor(options: { defaultMetrics?: boolean } = {}) {
    if (options.defaultMetrics ?? true) collectDefaultMetrics({ register: this.registry, prefix: 'inkprint_api_' });
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

  async text(): Promise<{ contentType: string; body: string }> {
    return { contentType: this.registry.contentType, body: await this.registry.metrics() };
  }
}

export function routeTemplate(req: Request): string {
  const route = (req as Request & { route?: { path?: unknown } }).route;
  if (!route || typeof route.path !== 'string') return 'unmatched';
  return `${req.baseUrl ?? ''}${route.path}` || '/';
}
