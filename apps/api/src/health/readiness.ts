import type { HealthCheckResult } from './health-indicator';
import type { HealthReport } from './health-indicator.registry';

/** What a load balancer needs before sending traffic: the database, the job bus and fresh-enough read models. */
export const READINESS_CHECKS = ['database', 'jobBus', 'projections'] as const;

/** A projection more than this many committed events behind the log makes the process not ready. */
export const READY_MAX_PROJECTION_LAG = 1000;

/**
 * Readiness from a health report: only READINESS_CHECKS count, and the projections check is down when any
 * projection lags more than `maxLag` events (liveness, GET /health, reports the lag without judging it).
 */
export function readiness(report: HealthReport, maxLag = READY_MAX_PROJECTION_LAG): HealthReport {
  const checks: Record<string, HealthCheckResult> = {};
  for (const name of READINESS_CHECKS) {
    checks[name] = report.checks[name] ?? { status: 'down', error: 'not registered' };
  }
  const projections = checks.projections;
  if (projections.status !== 'down' && Array.isArray(projections.projections)) {
    const behind = (projections.projections as Array<{ name: string; lag: number }>).filter((p) => p.lag > maxLag);
    if (behind.length > 0) {
      checks.projections = {
        ...projections,
        status: 'down',
        error: `${behind.map((p) => `${p.name} (${p.lag})`).join(', ')} more than ${maxLag} events behind`,
      };
    }
  }
  // A degraded check still serves traffic: ready, and said so.
  const degraded = Object.values(checks).some((c) => c.status === 'degraded');
  return {
    healthy: Object.values(checks).every((c) => c.status !== 'down'),
    ...(degraded ? { degraded } : {}),
    checks,
  };
}
