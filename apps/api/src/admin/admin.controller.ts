import { Body, Controller, Get, HttpCode, Param, Post, Query, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type { z } from 'zod';
import { AuthGuard, CurrentAccount, Roles, RolesGuard, type SignedInAccount } from '../accounts/auth';
import { ZodValidationPipe } from '../http';
import {
  ChangePlanRequest,
  ChangeStatusRequest,
  IssueInviteRequest,
  ListUsersQuery,
  TimelineQuery,
} from '@inkprint/contracts';
import { AdminService } from './admin.service';

/** Spec §7 admin calls. Admin and super admin; the admin team, revocation and invitations are super admin only (§6). */
@ApiTags('admin')
@ApiBearerAuth()
@Controller('admin')
@UseGuards(AuthGuard, RolesGuard)
@Roles('admin', 'super_admin')
export class AdminController {
  constructor(private readonly admin: AdminService) {}

  @Get('dashboard')
  dashboard() {
    return this.admin.dashboard();
  }

  @Get('users')
  users(@Query(new ZodValidationPipe(ListUsersQuery)) query: z.output<typeof ListUsersQuery>) {
    return this.admin.listUsers(query);
  }

  @Post('users/:id/plan')
  @HttpCode(200)
  changePlan(
    @CurrentAccount() me: SignedInAccount,
    @Param('id') id: string,
    @Body(new ZodValidationPipe(ChangePlanRequest)) body: z.output<typeof ChangePlanRequest>,
  ) {
    return this.admin.changePlan(me, id, body.planSlug);
  }

  @Post('users/:id/status')
  @HttpCode(200)
  changeStatus(
    @CurrentAccount() me: SignedInAccount,
    @Param('id') id: string,
    @Body(new ZodValidationPipe(ChangeStatusRequest)) body: z.output<typeof ChangeStatusRequest>,
  ) {
    return this.admin.changeStatus(me, id, body.status);
  }

  @Get('users/:id/timeline')
  timeline(
    @Param('id') id: string,
    @Query(new ZodValidationPipe(TimelineQuery)) query: z.output<typeof TimelineQuery>,
  ) {
    return this.admin.timeline(id, query);
  }

  @Get('admins')
  @Roles('super_admin')
  admins() {
    return this.admin.adminTeam();
  }

  @Post('admins/:id/revoke')
  @HttpCode(200)
  @Roles('super_admin')
  revoke(@CurrentAccount() me: SignedInAccount, @Param('id') id: string) {
    return this.admin.revokeAdmin(me, id);
  }

  @Post('invites')
  @HttpCode(201)
  @Roles('super_admin')
  invite(
    @CurrentAccount() me: SignedInAccount,
    @Body(new ZodValidationPipe(IssueInviteRequest)) body: z.output<typeof IssueInviteRequest>,
  ) {
    return this.admin.issueInvite(me, body.email);
  }
}
