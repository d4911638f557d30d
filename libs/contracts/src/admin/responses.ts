import { z } from 'zod';
import { ACCOUNT_STATUSES, ROLES } from '../policies/roles';

const iso = z.string().meta({ format: 'date-time' });

/** Spec §3 "Admin user" (a row of the user directory). */
export const AdminUser = z
  .object({
    id: z.string(),
    email: z.string(),
    name: z.string(),
    role: z.enum(ROLES),
    status: z.enum(ACCOUNT_STATUSES),
    planSlug: z.string(),
    wordsUsed: z.number().int(),
    lastLoginAt: iso.nullable(),
  })
  .meta({ id: 'AdminUser' });
export type AdminUser = z.infer<typeof AdminUser>;

/** Spec §3 "Admin list item" (the admin team); `adminSince`: when the admin role was granted (the account's creation is `createdAt`). */
export const AdminListItem = z
  .object({ id: z.string(), email: z.string(), role: z.enum(ROLES), createdAt: iso, adminSince: iso.nullable() })
  .meta({ id: 'AdminListItem' });
export type AdminListItem = z.infer<typeof AdminListItem>;

/** Spec §3 dashboard `recentUsers[]`. */
export const RecentUser = z
  .object({
    id: z.string(),
    email: z.string(),
    role: z.enum(ROLES),
    status: z.enum(ACCOUNT_STATUSES),
    planSlug: z.string(),
    createdAt: iso,
  })
  .meta({ id: 'RecentUser' });
export type RecentUser = z.infer<typeof RecentUser>;

export const GUEST_LABEL = 'Guest session';

/** Spec §3 dashboard `recentActivity[]`: guests are labelled as a guest session. */
export const DashboardActivity = z
  .object({
    id: z.string(),
    createdAt: iso,
    /** A detection, or a humanisation (its verdict and AI % are the detector's reading of the rewrite). */
    kind: z.enum(['detection', 'humanisation']),
    accountLabel: z.string(),
    accountType: z.enum(['guest', 'user']),
    accountId: z.string(),
    accountEmail: z.string().nullable(),
    verdict: z.string().nullable(),
    aiPercent: z.number().nullable(),
    biasPercent: z.number().nullable(),
  })
  .meta({ id: 'DashboardActivity' });
export type DashboardActivity = z.infer<typeof DashboardActivity>;

/** Spec §3 "Admin dashboard summary". */
export const DashboardSummary = z
  .object({
    totals: z.object({
      users: z.number().int(),
      activeUsers: z.number().int(),
      pendingUsers: z.number().int(),
      admins: z.number().int(),
    }),
    subscriptions: z.object({ basic: z.number().int(), pro: z.number().int(), enterprise: z.number().int() }),
    recentUsers: z.array(RecentUser),
    /** The ten latest humanisations and the ten latest detections, newest first. */
    recentActivity: z.array(DashboardActivity),
  })
  .meta({ id: 'DashboardSummary' });
export type DashboardSummary = z.infer<typeof DashboardSummary>;

/** `GET /admin/dashboard`. */
export const DashboardResponse = z.object({ summary: DashboardSummary }).meta({ id: 'DashboardResponse' });
export type DashboardResponse = z.infer<typeof DashboardResponse>;

/** `GET /admin/users`: nextCursor is null at the end and for searches (not paged). */
export const UsersPage = z
  .object({ users: z.array(AdminUser), nextCursor: z.string().nullable(), total: z.number().int() })
  .meta({ id: 'UsersPage' });
export type UsersPage = z.infer<typeof UsersPage>;

/** `GET /admin/admins`. */
export const AdminTeamResponse = z.object({ admins: z.array(AdminListItem) }).meta({ id: 'AdminTeamResponse' });
export type AdminTeamResponse = z.infer<typeof AdminTeamResponse>;

/**
 * The id of the `system` actor that stands for an operator: a person who ran an `inkprint` command on the servers
 * (`inkprint accounts erase`), outside the API and its accounts. The timeline names it "an operator".
 */
export const OPERATOR_ACTOR_ID = 'operator';

