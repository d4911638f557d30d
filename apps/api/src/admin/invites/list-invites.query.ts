import { Inject } from '@nestjs/common';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { InvitesResponse } from '@inkprint/contracts';
import { inviteRowStatus, listInvites } from '@inkprint/read-models';
import { CLOCK, type Clock } from '../../platform/clock';
import { AdminReads } from '../shared/admin-reads';

const INVITES_SHOWN = 100;

export class ListInvites extends Query<InvitesResponse> {}

/** `GET /admin/invites` (super admin): the latest invitations with their status (expired read at query time). */
@QueryHandler(ListInvites)
export class ListInvitesHandler implements IQueryHandler<ListInvites> {
  constructor(
    private readonly reads: AdminReads,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute(): Promise<InvitesResponse> {
    const read = await this.reads.caughtUp(['invites']);
    const now = this.clock.now();
    const rows = await listInvites(read, INVITES_SHOWN);
    return {
      invites: rows.map((row) => ({
        id: row.id,
        email: row.email,
        status: inviteRowStatus(row, now),
        expiresAt: row.expiresAt.toISOString(),
        issuedAt: row.createdAt.toISOString(),
        issuedBy: row.issuedBy,
        acceptedAt: row.acceptedAt ? row.acceptedAt.toISOString() : null,
      })),
    };
  }
}
