import { z } from 'zod';

export const HealthCheck = z
  .object({
    status: z.enum(['up', 'degraded', 'down']),
    latencyMs: z.number().optional(),
    error: z.string().optional(),
  })
  .catchall(z.unknown())
  .meta({ id: 'HealthCheck' });
export type HealthCheck = z.infer<typeof HealthCheck>;

/**
 * `GET /health` when no check is down: `ok`, or `degraded` when a check works but needs an operator (a projection
 * parked an event it could not apply). A 503 answers the ApiErrorBody with details.failing and details.checks.
 * In production the checks (and the 503's details) are left out unless the metrics token is sent; `GET /admin/health`
 * always has them.
 */
export const HealthResponse = z
  .object({ status: z.enum(['ok', 'degraded']), checks: z.record(z.string(), HealthCheck).optional() })
  .meta({ id: 'HealthResponse' });
export type HealthResponse = z.infer<typeof HealthResponse>;
