import {
  ApiKey,
  ApiKeyList,
  type AccountStatus,
  AdminRevokedResponse,
  AdminTeamResponse,
  type AdminUser,
  AdminUserResponse,
  type DailyUsage,
  DailyUsageResponse,
  DashboardResponse,
  type DashboardSummary,
  HealthResponse,
  InviteAcceptedResponse,
  type InviteListItem,
  InviteResponse,
  InvitesResponse,
  MeResponse,
  MessageResponse,
  MfaEnabledResponse,
  MfaEnrolmentResponse,
  MfaStatusResponse,
  MfaVerifiedResponse,
  PlanChangedResponse,
  StatusChangedResponse,
  TimelineResponse,
  UsersPage,
  USERS_PAGE_DEFAULT,
  USERS_PAGE_MAX,
} from '@inkprint/contracts';
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
  /** `GET /admin/health` checks (projection lag, relay); a 503 still carries them in `details.checks`. */
  getHealth(): Promise<NonNullable<HealthResponse['checks']>>;
  changePlan(id: string, planSlug: string): Promise<PlanChangedResponse>;
  changeStatus(id: string, status: AccountStatus): Promise<StatusChangedResponse>;
  revokeAdmin(id: string): Promise<AdminRevokedResponse>;
  invite(email: string): Promise<InviteResponse>;
  lookupInvite(token: string): Promise<InviteResponse>;
  acceptInvite(token: string): Promise<InviteAcceptedResponse>;
  /** `GET /admin/invites` (super admin): every invite, newest first, with its status read at query time. */
  listInvites(): Promise<InviteListItem[]>;
  /** `POST /admin/invites/{id}/resend` (super admin): a new link to the same address; the old link stops working. */
  resendInvite(id: string): Promise<InviteResponse>;
  /** `POST /admin/invites/{id}/revoke` (super admin): the invite's link stops working. */
  revokeInvite(id: string): Promise<InviteResponse>;
  /** `GET /admin/metrics/daily?days=`: detections and humanisations per UTC day and plan, oldest first. */
  getDailyUsage(days?: number): Promise<DailyUsage[]>;
  /** `GET /admin/users/{id}/timeline`; `kinds` (event types) are filtered server-side and paged like the rest. */
  getTimeline(
    id: string,
    page?: { before?: number | null; limit?: number; kinds?: readonly string[] },
  ): Promise<TimelineResponse>;
  /** Two-factor sign-in (`/admin/mfa…`): status, set-up, its first code, a session's code; the super admin's reset. */
  getMfaStatus(): Promise<MfaStatusResponse>;
  enrolMfa(): Promise<MfaEnrolmentResponse>;
  confirmMfa(code: string): Promise<MfaEnabledResponse>;
  verifyMfa(code: string): Promise<MfaVerifiedResponse>;
  resetMfa(id: string): Promise<MessageResponse>;
  /** `GET /admin/users/{id}/api-keys`: the account's API keys (names, scopes, last use; never a key). */
  listApiKeys(id: string): Promise<ApiKey[]>;
  /** `POST /admin/users/{id}/api-keys/{keyId}/revoke`: revoked at once, recorded as done by an admin. */
  revokeApiKey(id: string, keyId: string): Promise<ApiKey>;
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

  async function fetchUsers(filter: UserFilter, limit: number, cursor?: string): Promise<UsersPage> {
    return client.request('/admin/users', { schema: UsersPage, query: usersQuery(filter, limit, cursor) });
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

  const path = (id: string) => encodeURIComponent(id);

  async function getUser(id: string): Promise<GetOneResult<AdminUser>> {
    const { user } = await client.request(`/admin/users/${path(id)}`, { schema: AdminUserResponse });
    return { data: user };
  }

  return {
    async getList(resource, params) {
      if (resource === 'users') return (await listUsers(params)) as GetListResult<never>;
      if (resource === 'admins') {
        const { admins } = await client.request('/admin/admins', { schema: AdminTeamResponse });
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
      return (await client.request('/admin/dashboard', { schema: DashboardResponse })).summary;
    },
    getProfile: () => client.request('/auth/me', { schema: MeResponse }),
    async getHealth() {
      try {
        return (await client.request('/admin/health', { schema: HealthResponse })).checks ?? {};
      } catch (error) {
        const checks = (error as { body?: { details?: { checks?: HealthResponse['checks'] } } }).body?.details?.checks;
        if (checks) return checks;
        throw error;
      }
    },
    changePlan: (id, planSlug) =>
      client.request(`/admin/users/${path(id)}/plan`, {
        schema: PlanChangedResponse,
        method: 'POST',
        body: { planSlug },
      }),
    changeStatus: (id, status) =>
      client.request(`/admin/users/${path(id)}/status`, {
        schema: StatusChangedResponse,
        method: 'POST',
        body: { status },
      }),
    revokeAdmin: (id) =>
      client.request(`/admin/admins/${path(id)}/revoke`, { schema: AdminRevokedResponse, method: 'POST' }),
    invite: (email) => client.request('/admin/invites', { schema: InviteResponse, method: 'POST', body: { email } }),
    lookupInvite: (token) =>
      client.request('/admin/invites/lookup', { schema: InviteResponse, method: 'POST', body: { token }, auth: false }),
    acceptInvite: (token) =>
      client.request('/admin/invites/accept', { schema: InviteAcceptedResponse, method: 'POST', body: { token } }),
    async listInvites() {
      return (await client.request('/admin/invites', { schema: InvitesResponse })).invites;
    },
    resendInvite: (id) =>
      client.request(`/admin/invites/${path(id)}/resend`, { schema: InviteResponse, method: 'POST' }),
    revokeInvite: (id) =>
      client.request(`/admin/invites/${path(id)}/revoke`, { schema: InviteResponse, method: 'POST' }),
    async getDailyUsage(days = 14) {
      return (await client.request('/admin/metrics/daily', { schema: DailyUsageResponse, query: { days } })).days;
    },
    getMfaStatus: () => client.request('/admin/mfa', { schema: MfaStatusResponse }),
    enrolMfa: () => client.request('/admin/mfa/enrol', { schema: MfaEnrolmentResponse, method: 'POST' }),
    confirmMfa: (code) =>
      client.request('/admin/mfa/confirm', { schema: MfaEnabledResponse, method: 'POST', body: { code } }),
    verifyMfa: (code) =>
      client.request('/admin/mfa/verify', { schema: MfaVerifiedResponse, method: 'POST', body: { code } }),
    resetMfa: (id) =>
      client.request(`/admin/admins/${path(id)}/mfa/reset`, { schema: MessageResponse, method: 'POST' }),
    async listApiKeys(id) {
      return (await client.request(`/admin/users/${path(id)}/api-keys`, { schema: ApiKeyList })).apiKeys;
    },
    revokeApiKey: (id, keyId) =>
      client.request(`/admin/users/${path(id)}/api-keys/${path(keyId)}/revoke`, { schema: ApiKey, method: 'POST' }),
    getTimeline: (id, page = {}) =>
      client.request(`/admin/users/${path(id)}/timeline`, {
        schema: TimelineResponse,
        query: {
          limit: page.limit,
          before: page.before ?? undefined,
          kind: page.kinds && page.kinds.length > 0 ? page.kinds.join(',') : undefined,
        },
      }),
  };
}
