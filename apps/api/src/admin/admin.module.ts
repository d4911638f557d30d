import { Module } from '@nestjs/common';
import { AccountsReadModel } from '@inkprint/read-models';
import type { Database, ProjectionRunner } from '@inkprint/eventstore';
import { DATABASE, PROJECTION_RUNNER } from '../platform/tokens';
import { AdminController } from './admin.controller';
import { AdminService } from './admin.service';
import { InvitesController } from './invites.controller';

/** The admin control center API (spec §6-7) over the accounts read models (`@inkprint/read-models`). */
@Module({
  providers: [
    {
      provide: AccountsReadModel,
      inject: [DATABASE, PROJECTION_RUNNER],
      useFactory: (db: Database, runner: ProjectionRunner) => new AccountsReadModel(db.em, runner.schema),
    },
    AdminService,
  ],
  controllers: [InvitesController, AdminController],
  exports: [AdminService],
})
export class AdminModule {}
