import { Controller, Get, Headers, Inject, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { HealthResponse } from '@inkprint/contracts';
import { ApiContract } from '../http/api-contract';
import type { Response } from 'express';
import { APP_CONFIG, type AppConfig } from '../config';
import { metricsAccess } from '../observability/metrics-token';
import { healthAnswer } from './health-answer';
import { HealthIndicatorRegistry } from './health-indicator.registry';
import { readiness } from './readiness';

/**
 * Liveness and readiness. In production the public answer is the overall status only; the checks (and, on a 503,
 * which are down) are shown with the metrics token (`Authorization: Bearer <METRICS_TOKEN>`, the same check as
 * `/metrics`) and to admins at `GET /admin/health`. Outside production every caller gets the detail.
 */
@ApiTags('health')
@Controller('health')
export class HealthController {
  constructor(
    private readonly registry: HealthIndicatorRegistry,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get()
  @ApiContract({
    summary:
      'Health of the database, projections, job bus and mail (the checks: outside production, or with the metrics token)',
    responses: { 200: HealthResponse },
    errors: ['SERVICE_UNAVAILABLE'],
  })
  async health(@Headers('authorization') authorization: string | undefined, @Res({ passthrough: true }) res: Response) {
    return healthAnswer(await this.registry.report(), res, this.detail(authorization));
  }

  @Get('ready')
  @ApiContract({
    summary: 'Readiness: database, job bus and projections caught up within 1000 events (GET /health is liveness)',
    responses: { 200: HealthResponse },
    errors: ['SERVICE_UNAVAILABLE'],
  })
  async ready(@Headers('authorization') authorization: string | undefined, @Res({ passthrough: true }) res: Response) {
    return healthAnswer(readiness(await this.registry.report()), res, this.detail(authorization));
  }

  private detail(authorization: string | undefined): boolean {
    if (this.config.nodeEnv !== 'production') return true;
    return metricsAccess(this.config, authorization) === 'allowed';
  }
}
