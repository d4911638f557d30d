import type { Account } from '@inkprint/accounts-domain';
import { accountPlan, type PublicUser } from '@inkprint/contracts';

export function publicUser(a: Account): PublicUser {
  return {
    id: a.accountId,
    name: a.name,
    email: a.email,
    role: a.role,
    status: a.status,
    planSlug: accountPlan(a.planSlug).slug,
    createdAt: a.createdAt,
    lastLoginAt: a.lastLoginAt,
  };
}
