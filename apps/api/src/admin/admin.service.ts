import { Inject, Injectable, Logger } from '@nestjs/common';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import {
  accountDecider,
  accountStreamId,
  INVITE_NOT_FOUND_MESSAGE,
  INVITE_TTL_MS,
  inviteDecider,
  inviteStatus,
  inviteStreamId,
  normaliseEmail,
  type AccountCommand,
  type AccountStatus,
} from '@inkprint/accounts-domain';
import { DomainError } from '@inkprint/domain-kernel';
import { handleCommand, loadState, type Actor, type EventStore, type ProjectionRunner } from '@inkprint/eventstore';
import { adminInviteMail, adminInviteUrl, MailDeliveryError, type Mailer } from '@inkprint/mail';
import { AccountsReadModel, decodeUserCursor, type UserDirectoryRow } from '@inkprint/read-models';
import { RequestValidationError } from '../http/api-error';
import { AccountsService, type SignedInAccount } from '../accounts';
import { APP_CONFIG, type AppConfig } from '../config';
import { MAILER } from '../mail';
import { EVENT_STORE, PROJECTION_RUNNER } from '../platform/tokens';
import type { ListUsersParams, TimelineParams } from '@inkprint/contracts';
import { ACCOUNT_ID, INVALID_CURSOR_MESSAGE } from '@inkprint/contracts';
import { adminListItem, adminUser, dashboardActivity, recentUser, timelineEvent } from './admin.views';

/** The projections the admin console reads. */
export const ADMIN_PROJECTIONS = ['users', 'invites', 'recent_activity', 'audit_timeline'] as const;

const RECENT_USERS = 10;
const RECENT_ACTIVITY = 10;

const accountNotFound = () => new DomainError('ACCOUNT_NOT_FOUND', 'Account not found.', 404);
const inviteNotFound = () => new DomainError('INVITE_NOT_FOUND', INVITE_NOT_FOUND_MESSAGE, 404);

/** Invite ids are the first 32 hex characters of sha256(token): the token itself is never stored. */
export function inviteIdOf(token: string): string {
  return createHash('sha256').update(token).digest('hex').slice(0, 32);
}

/**
 * The admin control center (spec §6-7). Commands go through the deciders with an admin actor; queries read the
 * accounts read models, after catching them up so the console always sees its own writes (and fresh sign-ups).
 */
