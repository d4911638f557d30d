import { Controller, Get, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Response } from 'express';
import { ApiMetrics } from './api-metrics';

/**
 * Prometheus scrape endpoint. Left out of the OpenAPI document: its body is the Prometheus text exposition
 * format, not JSON, so no contract schema can describe it (apps/api/test/openapi.e2e.spec.ts skips it too).
 */
@ApiExcludeController()
@Controller('metrics')
export class MetricsController {
  constructor(private readonly metrics: ApiMetrics) {}

  @Get()
  async scrape(@Res() res: Response): Promise<void> {
    const { contentType, body } = await this.metrics.text();
    res.setHeader('Cache-Control', 'no-store');
    res.type(contentType).send(body);
  }
}
