import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { INVITE_NOT_FOUND_MESSAGE, inviteDecider, inviteStatus, inviteStreamId } from '@inkprint/accounts-domain';
import type { InviteResponse } from '@inkprint/contracts';
import { DomainError } from '@inkprint/domain-kernel';
import { loadState } from '@inkprint/eventstore';
import { AccountStreams } from '../../accounts';
import { inviteIdOf } from './invite-id';

export class LookUpInvite extends Query<InviteResponse> {
  constructor(readonly token: string) {
    super();
  }
}

/** `POST /admin/invites/lookup` (public): the invite screen shows 'Issued to' and 'Expires' before sign-in. */
@QueryHandler(LookUpInvite)
export class LookUpInviteHandler implements IQueryHandler<LookUpInvite> {
  constructor(private readonly accounts: AccountStreams) {}

  async execute({ token }: LookUpInvite): Promise<InviteResponse> {
    const { state } = await loadState(this.accounts.store, inviteStreamId(inviteIdOf(token)), inviteDecider);
    const status = inviteStatus(state, this.accounts.nowIso());
    if (state.status === 'none' || status === 'none' || status === 'expired' || status === 'revoked')
      throw new DomainError('INVITE_NOT_FOUND', INVITE_NOT_FOUND_MESSAGE, 404);
    // An accepted invite is answered with its status, so the screen can warn that it was already used.
    return { invite: { email: state.email, expiresAt: state.expiresAt, status } };
  }
}