@Injectable()
export class AdminService {
  private readonly logger = new Logger('Admin');

  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(PROJECTION_RUNNER) private readonly runner: ProjectionRunner,
    @Inject(MAILER) private readonly mailer: Mailer,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly read: AccountsReadModel,
    private readonly accounts: AccountsService,
  ) {}

  /**
   * Brings the admin read models up to the end of the log. `catchUp` stops early when another runner (the
   * background poller, another API process) holds a batch, so repeat until no admin projection lags.
   */
  async catchUp(): Promise<void> {
    for (let round = 0; round < 20; round++) {
      for (const name of ADMIN_PROJECTIONS) await this.runner.catchUp(name);
      const lagging = (await this.runner.status()).filter(
        (s) => (ADMIN_PROJECTIONS as readonly string[]).includes(s.name) && s.lag > 0,
      );
      if (lagging.length === 0) return;
    }
    this.logger.warn('admin read models still lag after catching up: answering from what is there');
  }

  async dashboard() {
    await this.catchUp();
    const summary = await this.read.dashboard({ recentUsers: RECENT_USERS, recentActivity: RECENT_ACTIVITY });
    return {
      summary: {
        totals: summary.totals,
        subscriptions: summary.subscriptions,
        recentUsers: summary.recentUsers.map(recentUser),
        recentActivity: summary.recentActivity.map(dashboardActivity),
      },
    };
  }

  async listUsers(query: ListUsersParams) {
    const cursor = query.cursor === undefined ? undefined : decodeUserCursor(query.cursor);
    if (cursor === null) throw new RequestValidationError({ cursor: [INVALID_CURSOR_MESSAGE] });
    await this.catchUp();
    const page = await this.read.listUsers({ ...query, cursor });
    // Spec §4/§7: a search is not paged (q and cursor are exclusive); it answers its first `limit` matches and the total.
    return { users: page.users.map(adminUser), nextCursor: query.q ? null : page.nextCursor, total: page.total };
  }

  async adminTeam() {
    await this.catchUp();
    return { admins: (await this.read.adminTeam()).map(adminListItem) };
  }

  async timeline(accountId: string, query: TimelineParams) {
    await this.catchUp();
    if (!ACCOUNT_ID.test(accountId)) throw accountNotFound();
    // An erased account has left the directory but keeps its history (without its personal data).
    const known = (await this.read.user(accountId)) ?? (await this.read.timeline(accountId, { limit: 1 })).length > 0;
    if (!known) throw accountNotFound();
    const rows = await this.read.timeline(accountId, { limit: query.limit, beforeVersion: query.before });
    const last = rows[rows.length - 1];
    return {
      events: rows.map(timelineEvent),
      nextBefore: rows.length === query.limit && last && last.version > 1 ? last.version : null,
    };
  }

  private async onAccount(
    admin: SignedInAccount,
    accountId: string,
    command: AccountCommand,
  ): Promise<UserDirectoryRow> {
    if (!ACCOUNT_ID.test(accountId)) throw accountNotFound();
    await handleCommand(this.store, accountStreamId(accountId), accountDecider, command, {
      metadata: { actor: adminActor(admin), correlationId: randomUUID() },
    });
    await this.catchUp();
    const row = await this.read.user(accountId);
    if (!row) throw accountNotFound();
    return row;
  }

  async changePlan(admin: SignedInAccount, accountId: string, planSlug: string) {
    const row = await this.onAccount(admin, accountId, {
      type: 'ChangePlan',
      data: { planSlug, at: new Date().toISOString() },
    });
    const slug = row.planSlug ?? 'free-signup';
    return { subscription: { planSlug: slug, status: 'active' as const }, message: `Plan set to ${slug}.` };
  }

  async changeStatus(admin: SignedInAccount, accountId: string, status: AccountStatus) {
    const row = await this.onAccount(admin, accountId, {
      type: 'ChangeAccountStatus',
      data: { status, at: new Date().toISOString() },
    });
    return { user: adminUser(row), message: `Status set to ${row.status}.` };
  }

  async revokeAdmin(admin: SignedInAccount, accountId: string) {
    const row = await this.onAccount(admin, accountId, { type: 'RevokeAdmin', data: { at: new Date().toISOString() } });
    return { admin: adminListItem(row), message: `Admin access revoked for ${row.email}.` };
  }

  /** Issues an invitation and e-mails its link; only the token's hash-derived id is stored. */
  async issueInvite(admin: SignedInAccount, emailInput: string) {
    const email = normaliseEmail(emailInput);
    const token = randomBytes(32).toString('base64url');
    const inviteId = inviteIdOf(token);
    const now = Date.now();
    const expiresAt = new Date(now + INVITE_TTL_MS).toISOString();
    const inviteeId = await this.accounts.accountIdFor(email);
    const invitee = inviteeId ? await this.accounts.load(inviteeId) : undefined;
    const inviteeIsAdmin = invitee?.status === 'exists' && invitee.account.role !== 'user';
    await handleCommand(
      this.store,
      inviteStreamId(inviteId),
      inviteDecider,
      {
        type: 'IssueInvite',
        data: {
          inviteId,
          email,
          expiresAt,
          issuedBy: admin.accountId,
          issuerRole: admin.role,
          inviteeIsAdmin,
          at: new Date(now).toISOString(),
        },
      },
      { metadata: { actor: adminActor(admin), correlationId: randomUUID() } },
    );
    try {
      await this.mailer.send(
        adminInviteMail({
          to: email,
          inviterName: admin.name || admin.email,
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
    await this.catchUp();
    return { invite: { email, expiresAt, status: 'pending' as const }, message: `Invitation sent to ${email}.` };
  }

  /** Public: the invite screen shows 'Issued to' and 'Expires' before sign-in. */
  async lookUpInvite(token: string) {
    const { state } = await loadState(this.store, inviteStreamId(inviteIdOf(token)), inviteDecider);
    const status = inviteStatus(state, new Date().toISOString());
    if (state.status === 'none' || status === 'none' || status === 'expired') throw inviteNotFound();
    // An accepted invite is answered with its status, so the screen can warn that it was already used.
    return { invite: { email: state.email, expiresAt: state.expiresAt, status } };
  }

  /** Accepts an invite as the signed-in account (same email) and promotes it to admin. */
  async acceptInvite(account: SignedInAccount, token: string) {
    const inviteId = inviteIdOf(token);
    const metadata = { actor: { type: 'user', id: account.accountId } as Actor, correlationId: randomUUID() };
    const { state } = await loadState(this.store, inviteStreamId(inviteId), inviteDecider);
    // Accepted by this very account earlier but the promotion never landed (crash in between): finish it.
    const resuming = state.status === 'accepted' && state.acceptedBy === account.accountId;
    if (!resuming) {
      await handleCommand(
        this.store,
        inviteStreamId(inviteId),
        inviteDecider,
        {
          type: 'AcceptInvite',
          data: { accountId: account.accountId, accountEmail: account.email, at: new Date().toISOString() },
        },
        { metadata },
      );
    }
    const outcome = await handleCommand(
      this.store,
      accountStreamId(account.accountId),
      accountDecider,
      { type: 'PromoteToAdmin', data: { inviteId, at: new Date().toISOString() } },
      { metadata },
    );
    await this.catchUp();
    const role = outcome.state.status === 'exists' ? outcome.state.account.role : account.role;
    return {
      user: { id: account.accountId, email: account.email, name: account.name, role },
      message: 'Admin access activated.',
    };
  }
}

function adminActor(admin: SignedInAccount): Actor {
  return { type: 'admin', id: admin.accountId };
}
