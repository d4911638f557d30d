import { Controller, Get, Headers, Inject, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { DomainError } from '@inkprint/domain-kernel';
import type { Response } from 'express';
import { APP_CONFIG, type AppConfig } from '../config';
import { ApiMetrics } from './api-metrics';
import { metricsAccess } from './metrics-token';

/**
 * Prometheus scrape endpoint. Left out of the OpenAPI document: its body is the Prometheus text exposition
 * format, not JSON, so no contract schema can describe it (apps/api/test/openapi.e2e.spec.ts skips it too).
 *
 * With METRICS_TOKEN set, a scrape must send `Authorization: Bearer <token>`; in production without it the
 * endpoint is closed (metrics name routes, queues and projections: not for the public, issue 25 item 8).
 */
@ApiExcludeController()
@Controller('metrics')
export class MetricsController {
  constructor(
    private readonly metrics: ApiMetrics,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get()
  async scrape(@Headers('authorization') authorization: string | undefined, @Res() res: Response): Promise<void> {
    const access = metricsAccess(this.config, authorization);
    if (access === 'closed') {
      throw new DomainError('FORBIDDEN', 'Metrics are closed: set METRICS_TOKEN to scrape them.', 403);
    }
    if (access === 'refused') {
      throw new DomainError('AUTH_REQUIRED', 'Send the metrics token as a bearer token.', 401);
    }
    const { contentType, body } = await this.metrics.text();
    res.setHeader('Cache-Control', 'no-store');
    res.type(contentType).send(body);
  }
}
