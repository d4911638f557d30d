import { Controller, Get, Res, UseGuards } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import { DailyUsageQuery, DailyUsageResponse, DashboardResponse, HealthResponse } from '@inkprint/contracts';
import type { Response } from 'express';
import type { z } from 'zod';
import { GetDailyUsage } from './daily-usage.query';
import { AuthGuard, Roles, RolesGuard } from '../../accounts/auth';
import { ApiContract, ContractQuery } from '../../http/api-contract';
import { GetDashboard } from './dashboard.query';
import { healthAnswer, HealthIndicatorRegistry } from '../../health';

@ApiTags('admin')
@Controller('admin')
@UseGuards(AuthGuard, RolesGuard)
@Roles('admin', 'super_admin')
export class DashboardController {
  constructor(
    private readonly queries: QueryBus,
    private readonly health: HealthIndicatorRegistry,
  ) {}

  @Get('dashboard')
  @ApiContract({
    summary: 'Admin dashboard summary',
    responses: { 200: DashboardResponse },
    errors: ['FORBIDDEN'],
    auth: 'bearer',
  })
  dashboard(): Promise<DashboardResponse> {
    return this.queries.execute(new GetDashboard());
  }

  @Get('metrics/daily')
  @ApiContract({
    summary: 'Detections and humanisations per day and plan (the dashboard chart)',
    query: DailyUsageQuery,
    responses: { 200: DailyUsageResponse },
    errors: ['FORBIDDEN'],
    auth: 'bearer',
  })
  daily(@ContractQuery() query: z.output<typeof DailyUsageQuery>): Promise<DailyUsageResponse> {
    return this.queries.execute(new GetDailyUsage(query.days));
  }

  /** The checks of `GET /health` for the console's pipeline panel (production's public `/health` leaves them out). */
  @Get('health')
  @ApiContract({
    summary: 'Health with every check (projection lag, relay, mail, job bus): the pipeline panel',
    responses: { 200: HealthResponse },
    errors: ['FORBIDDEN', 'SERVICE_UNAVAILABLE'],
    auth: 'bearer',
  })
  async healthChecks(@Res({ passthrough: true }) res: Response) {
    return healthAnswer(await this.health.report(), res, true);
  }
}
