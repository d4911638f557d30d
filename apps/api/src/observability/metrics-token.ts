import { createHash, timingSafeEqual } from 'node:crypto';
import type { AppConfig } from '../config';

const digest = (s: string) => createHash('sha256').update(s).digest();

/**
 * Who may read the operator's view (`/metrics`, the detail of `/health`), from the `Authorization` header:
 * `allowed` (METRICS_TOKEN sent as `Bearer <token>`, or no token set outside production), `refused` (a token is set
 * and was not sent, or a wrong one was), `closed` (production without METRICS_TOKEN: nobody).
 */
export function metricsAccess(
  config: Pick<AppConfig, 'metricsToken' | 'nodeEnv'>,
  authorization: string | undefined,
): 'allowed' | 'refused' | 'closed' {
  const token = config.metricsToken;
  if (!token) return config.nodeEnv === 'production' ? 'closed' : 'allowed';
  const presented = /^Bearer (.+)$/.exec(authorization ?? '')?.[1] ?? '';
  return timingSafeEqual(digest(presented), digest(token)) ? 'allowed' : 'refused';
}
