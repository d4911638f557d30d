import { Controller, Get, HttpStatus, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { HealthResponse } from '@inkprint/contracts';
import { ApiContract } from '../http/api-contract';
import type { Response } from 'express';
import { HealthIndicatorRegistry, type HealthReport } from './health-indicator.registry';
import { readiness } from './readiness';

@ApiTags('health')
@Controller('health')
export class HealthController {
  constructor(private readonly registry: HealthIndicatorRegistry) {}

  @Get()
  @ApiContract({
    summary: 'Health of the database, projections, job bus and mail',
    responses: { 200: HealthResponse },
    errors: ['SERVICE_UNAVAILABLE'],
  })
  async health(@Res({ passthrough: true }) res: Response) {
    return answer(await this.registry.report(), res);
  }

  @Get('ready')
  @ApiContract({
    summary: 'Readiness: database, job bus and projections caught up within 1000 events (GET /health is liveness)',
    responses: { 200: HealthResponse },
    errors: ['SERVICE_UNAVAILABLE'],
  })
  async ready(@Res({ passthrough: true }) res: Response) {
    return answer(readiness(await this.registry.report()), res);
  }
}

function answer(report: HealthReport, res: Response) {
  res.setHeader('Cache-Control', 'no-store');
  if (report.healthy) return { status: report.degraded ? 'degraded' : 'ok', checks: report.checks };
  const failing = Object.entries(report.checks)
    .filter(([, check]) => check.status === 'down')
    .map(([name]) => name);
  res.status(HttpStatus.SERVICE_UNAVAILABLE);
  return {
    message: `Service unavailable: ${failing.join(', ')} ${failing.length === 1 ? 'is' : 'are'} down`,
    status: HttpStatus.SERVICE_UNAVAILABLE,
    code: 'SERVICE_UNAVAILABLE',
    details: { failing, checks: report.checks },
  };
}
