import { guestSession } from '../../../lib/session-store';

/**
 * The AI endpoints read the guest id from the body (the request layer adds it only to the query). A getter, so that
 * every attempt serialises the current guest: after the request layer recreated the guest session, its retry carries
 * the new id.
 */
export function withGuestId<T extends object>(body: T): T & { readonly guestId?: string } {
  return Object.defineProperty({ ...body }, 'guestId', {
    enumerable: true,
    get: () => guestSession.get()?.id,
  }) as T & { readonly guestId?: string };
}
