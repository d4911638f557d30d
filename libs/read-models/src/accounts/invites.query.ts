import type { ReadModels } from '../read-models';
import { InviteRow } from './invites.projection';

export function getInvite(read: ReadModels, id: string): Promise<InviteRow | null> {
  return read.em().findOne(InviteRow, { id });
}

/** Invitations, newest first. */
export function listInvites(read: ReadModels, limit: number): Promise<InviteRow[]> {
  return read.em().find(InviteRow, {}, { orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], limit });
}
