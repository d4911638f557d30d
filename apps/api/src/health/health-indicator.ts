/** Result of one health check: `up` (optionally with details such as a latency) or `down` with the reason. */
export type HealthCheckResult = Readonly<{ status: 'up' | 'down'; error?: string; [detail: string]: unknown }>;

/**
 * One dependency the process needs (database, job bus, event store...). `check` resolves with details when the
 * dependency is usable and throws (or resolves `{ status: 'down' }`) when it is not.
 */
export interface HealthIndicator {
  readonly name: string;
  check(): Promise<Record<string, unknown> | void>;
}
