/** Account roles and statuses (product spec §3, §6). A guest is not an account: 'guest' is an actor, not a role. */
export const ROLES = ['user', 'admin', 'super_admin'] as const;
export type Role = (typeof ROLES)[number];
export const ADMIN_ROLES: readonly Role[] = ['admin', 'super_admin'];

export const ACCOUNT_STATUSES = ['active', 'pending_verification', 'disabled'] as const;
export type AccountStatus = (typeof ACCOUNT_STATUSES)[number];

export function isAdminRole(role: unknown): boolean {
  return (ADMIN_ROLES as readonly unknown[]).includes(role);
}
