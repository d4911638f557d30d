export { AdminModule } from './admin.module';
export { ADMIN_PROJECTIONS, AdminReads } from './shared/admin-reads';
export { inviteIdOf } from './invites/invite-id';
