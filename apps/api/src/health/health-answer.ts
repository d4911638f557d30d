import { HttpStatus } from '@nestjs/common';
import type { Response } from 'express';
import type { HealthReport } from './health-indicator.registry';

/**
 * The answer of a health route. With `detail`, every check (components, queue, mail transport, language model…)
 * and, on a 503, which of them are down; without it (production's public `/health`, issue 39 item 7) the overall
 * status only, so the public learns nothing of how the service is built.
 */
export function healthAnswer(report: HealthReport, res: Response, detail: boolean) {
  res.setHeader('Cache-Control', 'no-store');
  if (report.healthy) {
    const status = report.degraded ? 'degraded' : 'ok';
    return detail ? { status, checks: report.checks } : { status };
  }
  res.status(HttpStatus.SERVICE_UNAVAILABLE);
  if (!detail) {
    return {
      message: 'Service unavailable.',
      status: HttpStatus.SERVICE_UNAVAILABLE,
      code: 'SERVICE_UNAVAILABLE',
      details: {},
    };
  }
  const failing = Object.entries(report.checks)
    .filter(([, check]) => check.status === 'down')
    .map(([name]) => name);
  return {
    message: `Service unavailable: ${failing.join(', ')} ${failing.length === 1 ? 'is' : 'are'} down`,
    status: HttpStatus.SERVICE_UNAVAILABLE,
    code: 'SERVICE_UNAVAILABLE',
    details: { failing, checks: report.checks },
  };
}
