import { Inject, Logger } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { INVITE_TTL_MS, inviteDecider, inviteStreamId, normaliseEmail } from '@inkprint/accounts-domain';
import type { InviteResponse } from '@inkprint/contracts';
import { handleCommand } from '@inkprint/eventstore';
import { adminInviteMail, adminInviteUrl, MailDeliveryError, type Mailer } from '@inkprint/mail';
import { AccountStreams, adminActor, type SignedInAccount } from '../../accounts';
import { APP_CONFIG, type AppConfig } from '../../config';
import { MAILER } from '../../mail/tokens';
import { IDS, type Ids } from '../../platform/ids';
import { AdminReads } from '../shared/admin-reads';
import { inviteIdOf } from './invite-id';

export class IssueInvite extends Command<InviteResponse> {
  constructor(
    readonly superAdmin: SignedInAccount,
    readonly email: string,
  ) {
    super();
  }
}

/** `POST /admin/invites` (super admin): records the invitation (only its token's hash-derived id) and e-mails its link. */
@CommandHandler(IssueInvite)
export class IssueInviteHandler implements ICommandHandler<IssueInvite> {
  private readonly logger = new Logger('Admin');

  constructor(
    private readonly accounts: AccountStreams,
    private readonly reads: AdminReads,
    @Inject(MAILER) private readonly mailer: Mailer,
    @Inject(IDS) private readonly ids: Ids,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ superAdmin, email: input }: IssueInvite): Promise<InviteResponse> {
    return (await this.issue(superAdmin, input)).answer;
  }

  /** Issues and mails an invite; the new invite's id goes with the answer (a resend records what replaced the old one). */
  async issue(superAdmin: SignedInAccount, input: string): Promise<{ inviteId: string; answer: InviteResponse }> {
    const email = normaliseEmail(input);
    const token = this.ids.secret(32);
    const inviteId = inviteIdOf(token);
    const now = this.accounts.clock.now();
    const expiresAt = new Date(now.getTime() + INVITE_TTL_MS).toISOString();
    const inviteeId = await this.accounts.accountIdFor(email);
    const invitee = inviteeId ? await this.accounts.load(inviteeId) : undefined;
    const inviteeIsAdmin = invitee?.status === 'exists' && invitee.account.role !== 'user';
    const outcome = await handleCommand(
      this.accounts.store,
      inviteStreamId(inviteId),
      inviteDecider,
      {
        type: 'IssueInvite',
        data: {
          inviteId,
          email,
          expiresAt,
          issuedBy: superAdmin.accountId,
          issuerRole: superAdmin.role,
          inviteeIsAdmin,
          at: now.toISOString(),
        },
      },
      { metadata: { actor: adminActor(superAdmin), correlationId: this.ids.uuid() } },
    );
    try {
      await this.mailer.send(
        adminInviteMail({
          to: email,
          inviterName: superAdmin.name || superAdmin.email,
          acceptUrl: adminInviteUrl(this.config.appPublicUrl, token),
          expiresAt,
        }),
      );
    } catch (error) {
      if (!(error instanceof MailDeliveryError)) throw error;
      this.logger.error(`admin invite ${inviteId}: mail not delivered (${error.failure})`);
      // The invite exists but nobody holds its token: it simply expires. Sending again issues a new one.
      // Answered like every other undelivered mail (http/error-body.ts fromMailError: 503 "Unable to send invite.").
      throw error;
    }
    await this.reads.after(outcome.position, ['invites', 'audit_timeline']);
    return {
      inviteId,
      answer: { invite: { email, expiresAt, status: 'pending' }, message: `Invitation sent to ${email}.` },
    };
  }
}
