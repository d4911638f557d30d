import { INVITE_TTL_MS } from '@inkprint/accounts-domain';
import { inviteIdOf } from './invites/invite-id';
import { openReadModels } from '../testing/admin-harness';
import type { AccountsHarness } from '../testing/accounts-harness';
import { SignUp, SignUpHandler } from '../accounts/sign-up/sign-up.handler';
import { ListAdminsHandler } from './admin-team/list-admins.query';
import { RevokeAdmin, RevokeAdminHandler } from './admin-team/revoke-admin.handler';
import { GetDailyUsage, GetDailyUsageHandler } from './dashboard/daily-usage.query';
import { GetDashboardHandler } from './dashboard/dashboard.query';
import { AcceptInvite, AcceptInviteHandler } from './invites/accept-invite.handler';
import { IssueInvite, IssueInviteHandler } from './invites/issue-invite.handler';
import { LookUpInvite, LookUpInviteHandler } from './invites/look-up-invite.query';
import { ListInvitesHandler } from './invites/list-invites.query';
import { ResendInvite, ResendInviteHandler } from './invites/resend-invite.handler';
import { RevokeInvite, RevokeInviteHandler } from './invites/revoke-invite.handler';
import { GetAccountTimeline, GetAccountTimelineHandler } from './users/account-timeline.query';
import { GetUser, GetUserHandler } from './users/get-user.query';
import { ChangePlan, ChangePlanHandler } from './users/change-plan.handler';
import { ChangeStatus, ChangeStatusHandler } from './users/change-status.handler';
import { ListUsers, ListUsersHandler } from './users/list-users.query';

