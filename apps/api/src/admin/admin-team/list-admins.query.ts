import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { AdminTeamResponse } from '@inkprint/contracts';
import { listAdminTeam } from '@inkprint/read-models';
import { AdminReads } from '../shared/admin-reads';
import { adminListItem } from '../shared/admin-views';

export class ListAdmins extends Query<AdminTeamResponse> {}

/** `GET /admin/admins` (super admin): admins and the super admin, oldest first. */
@QueryHandler(ListAdmins)
export class ListAdminsHandler implements IQueryHandler<ListAdmins> {
  constructor(private readonly reads: AdminReads) {}

  async execute(): Promise<AdminTeamResponse> {
    const read = await this.reads.caughtUp(['users']);
    return { admins: (await listAdminTeam(read)).map(adminListItem) };
  }
}
