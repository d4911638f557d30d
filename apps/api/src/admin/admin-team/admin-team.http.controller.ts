import { Controller, Get, HttpCode, Param, Post, UseGuards } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import { AdminRevokedResponse, AdminTeamResponse } from '@inkprint/contracts';
import { AuthGuard, CurrentAccount, Roles, RolesGuard, type SignedInAccount } from '../../accounts/auth';
import { ApiContract } from '../../http/api-contract';
import { ListAdmins } from './list-admins.query';
import { RevokeAdmin } from './revoke-admin.handler';

/** Spec §6: the admin team and revocation are the super admin's. */
@ApiTags('admin')
@Controller('admin/admins')
@UseGuards(AuthGuard, RolesGuard)
@Roles('super_admin')
export class AdminTeamController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Get()
  @ApiContract({
    summary: 'The admin team',
    responses: { 200: AdminTeamResponse },
    errors: ['FORBIDDEN'],
    auth: 'bearer',
  })
  list(): Promise<AdminTeamResponse> {
    return this.queries.execute(new ListAdmins());
  }

  @Post(':id/revoke')
  @HttpCode(200)
  @ApiContract({
    summary: "Revoke an admin's access",
    responses: { 200: AdminRevokedResponse },
    errors: ['FORBIDDEN', 'NOT_AN_ADMIN', 'SUPER_ADMIN_PROTECTED', 'ACCOUNT_NOT_FOUND'],
    auth: 'bearer',
  })
  revoke(@CurrentAccount() me: SignedInAccount, @Param('id') id: string): Promise<AdminRevokedResponse> {
    return this.commands.execute(new RevokeAdmin(me, id));
  }
}
