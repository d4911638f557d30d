import type { Role } from '@inkprint/contracts';
import { INVITE_NOT_FOUND_MESSAGE } from '../invite';
import { existing, ms, refuse, type Account, type AccountState, type At } from './state';

export type PromoteToAdmin = { type: 'PromoteToAdmin'; data: { inviteId: string; inviteIssuedAt: string } & At };
export type RevokeAdmin = { type: 'RevokeAdmin'; data: At };

export type RoleChanged = {
  type: 'RoleChanged';
  data: { from: Role; to: Role; reason: 'invite_accepted' | 'revoked' | 'bootstrap'; inviteId?: string } & At;
};

/**
 * An admin invite promotes an account once: an invite that already promoted it, or one issued before its admin
 * access was last revoked, is refused (a revocation outlives every invite issued before it).
 */
export function assertInviteCanPromote(account: Account, inviteId: string, inviteIssuedAt: string): void {
  if (account.adminInvites.includes(inviteId))
    refuse('INVITE_NOT_PENDING', 'This invitation has already been used.', 409);
  if (account.adminRevokedAt && ms(inviteIssuedAt) <= ms(account.adminRevokedAt))
    refuse('INVITE_NOT_FOUND', INVITE_NOT_FOUND_MESSAGE, 404);
}

export function promoteToAdmin(command: PromoteToAdmin, state: AccountState): RoleChanged[] {
  const a = existing(state);
  assertInviteCanPromote(a, command.data.inviteId, command.data.inviteIssuedAt);
  if (a.role !== 'user') return [];
  return [
    {
      type: 'RoleChanged',
      data: {
        from: 'user',
        to: 'admin',
        reason: 'invite_accepted',
        inviteId: command.data.inviteId,
        at: command.data.at,
      },
    },
  ];
}

export function revokeAdmin(command: RevokeAdmin, state: AccountState): RoleChanged[] {
  const a = existing(state);
  if (a.role === 'super_admin')
    return refuse('SUPER_ADMIN_PROTECTED', "A super admin's access cannot be revoked.", 403);
  if (a.role !== 'admin') return refuse('NOT_AN_ADMIN', 'This account is not an admin.', 409);
  return [{ type: 'RoleChanged', data: { from: 'admin', to: 'user', reason: 'revoked', at: command.data.at } }];
}
