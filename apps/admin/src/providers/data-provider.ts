import type {
  AccountStatus,
  AdminRevokedResponse,
  AdminTeamResponse,
  AdminUser,
  DashboardResponse,
  DashboardSummary,
  HealthResponse,
  InviteAcceptedResponse,
  InviteResponse,
  MeResponse,
  PlanChangedResponse,
  StatusChangedResponse,
  TimelineResponse,
  UsersPage,
} from '@inkprint/contracts';
import { USERS_PAGE_DEFAULT, USERS_PAGE_MAX } from '@inkprint/contracts';
import { HttpError, type DataProvider, type GetListParams, type GetListResult, type GetOneResult } from 'ra-core';
import type { ApiClient } from './http-client';

/** Directory filters as the list's filter form holds them ('all' or empty = no filter). */
export interface UserFilter {
  status?: string;
  role?: string;
  q?: string;
}

/** The console's data provider: react-admin CRUD reads plus one custom method per admin command (spec §7). */
export interface AdminDataProvider extends DataProvider {
  getDashboard(): Promise<DashboardSummary>;
  getProfile(): Promise<MeResponse>;
  /** `GET /health` checks (projection lag, relay); a 503 still carries them in `details.checks`. */
  getHealth(): Promise<HealthResponse['checks']>;
  changePlan(id: string, planSlug: string): Promise<PlanChangedResponse>;
  changeStatus(id: string, status: AccountStatus): Promise<StatusChangedResponse>;
  revokeAdmin(id: string): Promise<AdminRevokedResponse>;
  invite(email: string): Promise<InviteResponse>;
  lookupInvite(token: string): Promise<InviteResponse>;
  acceptInvite(token: string): Promise<InviteAcceptedResponse>;
  getTimeline(id: string, page?: { before?: number | null; limit?: number }): Promise<TimelineResponse>;
}

const unsupported = (what: string) => () =>
  Promise.reject(new HttpError(`The admin API has no ${what} endpoint.`, 405, { code: 'NOT_SUPPORTED' }));

const noFilter = (value: unknown): string | undefined => {
  if (typeof value !== 'string') return undefined;
  const trimmed = value.trim();
  return trimmed === '' || trimmed === 'all' ? undefined : trimmed;
};

/** The API query of one directory page: status/role left out for 'all'; q and cursor never together (spec §7). */
export function usersQuery(
  filter: UserFilter,
  limit: number,
  cursor?: string,
): Record<string, string | number | undefined> {
  const q = noFilter(filter.q);
  return {
    limit,
    status: noFilter(filter.status),
    role: noFilter(filter.role),
    q,
    cursor: q ? undefined : cursor,
  };
}

