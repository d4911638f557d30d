import { z } from 'zod';

export const HealthCheck = z
  .object({ status: z.enum(['up', 'down']), latencyMs: z.number().optional(), error: z.string().optional() })
  .catchall(z.unknown())
  .meta({ id: 'HealthCheck' });
export type HealthCheck = z.infer<typeof HealthCheck>;

/** `GET /health` when every check is up (a 503 answers the ApiErrorBody with details.failing and details.checks). */
export const HealthResponse = z
  .object({ status: z.literal('ok'), checks: z.record(z.string(), HealthCheck) })
  .meta({ id: 'HealthResponse' });
export type HealthResponse = z.infer<typeof HealthResponse>;
