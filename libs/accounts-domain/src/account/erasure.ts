import { revokeLiveKeys, type ApiKeyRevoked } from '../api-key';
import { existing, refuse, type AccountState, type At } from './state';

/**
 * The account and its personal data are forgotten (its data key is destroyed first): asked by its owner
 * (`DELETE /auth/me`) or run by an operator on a request received otherwise (`inkprint accounts erase`).
 */
export type EraseAccount = { type: 'EraseAccount'; data: At };

export type AccountErased = { type: 'AccountErased'; data: At };

export function eraseAccount(command: EraseAccount, state: AccountState): (ApiKeyRevoked | AccountErased)[] {
  if (state.status === 'exists' && state.account.erasedAt) return [];
  const a = existing(state);
  if (a.role === 'super_admin')
    return refuse('SUPER_ADMIN_PROTECTED', 'The super admin account cannot be erased.', 403);
  return [
    ...revokeLiveKeys(a.apiKeys, 'account_erased', command.data.at),
    { type: 'AccountErased', data: { at: command.data.at } },
  ];
}
