import { Controller, Get, HttpStatus, Res } from '@nestjs/common';
import { ApiOkResponse, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { HealthIndicatorRegistry } from './health-indicator.registry';

@ApiTags('health')
@Controller('health')
export class HealthController {
  constructor(private readonly registry: HealthIndicatorRegistry) {}

  @Get()
  @ApiOkResponse({
    description: 'Every registered check is up',
    schema: { example: { status: 'ok', checks: { database: { status: 'up', latencyMs: 2 } } } },
  })
  @ApiServiceUnavailableResponse({
    description: 'At least one check is down; details.failing names them',
    schema: {
      example: {
        message: 'Service unavailable: database is down',
        status: 503,
        code: 'SERVICE_UNAVAILABLE',
        details: { failing: ['database'], checks: { database: { status: 'down', error: 'connection refused' } } },
      },
    },
  })
  async health(@Res({ passthrough: true }) res: Response) {
    const report = await this.registry.report();
    res.setHeader('Cache-Control', 'no-store');
    if (report.healthy) return { status: 'ok', checks: report.checks };
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
}