// Given/when/then for the admin slices: events in memory, projections into an embedded PostgreSQL (one per file).
describe('admin slices', () => {
  let readModels: Awaited<ReturnType<typeof openReadModels>>;
  const stops: Array<() => Promise<void>> = [];
  beforeAll(async () => {
    readModels = await openReadModels();
  }, 120_000);
  afterAll(async () => {
    for (const stop of stops) await stop();
    await readModels?.close();
  });

  async function given() {
    const h = await readModels.harness();
    stops.push(h.stop);
    const ada = await new SignUpHandler(h.t.accounts, h.t.mailbox, h.t.ids).execute(
      new SignUp({ name: 'Ada', email: 'ada@example.com', password: 'Corr3ct-horse' }),
    );
    const adaId = (await h.t.accounts.accountIdFor(ada.email))!;
    h.t.mark();
    return { ...h, adaId };
  }

  describe('users', () => {
    it('given a new sign-up, when the directory is listed, then it shows at once (reads wait for the projection, no polling loop)', async () => {
      const { reads, adaId } = await given();
      const page = await new ListUsersHandler(reads).execute(
        new ListUsers({ limit: 20, status: undefined, role: undefined, q: undefined, cursor: undefined }),
      );
      expect(page.users.map((u) => u.id)).toContain(adaId);
      expect(page.users.find((u) => u.id === adaId)).toMatchObject({
        status: 'pending_verification',
        planSlug: 'free-signup',
        wordsUsed: 0,
      });
      const searched = await new ListUsersHandler(reads).execute(
        new ListUsers({ limit: 20, status: undefined, role: undefined, q: 'ADA@', cursor: undefined }),
      );
      expect(searched).toMatchObject({ total: 1, nextCursor: null });
      await expect(
        new ListUsersHandler(reads).execute(
          new ListUsers({ limit: 20, status: undefined, role: undefined, q: undefined, cursor: 'bm90LWEtY3Vyc29y' }),
        ),
      ).rejects.toMatchObject({
        fields: { cursor: ['Invalid cursor.'] },
      });
    });

    it('when an admin changes a plan, then the answer already reads the new plan and the timeline names the admin', async () => {
      const { t, administered, superAdmin, adaId, reads } = await given();
      const answer = await new ChangePlanHandler(administered).execute(new ChangePlan(superAdmin, adaId, 'pro'));
      expect(answer).toEqual({ subscription: { planSlug: 'pro', status: 'active' }, message: 'Plan set to Pro.' });
      expect((await t.then()).map((e) => [e.type, e.metadata.actor])).toEqual([
        ['PlanChanged', { type: 'admin', id: superAdmin.accountId }],
      ]);
      const timeline = await new GetAccountTimelineHandler(reads).execute(
        new GetAccountTimeline(adaId, { limit: 50, before: undefined, kind: undefined }),
      );
      expect(timeline.events[0]).toMatchObject({
        type: 'PlanChanged',
        actor: { type: 'admin', id: superAdmin.accountId, email: 'root@example.com' },
      });
      const onlyPlans = await new GetAccountTimelineHandler(reads).execute(
        new GetAccountTimeline(adaId, { limit: 50, before: undefined, kind: ['PlanChanged'] }),
      );
      expect(onlyPlans.events.map((e) => e.type)).toEqual(['PlanChanged']);
      await expect(new GetUserHandler(reads).execute(new GetUser(adaId))).resolves.toMatchObject({
        user: { id: adaId, planSlug: 'pro' },
      });
      await expect(new GetUserHandler(reads).execute(new GetUser('nobody'))).rejects.toMatchObject({
        code: 'ACCOUNT_NOT_FOUND',
      });
      await expect(
        new ChangePlanHandler(administered).execute(new ChangePlan(superAdmin, adaId, 'platinum')),
      ).rejects.toMatchObject({ code: 'INVALID_PLAN' });
    });

    it('when an admin disables an account, then its status reads disabled; the super admin cannot be disabled', async () => {
      const { administered, superAdmin, adaId } = await given();
      const answer = await new ChangeStatusHandler(administered).execute(
        new ChangeStatus(superAdmin, adaId, 'disabled'),
      );
      expect(answer.user).toMatchObject({ id: adaId, status: 'disabled' });
      await expect(
        new ChangeStatusHandler(administered).execute(new ChangeStatus(superAdmin, superAdmin.accountId, 'disabled')),
      ).rejects.toMatchObject({
        code: 'SUPER_ADMIN_PROTECTED',
      });
      await expect(
        new ChangeStatusHandler(administered).execute(new ChangeStatus(superAdmin, 'no-such-account', 'active')),
      ).rejects.toMatchObject({ code: 'ACCOUNT_NOT_FOUND' });
    });

    it('the 14-day chart is empty before any tool run', async () => {
      const { t, reads } = await given();
      // No tool runs in this log: the chart is empty (the AI e2e checks counts after real detections).
      const answer = await new GetDailyUsageHandler(reads, t.clock).execute(new GetDailyUsage(14));
      expect(answer).toEqual({ days: [] });
    });

    it('the dashboard counts accounts, pending ones and admins', async () => {
      const { reads } = await given();
      const { summary } = await new GetDashboardHandler(reads).execute();
      expect(summary.totals).toEqual({ users: 2, activeUsers: 1, pendingUsers: 1, admins: 1 });
      expect(summary.recentUsers.map((u) => u.email).sort()).toEqual(['ada@example.com', 'root@example.com']);
    });
  });

  describe('invites and the admin team', () => {
    it('given an invitation, when the invited account accepts it, then it is an admin; lookups show it accepted; revoking demotes it', async () => {
      const h = await readModels.harness();
      stops.push(h.stop);
      const { t, reads, administered, superAdmin } = h;
      const ada = await givenVerifiedAccountIn(t);
      t.ids.secrets.push('invite-token-1');
      const issued = await new IssueInviteHandler(t.accounts, reads, t.mailbox, t.ids, t.config).execute(
        new IssueInvite(superAdmin, 'Ada@Example.com'),
      );
      expect(issued.invite).toEqual({
        email: 'ada@example.com',
        expiresAt: new Date(t.clock.now().getTime() + INVITE_TTL_MS).toISOString(),
        status: 'pending',
      });
      expect((await t.mailbox.latest({ to: 'ada@example.com', kind: 'admin_invite' }))?.text).toContain(
        'invite-token-1',
      );
      const lookUp = new LookUpInviteHandler(t.accounts);
      await expect(lookUp.execute(new LookUpInvite('invite-token-1'))).resolves.toMatchObject({
        invite: { status: 'pending' },
      });
      const accepted = await new AcceptInviteHandler(t.accounts, reads, t.ids).execute(
        new AcceptInvite(ada, 'invite-token-1'),
      );
      expect(accepted).toMatchObject({
        user: { id: ada.accountId, role: 'admin' },
        message: 'Admin access activated.',
      });
      await expect(lookUp.execute(new LookUpInvite('invite-token-1'))).resolves.toMatchObject({
        invite: { status: 'accepted' },
      });
      expect((await new ListInvitesHandler(reads, t.clock).execute()).invites).toEqual([
        expect.objectContaining({ email: 'ada@example.com', status: 'accepted', issuedBy: superAdmin.accountId }),
      ]);
      expect((await new ListAdminsHandler(reads).execute()).admins.map((a) => a.email)).toEqual([
        'root@example.com',
        'ada@example.com',
      ]);
      const revoked = await new RevokeAdminHandler(administered).execute(new RevokeAdmin(superAdmin, ada.accountId));
      expect(revoked.admin).toMatchObject({ id: ada.accountId, role: 'user' });
      await expect(
        new RevokeAdminHandler(administered).execute(new RevokeAdmin(superAdmin, superAdmin.accountId)),
      ).rejects.toMatchObject({ code: 'SUPER_ADMIN_PROTECTED' });
    });

    // Issue 43 item 6: a pending invite can be revoked (its link dies) or sent again (a new link; the old one dies).
    it('given a pending invitation, when the super admin resends it and revokes the new one, then both links are dead and the history names the super admin', async () => {
      const h = await readModels.harness();
      stops.push(h.stop);
      const { t, reads, superAdmin } = h;
      const issuer = new IssueInviteHandler(t.accounts, reads, t.mailbox, t.ids, t.config);
      const revoker = new RevokeInviteHandler(t.accounts, reads, t.ids);
      const resender = new ResendInviteHandler(t.accounts, issuer, revoker);
      const lookUp = new LookUpInviteHandler(t.accounts);
      t.ids.secrets.push('invite-token-r1');
      await issuer.execute(new IssueInvite(superAdmin, 'grace@example.com'));
      const first = (await new ListInvitesHandler(reads, t.clock).execute()).invites[0];
      expect(first).toMatchObject({ id: inviteIdOf('invite-token-r1'), email: 'grace@example.com', status: 'pending' });
      t.mark();

      t.ids.secrets.push('invite-token-r2');
      const resent = await resender.execute(new ResendInvite(superAdmin, first.id));
      expect(resent).toMatchObject({
        invite: { email: 'grace@example.com', status: 'pending' },
        message: 'Invitation sent again to grace@example.com.',
      });
      expect((await t.mailbox.latest({ to: 'grace@example.com', kind: 'admin_invite' }))?.text).toContain(
        'invite-token-r2',
      );
      await expect(lookUp.execute(new LookUpInvite('invite-token-r1'))).rejects.toMatchObject({
        code: 'INVITE_NOT_FOUND',
      });
      await expect(lookUp.execute(new LookUpInvite('invite-token-r2'))).resolves.toMatchObject({
        invite: { status: 'pending' },
      });
      const actor = { type: 'admin', id: superAdmin.accountId };
      expect((await t.then()).map((e) => [e.type, e.metadata.actor, e.data])).toEqual([
        ['InviteIssued', actor, expect.objectContaining({ inviteId: inviteIdOf('invite-token-r2') })],
        [
          'InviteRevoked',
          actor,
          expect.objectContaining({
            reason: 'resent',
            replacedBy: inviteIdOf('invite-token-r2'),
            revokedBy: superAdmin.accountId,
          }),
        ],
      ]);

      t.mark();
      const revoked = await revoker.execute(new RevokeInvite(superAdmin, inviteIdOf('invite-token-r2')));
      expect(revoked).toMatchObject({
        invite: { status: 'revoked' },
        message: 'Invitation to grace@example.com revoked.',
      });
      expect((await t.then()).map((e) => [e.type, e.metadata.actor])).toEqual([['InviteRevoked', actor]]);
      await expect(lookUp.execute(new LookUpInvite('invite-token-r2'))).rejects.toMatchObject({
        code: 'INVITE_NOT_FOUND',
      });
      expect((await new ListInvitesHandler(reads, t.clock).execute()).invites.map((i) => [i.email, i.status])).toEqual([
        ['grace@example.com', 'revoked'],
        ['grace@example.com', 'revoked'],
      ]);
      await expect(revoker.execute(new RevokeInvite(superAdmin, 'not-an-invite'))).rejects.toMatchObject({
        code: 'INVITE_NOT_FOUND',
        status: 404,
      });
    });

    it('given an accepted invitation, then it can be neither resent nor revoked (INVITE_NOT_PENDING)', async () => {
      const h = await readModels.harness();
      stops.push(h.stop);
      const ada = await givenVerifiedAccountIn(h.t);
      const issuer = new IssueInviteHandler(h.t.accounts, h.reads, h.t.mailbox, h.t.ids, h.t.config);
      const revoker = new RevokeInviteHandler(h.t.accounts, h.reads, h.t.ids);
      h.t.ids.secrets.push('invite-token-r3');
      await issuer.execute(new IssueInvite(h.superAdmin, 'ada@example.com'));
      await new AcceptInviteHandler(h.t.accounts, h.reads, h.t.ids).execute(new AcceptInvite(ada, 'invite-token-r3'));
      const id = inviteIdOf('invite-token-r3');
      await expect(
        new ResendInviteHandler(h.t.accounts, issuer, revoker).execute(new ResendInvite(h.superAdmin, id)),
      ).rejects.toMatchObject({ code: 'INVITE_NOT_PENDING' });
      await expect(revoker.execute(new RevokeInvite(h.superAdmin, id))).rejects.toMatchObject({
        code: 'INVITE_NOT_PENDING',
      });
    });

    it('given an invitation past its expiry (time moved), then the lookup answers INVITE_NOT_FOUND', async () => {
      const h = await readModels.harness();
      stops.push(h.stop);
      h.t.ids.secrets.push('invite-token-2');
      await new IssueInviteHandler(h.t.accounts, h.reads, h.t.mailbox, h.t.ids, h.t.config).execute(
        new IssueInvite(h.superAdmin, 'grace@example.com'),
      );
      h.t.clock.advance(INVITE_TTL_MS + 1_000);
      await expect(
        new LookUpInviteHandler(h.t.accounts).execute(new LookUpInvite('invite-token-2')),
      ).rejects.toMatchObject({ code: 'INVITE_NOT_FOUND', status: 404 });
    });

    it('given an invitation to someone else, when another account accepts it, then INVITE_EMAIL_MISMATCH', async () => {
      const h = await readModels.harness();
      stops.push(h.stop);
      const ada = await givenVerifiedAccountIn(h.t);
      h.t.ids.secrets.push('invite-token-3');
      await new IssueInviteHandler(h.t.accounts, h.reads, h.t.mailbox, h.t.ids, h.t.config).execute(
        new IssueInvite(h.superAdmin, 'grace@example.com'),
      );
      await expect(
        new AcceptInviteHandler(h.t.accounts, h.reads, h.t.ids).execute(new AcceptInvite(ada, 'invite-token-3')),
      ).rejects.toMatchObject({
        code: 'INVITE_EMAIL_MISMATCH',
      });
    });
  });
});

/** A verified, signed-in account inside an existing harness. */
async function givenVerifiedAccountIn(t: AccountsHarness) {
  const { SignUpHandler: Up, SignUp: Command } = await import('../accounts/sign-up/sign-up.handler');
  const { VerifyEmailHandler, VerifyEmail } = await import('../accounts/verify-email/verify-email.handler');
  t.ids.otps.push('135790');
  await new Up(t.accounts, t.mailbox, t.ids).execute(
    new Command({ name: 'Ada', email: 'ada@example.com', password: 'Corr3ct-horse' }),
  );
  const signedIn = await new VerifyEmailHandler(t.accounts, t.sessions).execute(
    new VerifyEmail({ email: 'ada@example.com', otp: '135790' }),
  );
  return {
    accountId: signedIn.user.id,
    email: signedIn.user.email,
    name: signedIn.user.name,
    role: signedIn.user.role,
    sessionId: signedIn.tokens.refreshToken.split('.')[0],
    planSlug: null,
  };
}
