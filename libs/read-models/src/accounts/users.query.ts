import type { FilterQuery } from '@mikro-orm/core';
import type { AccountStatus, Role } from '@inkprint/accounts-domain';
import type { ReadModels } from '../read-models';
import { afterCursor, decodePageCursor, encodePageCursor, type PageCursor, pageOf } from '../page-cursor';
import { UserDirectoryRow } from './users.projection';

/** Position after the last row of a page of the user directory: ordered by (createdAt desc, id desc). */
export type UserCursor = PageCursor;
export const encodeUserCursor = encodePageCursor;
export const decodeUserCursor = decodePageCursor;

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

/** The dashboard's counts over the directory (spec §3 dashboard totals and subscriptions) and its newest accounts. */
export interface DirectorySummary {
  totals: { users: number; activeUsers: number; pendingUsers: number; admins: number };
  subscriptions: { basic: number; pro: number; enterprise: number };
  recentUsers: UserDirectoryRow[];
}

const likePattern = (q: string) => `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** A page of the admin user directory, newest first, under the filters. */
export async function listUsers(read: ReadModels, query: UserListQuery): Promise<UserListPage> {
  const em = read.em();
  const filters: Array<FilterQuery<UserDirectoryRow>> = [];
  if (query.status) filters.push({ status: query.status });
  if (query.role) filters.push({ role: query.role });
  const q = query.q?.trim();
  if (q) filters.push({ $or: [{ emailLower: { $like: likePattern(q) } }, { nameLower: { $like: likePattern(q) } }] });
  const where: FilterQuery<UserDirectoryRow> = filters.length ? { $and: filters } : {};
  const paged: FilterQuery<UserDirectoryRow> = query.cursor ? { $and: [...filters, afterCursor(query.cursor)] } : where;
  const [rows, total] = await Promise.all([
    em.find(UserDirectoryRow, paged, { orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], limit: query.limit + 1 }),
    em.count(UserDirectoryRow, where),
  ]);
  const { rows: users, nextCursor } = pageOf(rows, query.limit);
  return { users, nextCursor, total };
}

export async function getDirectorySummary(
  read: ReadModels,
  options: { recentUsers: number },
): Promise<DirectorySummary> {
  const em = read.em();
  const count = (where: FilterQuery<UserDirectoryRow>) => em.count(UserDirectoryRow, where);
  const [users, activeUsers, pendingUsers, admins, basic, pro, enterprise, recentUsers] = await Promise.all([
    count({}),
    count({ status: 'active' }),
    count({ status: 'pending_verification' }),
    count({ role: { $in: ['admin', 'super_admin'] } }),
    // "Active paid plans": accounts on the plan whose status is active.
    count({ planSlug: 'basic', status: 'active' }),
    count({ planSlug: 'pro', status: 'active' }),
    count({ planSlug: 'enterprise', status: 'active' }),
    em.find(UserDirectoryRow, {}, { orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], limit: options.recentUsers }),
  ]);
  return {
    totals: { users, activeUsers, pendingUsers, admins },
    subscriptions: { basic, pro, enterprise },
    recentUsers,
  };
}

/** Admins and super admins, oldest first. */
export function listAdminTeam(read: ReadModels): Promise<UserDirectoryRow[]> {
  return read
    .em()
    .find(
      UserDirectoryRow,
      { role: { $in: ['admin', 'super_admin'] } },
      { orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] },
    );
}

export function getUser(read: ReadModels, id: string): Promise<UserDirectoryRow | null> {
  return read.em().findOne(UserDirectoryRow, { id });
}

/** Oldest account with this address (case-insensitive); there is at most one (email claims). */
export function getUserByEmail(read: ReadModels, email: string): Promise<UserDirectoryRow | null> {
  return read
    .em()
    .findOne(
      UserDirectoryRow,
      { emailLower: email.trim().toLowerCase() },
      { orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] },
    );
}

/** E-mail addresses of accounts (for naming actors); erased accounts are absent. */
export async function emailsOf(read: ReadModels, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await read.em().find(UserDirectoryRow, { id: { $in: [...ids] } }, { fields: ['id', 'email'] });
  return new Map(rows.map((row) => [row.id, row.email]));
}
