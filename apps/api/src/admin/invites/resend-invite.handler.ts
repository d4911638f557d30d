import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { inviteDecider, inviteStreamId } from '@inkprint/accounts-domain';
import type { InviteResponse } from '@inkprint/contracts';
import { DomainError } from '@inkprint/domain-kernel';
import { loadState } from '@inkprint/eventstore';
import { AccountStreams, type SignedInAccount } from '../../accounts';
import { IssueInviteHandler } from './issue-invite.handler';
import { assertInviteId, inviteNotFound, RevokeInvite, RevokeInviteHandler } from './revoke-invite.handler';

export class ResendInvite extends Command<InviteResponse> {
  constructor(
    readonly superAdmin: SignedInAccount,
    readonly inviteId: string,
  ) {
    super();
  }
}

/**
 * `POST /admin/invites/{id}/resend` (super admin): only the token's hash is kept, so the old link cannot be mailed
 * again; a new invite (new link, a full 7 days) goes to the same address, and once it is mailed the old one is revoked
 * as 'resent', naming its replacement. An undelivered mail leaves the old invite as it was.
 */
@CommandHandler(ResendInvite)
export class ResendInviteHandler implements ICommandHandler<ResendInvite> {
  constructor(
    private readonly accounts: AccountStreams,
    private readonly issuer: IssueInviteHandler,
    private readonly revoker: RevokeInviteHandler,
  ) {}

  async execute({ superAdmin, inviteId }: ResendInvite): Promise<InviteResponse> {
    assertInviteId(inviteId);
    const { state } = await loadState(this.accounts.store, inviteStreamId(inviteId), inviteDecider);
    if (state.status === 'none') throw inviteNotFound();
    if (state.status === 'accepted')
      throw new DomainError('INVITE_NOT_PENDING', 'This invitation has already been used.', 409);
    const issued = await this.issuer.issue(superAdmin, state.email);
    await this.revoker.execute(new RevokeInvite(superAdmin, inviteId, 'resent', issued.inviteId));
    return { invite: issued.answer.invite, message: `Invitation sent again to ${issued.answer.invite.email}.` };
  }
}
