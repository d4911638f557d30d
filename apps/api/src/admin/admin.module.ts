import { Module } from '@nestjs/common';
import { ReadModels } from '@inkprint/read-models';
import type { Database } from '@inkprint/eventstore-postgresql';
import type { ProjectionRunner } from '@inkprint/projections';
import { DATABASE, PROJECTION_RUNNER } from '../platform/tokens';
import { UserApiKeysController } from './users/user-api-keys.http.controller';
import { AdminTeamController } from './admin-team/admin-team.http.controller';
import { ListAdminsHandler } from './admin-team/list-admins.query';
import { RevokeAdminHandler } from './admin-team/revoke-admin.handler';
import { DashboardController } from './dashboard/dashboard.http.controller';
import { GetDailyUsageHandler } from './dashboard/daily-usage.query';
import { GetDashboardHandler } from './dashboard/dashboard.query';
import { AcceptInviteHandler } from './invites/accept-invite.handler';
import { InvitesController } from './invites/invites.http.controller';
import { IssueInviteHandler } from './invites/issue-invite.handler';
import { ListInvitesHandler } from './invites/list-invites.query';
import { LookUpInviteHandler } from './invites/look-up-invite.query';
import { ResendInviteHandler } from './invites/resend-invite.handler';
import { RevokeInviteHandler } from './invites/revoke-invite.handler';
import { GetUserHandler } from './users/get-user.query';
import { AdminReads } from './shared/admin-reads';
import { AdministeredAccounts } from './shared/administered-accounts';
import { GetAccountTimelineHandler } from './users/account-timeline.query';
import { ChangePlanHandler } from './users/change-plan.handler';
import { ChangeStatusHandler } from './users/change-status.handler';
import { ListUsersHandler } from './users/list-users.query';
import { UsersController } from './users/users.http.controller';
import { AdminMfa } from './mfa/admin-mfa';
import { AdminMfaController } from './mfa/admin-mfa.http.controller';

/** The admin control center API (spec §6-7) over the read models (`@inkprint/read-models`). */
@Module({
  providers: [
    {
      provide: ReadModels,
      inject: [DATABASE, PROJECTION_RUNNER],
      useFactory: (db: Database, runner: ProjectionRunner) => new ReadModels(db.em, runner.schema),
    },
    AdminReads,
    AdministeredAccounts,
    GetDashboardHandler,
    GetDailyUsageHandler,
    ListUsersHandler,
    ChangePlanHandler,
    ChangeStatusHandler,
    GetAccountTimelineHandler,
    ListAdminsHandler,
    RevokeAdminHandler,
    IssueInviteHandler,
    LookUpInviteHandler,
    ListInvitesHandler,
    RevokeInviteHandler,
    ResendInviteHandler,
    GetUserHandler,
    AcceptInviteHandler,
    AdminMfa,
  ],
  controllers: [
    DashboardController,
    UsersController,
    UserApiKeysController,
    AdminTeamController,
    InvitesController,
    AdminMfaController,
  ],
  exports: [AdminReads],
})
export class AdminModule {}
