import { Controller, Get, HttpCode, Param, Post, UseGuards } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import {
  AdminUserResponse,
  ChangePlanRequest,
  ChangeStatusRequest,
  ListUsersQuery,
  PlanChangedResponse,
  StatusChangedResponse,
  TimelineQuery,
  TimelineResponse,
  UsersPage,
} from '@inkprint/contracts';
import type { z } from 'zod';
import { AuthGuard, CurrentAccount, Roles, RolesGuard, type SignedInAccount } from '../../accounts/auth';
import { ApiContract, ContractBody, ContractQuery } from '../../http/api-contract';
import { GetAccountTimeline } from './account-timeline.query';
import { ChangePlan } from './change-plan.handler';
import { ChangeStatus } from './change-status.handler';
import { GetUser } from './get-user.query';
import { ListUsers } from './list-users.query';

/** Spec §7 user directory calls: admin and super admin. */
@ApiTags('admin')
@Controller('admin/users')
@UseGuards(AuthGuard, RolesGuard)
@Roles('admin', 'super_admin')
export class UsersController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Get()
  @ApiContract({
    summary: 'The user directory (filters, search, cursor pages)',
    query: ListUsersQuery,
    responses: { 200: UsersPage },
    errors: ['FORBIDDEN'],
    auth: 'bearer',
  })
  list(@ContractQuery() query: z.output<typeof ListUsersQuery>): Promise<UsersPage> {
    return this.queries.execute(new ListUsers(query));
  }

  @Get(':id')
  @ApiContract({
    summary: 'One account of the directory',
    responses: { 200: AdminUserResponse },
    errors: ['FORBIDDEN', 'ACCOUNT_NOT_FOUND'],
    auth: 'bearer',
  })
  one(@Param('id') id: string): Promise<AdminUserResponse> {
    return this.queries.execute(new GetUser(id));
  }

  @Post(':id/plan')
  @HttpCode(200)
  @ApiContract({
    summary: "Change an account's plan",
    body: ChangePlanRequest,
    responses: { 200: PlanChangedResponse },
    errors: ['FORBIDDEN', 'INVALID_PLAN', 'ACCOUNT_NOT_FOUND'],
    auth: 'bearer',
  })
  changePlan(
    @CurrentAccount() me: SignedInAccount,
    @Param('id') id: string,
    @ContractBody() body: z.output<typeof ChangePlanRequest>,
  ): Promise<PlanChangedResponse> {
    return this.commands.execute(new ChangePlan(me, id, body.planSlug));
  }

  @Post(':id/status')
  @HttpCode(200)
  @ApiContract({
    summary: "Change an account's status",
    body: ChangeStatusRequest,
    responses: { 200: StatusChangedResponse },
    errors: ['FORBIDDEN', 'SUPER_ADMIN_PROTECTED', 'ACCOUNT_NOT_FOUND'],
    auth: 'bearer',
  })
  changeStatus(
    @CurrentAccount() me: SignedInAccount,
    @Param('id') id: string,
    @ContractBody() body: z.output<typeof ChangeStatusRequest>,
  ): Promise<StatusChangedResponse> {
    return this.commands.execute(new ChangeStatus(me, id, body.status));
  }

  @Get(':id/timeline')
  @ApiContract({
    summary: "An account's audit timeline, newest first",
    query: TimelineQuery,
    responses: { 200: TimelineResponse },
    errors: ['FORBIDDEN', 'ACCOUNT_NOT_FOUND'],
    auth: 'bearer',
  })
  timeline(@Param('id') id: string, @ContractQuery() query: z.output<typeof TimelineQuery>): Promise<TimelineResponse> {
    return this.queries.execute(new GetAccountTimeline(id, query));
  }
}
