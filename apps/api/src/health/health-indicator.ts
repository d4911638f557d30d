/**
 * Result of one health check: `up` (optionally with details such as a latency), `degraded` (working, but an operator
 * is needed: it says why) or `down` with the reason.
 */
export type HealthCheckResult = Readonly<{
  status: 'up' | 'degraded' | 'down';
  error?: string;
  [detail: string]: unknown;
}>;

/**
 * One dependency the process needs (database, job bus, event store...). `check` resolves with details when the
 * dependency is usable and throws (or resolves `{ status: 'down' }`) when it is not.
 */
export interface HealthIndicator {
  readonly name: string;
  check(): Promise<Record<string, unknown> | void>;
}
