import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { ACCOUNT_ID, type TimelineParams, type TimelineResponse } from '@inkprint/contracts';
import { emailsOf, getAccountTimeline, getUser } from '@inkprint/read-models';
import { AdminReads, accountNotFound } from '../shared/admin-reads';
import { timelineEvent } from '../shared/admin-views';

export class GetAccountTimeline extends Query<TimelineResponse> {
  constructor(
    readonly accountId: string,
    readonly params: TimelineParams,
  ) {
    super();
  }
}

/** `GET /admin/users/{id}/timeline`: the account's audit history, newest first, paged by event version. */
@QueryHandler(GetAccountTimeline)
export class GetAccountTimelineHandler implements IQueryHandler<GetAccountTimeline> {
  constructor(private readonly reads: AdminReads) {}

  async execute({ accountId, params }: GetAccountTimeline): Promise<TimelineResponse> {
    const read = await this.reads.caughtUp(['users', 'audit_timeline']);
    if (!ACCOUNT_ID.test(accountId)) throw accountNotFound();
    // An erased account has left the directory but keeps its history (without its personal data).
    const known =
      (await getUser(read, accountId)) ?? (await getAccountTimeline(read, accountId, { limit: 1 })).length > 0;
    if (!known) throw accountNotFound();
    const rows = await getAccountTimeline(read, accountId, {
      limit: params.limit,
      beforeVersion: params.before,
      types: params.kind,
    });
    const actors = rows.filter((r) => r.actorType === 'user' || r.actorType === 'admin').map((r) => r.actorId);
    const emails = await emailsOf(read, [...new Set(actors)]);
    const last = rows[rows.length - 1];
    return {
      events: rows.map((row) => timelineEvent(row, emails)),
      nextBefore: rows.length === params.limit && last && last.version > 1 ? last.version : null,
    };
  }
}