/** One event of an account's streams, without secrets; `summary` is a readable sentence. */
export const TimelineEvent = z
  .object({
    position: z.string(),
    version: z.number().int(),
    type: z.string(),
    at: iso,
    /** Who did it; `email` names an account or admin (null for the system, an operator, guests and erased accounts). */
    actor: z.object({ type: z.string(), id: z.string(), email: z.string().nullable() }),
    summary: z.string(),
    data: z.record(z.string(), z.unknown()),
  })
  .meta({ id: 'TimelineEvent' });
export type TimelineEvent = z.infer<typeof TimelineEvent>;

/** `GET /admin/users/{id}/timeline`: newest first; pass nextBefore as `before` for the next page. */
export const TimelineResponse = z
  .object({ events: z.array(TimelineEvent), nextBefore: z.number().int().nullable() })
  .meta({ id: 'TimelineResponse' });
export type TimelineResponse = z.infer<typeof TimelineResponse>;

/** `POST /admin/users/{id}/plan`. */
export const PlanChangedResponse = z
  .object({ subscription: z.object({ planSlug: z.string(), status: z.literal('active') }), message: z.string() })
  .meta({ id: 'PlanChangedResponse' });
export type PlanChangedResponse = z.infer<typeof PlanChangedResponse>;

/** `POST /admin/users/{id}/status`. */
export const StatusChangedResponse = z
  .object({ user: AdminUser, message: z.string() })
  .meta({ id: 'StatusChangedResponse' });
export type StatusChangedResponse = z.infer<typeof StatusChangedResponse>;

/** `POST /admin/admins/{id}/revoke`. */
export const AdminRevokedResponse = z
  .object({ admin: AdminListItem, message: z.string() })
  .meta({ id: 'AdminRevokedResponse' });
export type AdminRevokedResponse = z.infer<typeof AdminRevokedResponse>;

/** Spec §3 "Invite": only a pending invite can be accepted ('revoked' answers the super admin's revocation only). */
export const Invite = z
  .object({ email: z.string(), expiresAt: iso, status: z.enum(['pending', 'accepted', 'revoked']) })
  .meta({ id: 'Invite' });
export type Invite = z.infer<typeof Invite>;

/** A row of the super admin's invitations list; `id` (derived from the token's hash, never the token) names it for resend/revoke. */
export const InviteListItem = z
  .object({
    id: z.string(),
    email: z.string(),
    status: z.enum(['pending', 'accepted', 'expired', 'revoked']),
    expiresAt: iso,
    issuedAt: iso,
    issuedBy: z.string(),
    acceptedAt: iso.nullable(),
  })
  .meta({ id: 'InviteListItem' });
export type InviteListItem = z.infer<typeof InviteListItem>;

/** `GET /admin/invites` (super admin): newest first. */
export const InvitesResponse = z.object({ invites: z.array(InviteListItem) }).meta({ id: 'InvitesResponse' });
export type InvitesResponse = z.infer<typeof InvitesResponse>;

/** `GET /admin/users/{id}`. */
export const AdminUserResponse = z.object({ user: AdminUser }).meta({ id: 'AdminUserResponse' });
export type AdminUserResponse = z.infer<typeof AdminUserResponse>;

/** `POST /admin/invites` and `POST /admin/invites/lookup`. */
export const InviteResponse = z
  .object({ invite: Invite, message: z.string().optional() })
  .meta({ id: 'InviteResponse' });
export type InviteResponse = z.infer<typeof InviteResponse>;

/** `POST /admin/invites/accept`: the account, now an admin. */
export const InviteAcceptedResponse = z
  .object({
    user: z.object({ id: z.string(), email: z.string(), name: z.string(), role: z.enum(ROLES) }),
    message: z.string(),
  })
  .meta({ id: 'InviteAcceptedResponse' });
export type InviteAcceptedResponse = z.infer<typeof InviteAcceptedResponse>;

/** One day's detections and humanisations on one plan (UTC days). */
export const DailyUsage = z
  .object({ date: z.string(), plan: z.string(), detections: z.number().int(), humanisations: z.number().int() })
  .meta({ id: 'DailyUsage' });
export type DailyUsage = z.infer<typeof DailyUsage>;

/** `GET /admin/metrics/daily?days=14`: oldest first; days and plans without activity are absent. */
export const DailyUsageResponse = z.object({ days: z.array(DailyUsage) }).meta({ id: 'DailyUsageResponse' });
export type DailyUsageResponse = z.infer<typeof DailyUsageResponse>;
