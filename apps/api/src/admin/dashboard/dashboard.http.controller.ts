import { Controller, Get, UseGuards } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import { DashboardResponse } from '@inkprint/contracts';
import { AuthGuard, Roles, RolesGuard } from '../../accounts/auth';
import { ApiContract } from '../../http/api-contract';
import { GetDashboard } from './dashboard.query';

@ApiTags('admin')
@Controller('admin')
@UseGuards(AuthGuard, RolesGuard)
@Roles('admin', 'super_admin')
export class DashboardController {
  constructor(private readonly queries: QueryBus) {}

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
}
