import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { ACCOUNT_ID, type AdminUserResponse } from '@inkprint/contracts';
import { getUser } from '@inkprint/read-models';
import { AdminReads, accountNotFound } from '../shared/admin-reads';
import { adminUser } from '../shared/admin-views';

export class GetUser extends Query<AdminUserResponse> {
  constructor(readonly accountId: string) {
    super();
  }
}

/** `GET /admin/users/{id}`: one row of the directory. */
@QueryHandler(GetUser)
export class GetUserHandler implements IQueryHandler<GetUser> {
  constructor(private readonly reads: AdminReads) {}

  async execute({ accountId }: GetUser): Promise<AdminUserResponse> {
    if (!ACCOUNT_ID.test(accountId)) throw accountNotFound();
    const row = await getUser(await this.reads.caughtUp(['users']), accountId);
    if (!row) throw accountNotFound();
    return { user: adminUser(row) };
  }
}
