import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { INVALID_CURSOR_MESSAGE, type ListUsersParams, type UsersPage } from '@inkprint/contracts';
import { decodeUserCursor, listUsers } from '@inkprint/read-models';
import { RequestValidationError } from '../../http/api-error';
import { AdminReads } from '../shared/admin-reads';
import { adminUser } from '../shared/admin-views';

export class ListUsers extends Query<UsersPage> {
  constructor(readonly params: ListUsersParams) {
    super();
  }
}

/** `GET /admin/users`: filters, search and cursor pages over the user directory. */
@QueryHandler(ListUsers)
export class ListUsersHandler implements IQueryHandler<ListUsers> {
  constructor(private readonly reads: AdminReads) {}

  async execute({ params }: ListUsers): Promise<UsersPage> {
    const cursor = params.cursor === undefined ? undefined : decodeUserCursor(params.cursor);
    if (cursor === null) throw new RequestValidationError({ cursor: [INVALID_CURSOR_MESSAGE] });
    const read = await this.reads.caughtUp(['users']);
    const page = await listUsers(read, { ...params, cursor });
    // Spec §4/§7: a search is not paged (q and cursor are exclusive); it answers its first `limit` matches and the total.
    return { users: page.users.map(adminUser), nextCursor: params.q ? null : page.nextCursor, total: page.total };
  }
}
