import type { FilterQuery } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { AccountStatus, Role } from '@inkprint/accounts-domain';
import { AuditTimelineRow } from './audit-timeline.projection';
import { DailyUsageRow } from './daily-usage.projection';
import { InviteRow } from './invites.projection';
import { RecentActivityRow } from './recent-activity.projection';
import { UserDirectoryRow } from './users.projection';

/** Position after the last row of a page of the user directory: ordered by (createdAt desc, id desc). */
export interface UserCursor {
  createdAt: Date;
  id: string;
}

/** An opaque base64url token of a page position. */
export function encodeUserCursor(cursor: UserCursor): string {
  return Buffer.from(JSON.stringify({ c: cursor.createdAt.toISOString(), i: cursor.id }), 'utf8').toString('base64url');
}

/** The position of a cursor, or null when it is not one of ours. */
export function decodeUserCursor(token: string): UserCursor | null {
  if (!/^[A-Za-z0-9_-]{1,600}$/.test(token)) return null;
  try {
    const value: unknown = JSON.parse(Buffer.from(token, 'base64url').toString('utf8'));
    if (!value || typeof value !== 'object') return null;
    const { c, i } = value as { c?: unknown; i?: unknown };
    if (typeof c !== 'string' || typeof i !== 'string' || i.length === 0) return null;
    const createdAt = new Date(c);
    if (Number.isNaN(createdAt.getTime()) || createdAt.toISOString() !== c) return null;
    return { createdAt, id: i };
  } catch {
    return null;
  }
}

export interface UserListQuery {
  limit: number;
  status?: AccountStatus;
  role?: Role;
  /** Case-insensitive substring of the email or the name. */
  q?: string;
  cursor?: UserCursor;
}

export interface UserListPage {
  users: UserDirectoryRow[];
  nextCursor: string | null;
  /** Rows matching the filters (status, role, q), whatever the cursor. */
  total: number;
}

export interface DashboardSummary {
  totals: { users: number; activeUsers: number; pendingUsers: number; admins: number };
  subscriptions: { basic: number; pro: number; enterprise: number };
  recentUsers: UserDirectoryRow[];
  recentActivity: RecentActivityRow[];
}

