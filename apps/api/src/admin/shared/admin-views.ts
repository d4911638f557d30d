import {
  GUEST_LABEL,
  type AdminListItem,
  type AdminUser,
  type DashboardActivity,
  type RecentUser,
  type TimelineEvent,
} from '@inkprint/contracts';
import type { AuditTimelineRow, RecentActivityRow, UserDirectoryRow } from '@inkprint/read-models';

/** Spec §3: an empty plan reads as free-signup. */
const plan = (row: UserDirectoryRow) => row.planSlug ?? 'free-signup';
const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** Spec §3 "Admin user". */
export function adminUser(row: UserDirectoryRow): AdminUser {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    role: row.role,
    status: row.status,
    planSlug: plan(row),
    wordsUsed: row.wordsUsed,
    lastLoginAt: iso(row.lastLoginAt),
  };
}

/** Spec §3 "Admin list item". */
export function adminListItem(row: UserDirectoryRow): AdminListItem {
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    createdAt: row.createdAt.toISOString(),
    adminSince: iso(row.adminSince),
  };
}

/** Spec §3 dashboard `recentUsers[]`. */
export function recentUser(row: UserDirectoryRow): RecentUser {
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    status: row.status,
    planSlug: plan(row),
    createdAt: row.createdAt.toISOString(),
  };
}

/** Spec §3 dashboard `recentActivity[]`: guests are labelled as a guest session. */
export function dashboardActivity(row: RecentActivityRow): DashboardActivity {
  return {
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    kind: row.kind,
    accountLabel: row.accountType === 'guest' ? GUEST_LABEL : (row.accountEmail ?? row.accountId),
    accountType: row.accountType,
    accountId: row.accountId,
    accountEmail: row.accountEmail,
    verdict: row.verdict,
    aiPercent: row.aiPercent,
    biasPercent: row.biasPercent,
  };
}

export function timelineEvent(row: AuditTimelineRow, emails: ReadonlyMap<string, string> = new Map()): TimelineEvent {
  return {
    position: row.position,
    version: row.version,
    type: row.type,
    at: row.at.toISOString(),
    actor: {
      type: row.actorType,
      id: row.actorId,
      email: row.actorType === 'user' || row.actorType === 'admin' ? (emails.get(row.actorId) ?? null) : null,
    },
    summary: row.summary,
    data: row.data,
  };
}
