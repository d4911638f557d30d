export { AdminModule } from './admin.module';
export { AdminService, ADMIN_PROJECTIONS, inviteIdOf } from './admin.service';
