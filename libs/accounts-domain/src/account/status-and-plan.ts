import { isAssignablePlanSlug, type AccountStatus, type PlanSlug } from '@inkprint/contracts';
import { revokeLiveKeys, type ApiKeyRevoked } from '../api-key';
import { existing, refuse, type AccountState, type At } from './state';

export type ChangeAccountStatus = { type: 'ChangeAccountStatus'; data: { status: AccountStatus } & At };
export type ChangePlan = { type: 'ChangePlan'; data: { planSlug: string } & At };

export type AccountStatusChanged = {
  type: 'AccountStatusChanged';
  data: { from: AccountStatus; to: AccountStatus } & At;
};
export type PlanChanged = { type: 'PlanChanged'; data: { from: PlanSlug | null; to: PlanSlug } & At };

export function changeAccountStatus(
  command: ChangeAccountStatus,
  state: AccountState,
): (AccountStatusChanged | ApiKeyRevoked)[] {
  const a = existing(state);
  const { status, at } = command.data;
  if (a.role === 'super_admin' && status !== 'active') {
    return refuse('SUPER_ADMIN_PROTECTED', 'The super admin account cannot be disabled or unverified.', 403);
  }
  if (a.status === status) return [];
  return [
    { type: 'AccountStatusChanged', data: { from: a.status, to: status, at } },
    ...(status === 'disabled' ? revokeLiveKeys(a.apiKeys, 'account_disabled', at) : []),
  ];
}

export function changePlan(command: ChangePlan, state: AccountState): PlanChanged[] {
  const a = existing(state);
  const slug = command.data.planSlug.trim().toLowerCase();
  if (!isAssignablePlanSlug(slug)) {
    return refuse('INVALID_PLAN', 'Choose one of the plans free-signup, basic, pro or enterprise.', 400, {
      field: 'planSlug',
    });
  }
  return a.planSlug === slug
    ? []
    : [{ type: 'PlanChanged', data: { from: a.planSlug, to: slug, at: command.data.at } }];
}