const likePattern = (q: string) => `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Queries over the accounts read models (users, invites, recent_activity, audit_timeline) in one schema. Each call
 * uses a fresh EntityManager fork, so no identity map survives between calls and every answer is read from the tables.
 */
export class AccountsReadModel {
  constructor(
    private readonly root: EntityManager,
    readonly schema = 'read_model',
  ) {}

  private em(): EntityManager {
    return this.root.fork({ schema: this.schema, clear: true });
  }

  async listUsers(query: UserListQuery): Promise<UserListPage> {
    const em = this.em();
    const filters: Array<FilterQuery<UserDirectoryRow>> = [];
    if (query.status) filters.push({ status: query.status });
    if (query.role) filters.push({ role: query.role });
    const q = query.q?.trim();
    if (q) filters.push({ $or: [{ emailLower: { $like: likePattern(q) } }, { nameLower: { $like: likePattern(q) } }] });
    const where: FilterQuery<UserDirectoryRow> = filters.length ? { $and: filters } : {};
    const paged: FilterQuery<UserDirectoryRow> = query.cursor
      ? {
          $and: [
            ...filters,
            {
              $or: [
                { createdAt: { $lt: query.cursor.createdAt } },
                { createdAt: query.cursor.createdAt, id: { $lt: query.cursor.id } },
              ],
            },
          ],
        }
      : where;
    const [rows, total] = await Promise.all([
      em.find(UserDirectoryRow, paged, { orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], limit: query.limit + 1 }),
      em.count(UserDirectoryRow, where),
    ]);
    const users = rows.slice(0, query.limit);
    const last = users[users.length - 1];
    return { users, nextCursor: rows.length > query.limit && last ? encodeUserCursor(last) : null, total };
  }

  async dashboard(options: { recentUsers: number; recentActivity: number }): Promise<DashboardSummary> {
    const em = this.em();
    const count = (where: FilterQuery<UserDirectoryRow>) => em.count(UserDirectoryRow, where);
    const [users, activeUsers, pendingUsers, admins, basic, pro, enterprise, recentUsers, recentActivity] =
      await Promise.all([
        count({}),
        count({ status: 'active' }),
        count({ status: 'pending_verification' }),
        count({ role: { $in: ['admin', 'super_admin'] } }),
        // "Active paid plans": accounts on the plan whose status is active.
        count({ planSlug: 'basic', status: 'active' }),
        count({ planSlug: 'pro', status: 'active' }),
        count({ planSlug: 'enterprise', status: 'active' }),
        em.find(UserDirectoryRow, {}, { orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], limit: options.recentUsers }),
        em.find(
          RecentActivityRow,
          {},
          { orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], limit: options.recentActivity },
        ),
      ]);
    return {
      totals: { users, activeUsers, pendingUsers, admins },
      subscriptions: { basic, pro, enterprise },
      recentUsers,
      recentActivity,
    };
  }

  /** Admins and super admins, oldest first. */
  adminTeam(): Promise<UserDirectoryRow[]> {
    return this.em().find(
      UserDirectoryRow,
      { role: { $in: ['admin', 'super_admin'] } },
      { orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] },
    );
  }

  user(id: string): Promise<UserDirectoryRow | null> {
    return this.em().findOne(UserDirectoryRow, { id });
  }

  /** Oldest account with this address (case-insensitive); there is at most one (email claims). */
  userByEmail(email: string): Promise<UserDirectoryRow | null> {
    return this.em().findOne(
      UserDirectoryRow,
      { emailLower: email.trim().toLowerCase() },
      { orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] },
    );
  }

  /** An account's events, newest first; `beforeVersion` pages back. */
  timeline(
    accountId: string,
    options: { limit: number; beforeVersion?: number; types?: readonly string[] },
  ): Promise<AuditTimelineRow[]> {
    const where: FilterQuery<AuditTimelineRow> = {
      accountId,
      ...(options.beforeVersion === undefined ? {} : { version: { $lt: options.beforeVersion } }),
      ...(options.types?.length ? { type: { $in: [...options.types] } } : {}),
    };
    return this.em().find(AuditTimelineRow, where, { orderBy: { version: 'desc' }, limit: options.limit });
  }

  /**
   * Each API key's recorded tool runs and the last one's time, from the account's timeline (issue 29: the runs carry
   * `apiKeyId`). Keys never used are absent.
   */
  async apiKeyUses(accountId: string): Promise<Map<string, { uses: number; lastUsedAt: Date }>> {
    const em = this.em();
    const rows = await em
      .getConnection()
      .execute<Array<{ key_id: string; uses: string | number; last_used_at: Date | string }>>(
        `select data->>'apiKeyId' as key_id, count(*) as uses, max("at") as last_used_at
           from "${this.schema}"."audit_timeline"
          where account_id = ? and data->>'apiKeyId' is not null
          group by 1`,
        [accountId],
      );
    return new Map(rows.map((row) => [row.key_id, { uses: Number(row.uses), lastUsedAt: new Date(row.last_used_at) }]));
  }

  invite(id: string): Promise<InviteRow | null> {
    return this.em().findOne(InviteRow, { id });
  }

  /** Daily detections and humanisations per plan from `fromDay` (YYYY-MM-DD, UTC) on, oldest first. */
  dailyUsage(fromDay: string): Promise<DailyUsageRow[]> {
    return this.em().find(DailyUsageRow, { day: { $gte: fromDay } }, { orderBy: [{ day: 'asc' }, { plan: 'asc' }] });
  }

  /** Invitations, newest first. */
  invites(limit: number): Promise<InviteRow[]> {
    return this.em().find(InviteRow, {}, { orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], limit });
  }

  /** E-mail addresses of accounts (for naming actors); erased accounts are absent. */
  async emailsOf(ids: readonly string[]): Promise<Map<string, string>> {
    if (ids.length === 0) return new Map();
    const rows = await this.em().find(UserDirectoryRow, { id: { $in: [...ids] } }, { fields: ['id', 'email'] });
    return new Map(rows.map((row) => [row.id, row.email]));
  }
}
