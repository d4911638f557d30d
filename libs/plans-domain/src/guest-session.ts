import { assertNever, DomainError, type Decider } from '@inkprint/domain-kernel';

/** A guest (no account): stream `guest-<guestId>`. The token is given once; only its hash is kept. */
export type StartGuestSession = {
  type: 'StartGuestSession';
  data: { guestId: string; tokenHash: string; clientKey: string; at: string };
};
export type GuestSessionCommand = StartGuestSession;

export type GuestSessionStarted = {
  type: 'GuestSessionStarted';
  data: { guestId: string; tokenHash: string; clientKey: string; at: string };
};
export type GuestSessionEvent = GuestSessionStarted;

export type GuestSessionState =
  { status: 'none' } | { status: 'started'; guestId: string; tokenHash: string; clientKey: string; startedAt: string };

export const guestSessionDecider: Decider<GuestSessionState, GuestSessionCommand, GuestSessionEvent> = {
  initialState: () => ({ status: 'none' }),
  decide(command, state) {
    switch (command.type) {
      case 'StartGuestSession':
        if (state.status !== 'none') throw new DomainError('GUEST_EXISTS', 'This guest session already exists.', 409);
        return [{ type: 'GuestSessionStarted', data: command.data }];
      default:
        return assertNever(command.type);
    }
  },
  evolve(_state, event) {
    switch (event.type) {
      case 'GuestSessionStarted':
        return { status: 'started', ...event.data, startedAt: event.data.at };
      default:
        return assertNever(event.type);
    }
  },
};

export function guestStreamId(guestId: string): string {
  return `guest-${guestId}`;
}

/** Checks a presented guest token against the session (spec §8 codes: the client recreates its guest on these). */
export function verifyGuest(
  state: GuestSessionState,
  presentedTokenHash: string | undefined,
): Extract<GuestSessionState, { status: 'started' }> {
  if (state.status === 'none')
    throw new DomainError('GUEST_NOT_FOUND', 'Guest session not found. Start a new guest session.', 404);
  if (!presentedTokenHash || presentedTokenHash !== state.tokenHash) {
    throw new DomainError('GUEST_INVALID', 'Guest session is invalid. Start a new guest session.', 401);
  }
  return state;
}
