import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import {
  INVITE_NOT_FOUND_MESSAGE,
  inviteDecider,
  inviteStreamId,
  type InviteRevocationReason,
} from '@inkprint/accounts-domain';
import type { InviteResponse } from '@inkprint/contracts';
import { DomainError } from '@inkprint/domain-kernel';
import { handleCommand } from '@inkprint/eventstore';
import { AccountStreams, adminActor, type SignedInAccount } from '../../accounts';
import { IDS, type Ids } from '../../platform/ids';
import { AdminReads } from '../shared/admin-reads';

/** Invite ids are 32 hex characters (invite-id.ts); anything else names no invite. */
const INVITE_ID = /^[0-9a-f]{32}$/;

export const inviteNotFound = () => new DomainError('INVITE_NOT_FOUND', INVITE_NOT_FOUND_MESSAGE, 404);

export function assertInviteId(inviteId: string): void {
  if (!INVITE_ID.test(inviteId)) throw inviteNotFound();
}

export class RevokeInvite extends Command<InviteResponse> {
  constructor(
    readonly superAdmin: SignedInAccount,
    readonly inviteId: string,
    readonly reason: InviteRevocationReason = 'revoked',
    readonly replacedBy?: string,
  ) {
    super();
  }
}

/**
 * `POST /admin/invites/{id}/revoke` (super admin): the invite's link stops working. Recorded on the invite's stream
 * with the super admin as the actor (the event history), like issuing it.
 */
@CommandHandler(RevokeInvite)
export class RevokeInviteHandler implements ICommandHandler<RevokeInvite> {
  constructor(
    private readonly accounts: AccountStreams,
    private readonly reads: AdminReads,
    @Inject(IDS) private readonly ids: Ids,
  ) {}

  async execute({ superAdmin, inviteId, reason, replacedBy }: RevokeInvite): Promise<InviteResponse> {
    assertInviteId(inviteId);
    const outcome = await handleCommand(
      this.accounts.store,
      inviteStreamId(inviteId),
      inviteDecider,
      {
        type: 'RevokeInvite',
        data: {
          revokedBy: superAdmin.accountId,
          revokerRole: superAdmin.role,
          reason,
          replacedBy,
          at: this.accounts.nowIso(),
        },
      },
      { metadata: { actor: adminActor(superAdmin), correlationId: this.ids.uuid() } },
    );
    await this.reads.after(outcome.position, ['invites']);
    const state = outcome.state;
    if (state.status === 'none') throw inviteNotFound();
    return {
      invite: { email: state.email, expiresAt: state.expiresAt, status: 'revoked' },
      message: `Invitation to ${state.email} revoked.`,
    };
  }
}
