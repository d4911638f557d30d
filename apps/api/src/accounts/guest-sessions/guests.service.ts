import { Inject, Injectable } from '@nestjs/common';
import { DomainError } from '@inkprint/domain-kernel';
import { guestSessionDecider, guestStreamId, verifyGuest } from '@inkprint/plans-domain';
import { loadState, type EventStore } from '@inkprint/eventstore';
import { EVENT_STORE } from '../../platform/tokens';
import { JWT_SECRET } from '../auth/tokens';
import { sha256 } from '../shared/secrets';
import type { UsageHolder } from '../../usage';

const GUEST_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Who a guest request is (spec §6): a guestId and its token (the X-Guest-Token header); only the hash is kept. */
@Injectable()
export class GuestsService {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(JWT_SECRET) private readonly secret: string,
  ) {}

  /** The client address, keyed so it is never stored in clear. */
  clientKey(ip: string | undefined): string {
    return sha256(`client:${this.secret}:${ip ?? 'unknown'}`).slice(0, 32);
  }

  /**
   * The guest of a request: GUEST_REQUIRED without a guest id or token, GUEST_NOT_FOUND for an unknown id,
   * GUEST_INVALID for a wrong token. Usage is charged to the current client address as well.
   */
  async resolve(
    guestId: string | undefined,
    token: string | undefined,
    ip: string | undefined,
  ): Promise<UsageHolder & { kind: 'guest' }> {
    if (!guestId || !token)
      throw new DomainError('GUEST_REQUIRED', 'Start a guest session or sign in to continue.', 401);
    if (!GUEST_ID.test(guestId))
      throw new DomainError('GUEST_INVALID', 'Guest session is invalid. Start a new guest session.', 401);
    const { state } = await loadState(this.store, guestStreamId(guestId), guestSessionDecider);
    verifyGuest(state, sha256(token));
    return { kind: 'guest', guestId, clientKey: this.clientKey(ip) };
  }
}
