import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/** Seconds: 5 ms .. 30 s, enough for both a cached detection and a forensic one (API and worker alike). */
export const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

/**
 * One process's Prometheus metrics (the API's `ApiMetrics`, the worker's `WorkerMetrics` extend it), on a registry
 * of its own rather than prom-client's global one, so two apps or several workers in one test process never
 * register a metric twice. A subclass declares its metrics with `counter`, `histogram` and `gauge`, then calls
 * `collectProcessMetrics` last, which keeps its own metrics first in the exposition text.
 */
export class ProcessMetrics {
  readonly registry = new Registry();

  /** Node's process metrics (CPU, memory, event loop, GC) under `prefix`, unless `defaultMetrics` is false. */
  protected collectProcessMetrics(prefix: string, options: { defaultMetrics?: boolean }): void {
    if (options.defaultMetrics ?? true) collectDefaultMetrics({ register: this.registry, prefix });
  }

  protected counter<L extends string>(name: string, help: string, labelNames: readonly L[] = []): Counter<L> {
    return new Counter<L>({ name, help, labelNames, registers: [this.registry] });
  }

  protected histogram<L extends string>(
    name: string,
    help: string,
    labelNames: readonly L[],
    buckets: number[] = LATENCY_BUCKETS,
  ): Histogram<L> {
    return new Histogram<L>({ name, help, labelNames, buckets, registers: [this.registry] });
  }

  protected gauge<L extends string>(name: string, help: string, labelNames: readonly L[]): Gauge<L> {
    return new Gauge<L>({ name, help, labelNames, registers: [this.registry] });
  }

  /** The exposition text and its content type, for GET /metrics. */
  async text(): Promise<{ contentType: string; body: string }> {
    return { contentType: this.registry.contentType, body: await this.registry.metrics() };
  }
}
