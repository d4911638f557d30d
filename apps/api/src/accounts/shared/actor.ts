import type { Actor, EventMetadata } from '@inkprint/eventstore';
import type { SignedInAccount } from '../auth/current-account';

/** Who did it, as event metadata: the account itself, an admin, a guest or the system. */
export const userActor = (accountId: string): Actor => ({ type: 'user', id: accountId });
export const adminActor = (admin: SignedInAccount): Actor => ({ type: 'admin', id: admin.accountId });
export const guestActor = (guestId: string): Actor => ({ type: 'guest', id: guestId });
export const systemActor = (id: string): Actor => ({ type: 'system', id });

export function actedBy(actor: Actor, correlationId?: string): Partial<EventMetadata> {
  return correlationId ? { actor, correlationId } : { actor };
}
