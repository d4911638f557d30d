import { EntitySchema } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { RecordedEvent } from '@inkprint/eventstore';
import type { Projection } from '@inkprint/projections';
import type { InviteEvent } from '@inkprint/accounts-domain';
import { eventTime } from '../streams';

/**
 * One row per admin invitation. `status` is what the log says (pending, accepted or revoked); an invite past `expiresAt`
 * reads "expired" at query time (inviteRowStatus), because time passing appends no event.
 */
export class InviteRow {
  id!: string;
  email!: string;
  emailLower!: string;
  status!: 'pending' | 'accepted' | 'revoked';
  expiresAt!: Date;
  issuedBy!: string;
  createdAt!: Date;
  acceptedBy!: string | null;
  acceptedAt!: Date | null;
}

export const InviteSchema = new EntitySchema<InviteRow>({
  class: InviteRow,
  tableName: 'invites',
  schema: '*',
  properties: {
    id: { type: 'string', primary: true },
    email: { type: 'string' },
    emailLower: { type: 'string', index: true },
    status: { type: 'string' },
    expiresAt: { type: 'datetime' },
    issuedBy: { type: 'string' },
    createdAt: { type: 'datetime', index: true },
    acceptedBy: { type: 'string', nullable: true },
    acceptedAt: { type: 'datetime', nullable: true },
  },
});

export function inviteRowStatus(
  row: Pick<InviteRow, 'status' | 'expiresAt'>,
  now: Date,
): 'pending' | 'accepted' | 'expired' | 'revoked' {
  if (row.status === 'accepted' || row.status === 'revoked') return row.status;
  return row.expiresAt.getTime() <= now.getTime() ? 'expired' : 'pending';
}

export function invitesProjection(): Projection {
  return {
    name: 'invites',
    entities: [InviteSchema],
    eventTypes: ['InviteIssued', 'InviteAccepted', 'InviteRevoked'],
    async apply(events: readonly RecordedEvent[], em: EntityManager) {
      const ids = [
        ...new Set(
          events.filter((e) => e.streamId.startsWith('invite-')).map((e) => e.streamId.slice('invite-'.length)),
        ),
      ];
      const rows = new Map((await em.find(InviteRow, { id: { $in: ids } })).map((r) => [r.id, r]));
      for (const event of events) {
        if (!event.streamId.startsWith('invite-')) continue;
        const id = event.streamId.slice('invite-'.length);
        const e = event as unknown as InviteEvent;
        if (e.type === 'InviteIssued') {
          if (rows.has(id)) continue;
          rows.set(
            id,
            em.create(InviteRow, {
              id,
              email: e.data.email,
              emailLower: e.data.email.toLowerCase(),
              status: 'pending',
              expiresAt: new Date(e.data.expiresAt),
              issuedBy: e.data.issuedBy,
              createdAt: eventTime(event),
              acceptedBy: null,
              acceptedAt: null,
            }),
          );
        } else if (e.type === 'InviteAccepted') {
          const row = rows.get(id);
          if (!row) continue;
          row.status = 'accepted';
          row.acceptedBy = e.data.accountId;
          row.acceptedAt = eventTime(event);
        } else if (e.type === 'InviteRevoked') {
          const row = rows.get(id);
          if (row && row.status === 'pending') row.status = 'revoked';
        }
      }
    },
  };
}