export function createDataProvider(client: ApiClient): AdminDataProvider {
  /**
   * The API pages by opaque cursor, react-admin by page number: the cursor that follows page n of a given filter is
   * kept here (and returned in `meta.nextCursor`), so page n+1 (the 'Load more' of useInfiniteGetList) continues there.
   * A caller may also pass `meta.cursor` itself.
   */
  const cursors = new Map<string, Map<number, string | null>>();
  /** Rows already seen, so getOne('users') does not walk the directory for a row on screen. */
  const seen = new Map<string, AdminUser>();

  async function fetchUsers(filter: UserFilter, limit: number, cursor?: string): Promise<UsersPage> {
    const page = await client.request<UsersPage>('/admin/users', { query: usersQuery(filter, limit, cursor) });
    for (const user of page.users) seen.set(user.id, user);
    return page;
  }

  async function listUsers(params: GetListParams): Promise<GetListResult<AdminUser>> {
    const filter = (params.filter ?? {}) as UserFilter;
    const limit = Math.min(Math.max(params.pagination?.perPage ?? USERS_PAGE_DEFAULT, 1), USERS_PAGE_MAX);
    const page = Math.max(params.pagination?.page ?? 1, 1);
    const searching = !!noFilter(filter.q);
    const key = JSON.stringify({ ...usersQuery(filter, limit), cursor: undefined });
    const known = cursors.get(key) ?? new Map<number, string | null>();
    cursors.set(key, known);

    let cursor: string | undefined = typeof params.meta?.cursor === 'string' ? params.meta.cursor : undefined;
    if (cursor === undefined && page > 1) {
      if (searching) return { data: [], total: 0, pageInfo: { hasNextPage: false, hasPreviousPage: true } };
      if (!known.has(page - 1)) {
        // A direct jump to page n (e.g. after a reload): walk from the first page.
        let walk: string | null | undefined;
        for (let p = 1; p < page; p++) {
          const walked = await fetchUsers(filter, limit, walk ?? undefined);
          known.set(p, walked.nextCursor);
          walk = walked.nextCursor;
          if (!walk) break;
        }
      }
      const next = known.get(page - 1);
      if (!next) return { data: [], pageInfo: { hasNextPage: false, hasPreviousPage: true } };
      cursor = next;
    }

    const result = await fetchUsers(filter, limit, cursor);
    known.set(page, result.nextCursor);
    return {
      data: result.users,
      total: result.total,
      pageInfo: { hasNextPage: !searching && result.nextCursor !== null, hasPreviousPage: page > 1 },
      meta: { nextCursor: result.nextCursor },
    };
  }

  async function getUser(id: string): Promise<GetOneResult<AdminUser>> {
    const cached = seen.get(id);
    if (cached) return { data: cached };
    // No GET /admin/users/{id}: walk the directory (100 a page) until the account shows up.
    let cursor: string | undefined;
    do {
      const page = await fetchUsers({}, USERS_PAGE_MAX, cursor);
      const found = page.users.find((user) => user.id === id);
      if (found) return { data: found };
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    throw new HttpError('No such account.', 404, { code: 'ACCOUNT_NOT_FOUND' });
  }

  const path = (id: string) => encodeURIComponent(id);

  return {
    async getList(resource, params) {
      if (resource === 'users') return (await listUsers(params)) as GetListResult<never>;
      if (resource === 'admins') {
        const { admins } = await client.request<AdminTeamResponse>('/admin/admins');
        return {
          data: admins as never[],
          total: admins.length,
          pageInfo: { hasNextPage: false, hasPreviousPage: false },
        };
      }
      throw new HttpError(`Unknown resource ${resource}.`, 404, { code: 'NOT_FOUND' });
    },
    async getOne(resource, params) {
      if (resource === 'users') return getUser(String(params.id)) as never;
      throw new HttpError(`Unknown resource ${resource}.`, 404, { code: 'NOT_FOUND' });
    },
    async getMany(resource, params) {
      if (resource !== 'users') throw new HttpError(`Unknown resource ${resource}.`, 404, { code: 'NOT_FOUND' });
      const rows = await Promise.all(params.ids.map((id) => getUser(String(id))));
      return { data: rows.map((row) => row.data) as never };
    },
    getManyReference: unsupported('related-records'),
    create: unsupported('create'),
    update: unsupported('generic update'),
    updateMany: unsupported('bulk update'),
    delete: unsupported('delete'),
    deleteMany: unsupported('bulk delete'),

    async getDashboard() {
      return (await client.request<DashboardResponse>('/admin/dashboard')).summary;
    },
    getProfile: () => client.request<MeResponse>('/auth/me'),
    async getHealth() {
      try {
        return (await client.request<HealthResponse>('/health', { auth: false })).checks;
      } catch (error) {
        const checks = (error as { body?: { details?: { checks?: HealthResponse['checks'] } } }).body?.details?.checks;
        if (checks) return checks;
        throw error;
      }
    },
    async changePlan(id, planSlug) {
      const answer = await client.request<PlanChangedResponse>(`/admin/users/${path(id)}/plan`, {
        method: 'POST',
        body: { planSlug },
      });
      const row = seen.get(id);
      if (row) seen.set(id, { ...row, planSlug: answer.subscription.planSlug });
      return answer;
    },
    async changeStatus(id, status) {
      const answer = await client.request<StatusChangedResponse>(`/admin/users/${path(id)}/status`, {
        method: 'POST',
        body: { status },
      });
      seen.set(id, answer.user);
      return answer;
    },
    async revokeAdmin(id) {
      const answer = await client.request<AdminRevokedResponse>(`/admin/admins/${path(id)}/revoke`, { method: 'POST' });
      const row = seen.get(id);
      if (row) seen.set(id, { ...row, role: answer.admin.role });
      return answer;
    },
    invite: (email) => client.request<InviteResponse>('/admin/invites', { method: 'POST', body: { email } }),
    lookupInvite: (token) =>
      client.request<InviteResponse>('/admin/invites/lookup', { method: 'POST', body: { token }, auth: false }),
    acceptInvite: (token) =>
      client.request<InviteAcceptedResponse>('/admin/invites/accept', { method: 'POST', body: { token } }),
    getTimeline: (id, page = {}) =>
      client.request<TimelineResponse>(`/admin/users/${path(id)}/timeline`, {
        query: { limit: page.limit, before: page.before ?? undefined },
      }),
  };
}
