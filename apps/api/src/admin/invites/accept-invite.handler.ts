import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { assertInviteCanPromote, inviteDecider, inviteStreamId } from '@inkprint/accounts-domain';
import type { InviteAcceptedResponse } from '@inkprint/contracts';
import { handleCommand, loadState } from '@inkprint/eventstore';
import { AccountStreams, userActor, type SignedInAccount } from '../../accounts';
import { IDS, type Ids } from '../../platform/ids';
import { AdminReads } from '../shared/admin-reads';
import { inviteIdOf } from './invite-id';

export class AcceptInvite extends Command<InviteAcceptedResponse> {
  constructor(
    readonly account: SignedInAccount,
    readonly token: string,
  ) {
    super();
  }
}

/** `POST /admin/invites/accept`: the signed-in account with the invited e-mail accepts and becomes an admin. */
@CommandHandler(AcceptInvite)
export class AcceptInviteHandler implements ICommandHandler<AcceptInvite> {
  constructor(
    private readonly accounts: AccountStreams,
    private readonly reads: AdminReads,
    @Inject(IDS) private readonly ids: Ids,
  ) {}

  async execute({ account, token }: AcceptInvite): Promise<InviteAcceptedResponse> {
    const inviteId = inviteIdOf(token);
    const actor = userActor(account.accountId);
    const correlationId = this.ids.uuid();
    const { state } = await loadState(this.accounts.store, inviteStreamId(inviteId), inviteDecider);
    // An invite that already promoted this account, or one issued before its access was revoked, is refused before
    // anything is written (the account's decider refuses the promotion too, should the two race).
    if (state.status !== 'none') {
      assertInviteCanPromote(await this.accounts.existing(account.accountId), inviteId, state.issuedAt);
    }
    // Accepted by this very account earlier but the promotion never landed (crash in between): finish it.
    const resuming = state.status === 'accepted' && state.acceptedBy === account.accountId;
    if (!resuming) {
      await handleCommand(
        this.accounts.store,
        inviteStreamId(inviteId),
        inviteDecider,
        {
          type: 'AcceptInvite',
          data: { accountId: account.accountId, accountEmail: account.email, at: this.accounts.nowIso() },
        },
        { metadata: { actor, correlationId } },
      );
    }
    const issuedAt = state.status === 'none' ? this.accounts.nowIso() : state.issuedAt;
    const outcome = await this.accounts.run(
      account.accountId,
      (at) => ({ type: 'PromoteToAdmin', data: { inviteId, inviteIssuedAt: issuedAt, at } }),
      actor,
      correlationId,
    );
    await this.reads.after(outcome.position, ['users', 'invites', 'audit_timeline']);
    const role = outcome.state.status === 'exists' ? outcome.state.account.role : account.role;
    return {
      user: { id: account.accountId, email: account.email, name: account.name, role },
      message: 'Admin access activated.',
    };
  }
}
