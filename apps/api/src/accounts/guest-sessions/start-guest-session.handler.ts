import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { GuestSessionResponse } from '@inkprint/contracts';
import { handleCommand, type EventStore } from '@inkprint/eventstore';
import { guestSessionDecider, guestStreamId } from '@inkprint/plans-domain';
import { CLOCK, type Clock } from '../../platform/clock';
import { IDS, type Ids } from '../../platform/ids';
import { EVENT_STORE } from '../../platform/tokens';
import { guestActor } from '../shared/actor';
import { sha256 } from '../shared/secrets';
import { UsageService } from '../../usage';
import { GuestsService } from './guests.service';

export class StartGuestSession extends Command<GuestSessionResponse> {
  constructor(readonly clientIp: string | undefined) {
    super();
  }
}

/** `POST /auth/guest/session`: a new guest id and token (only its hash is recorded), with the guest's usage. */
@CommandHandler(StartGuestSession)
export class StartGuestSessionHandler implements ICommandHandler<StartGuestSession> {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(IDS) private readonly ids: Ids,
    private readonly guests: GuestsService,
    private readonly usage: UsageService,
  ) {}

  async execute({ clientIp }: StartGuestSession): Promise<GuestSessionResponse> {
    const guestId = this.ids.uuid();
    const token = `gst_${this.ids.secret(32)}`;
    const clientKey = this.guests.clientKey(clientIp);
    await handleCommand(
      this.store,
      guestStreamId(guestId),
      guestSessionDecider,
      {
        type: 'StartGuestSession',
        data: { guestId, tokenHash: sha256(token), clientKey, at: this.clock.now().toISOString() },
      },
      { metadata: { actor: guestActor(guestId) } },
    );
    return { guestId, token, summary: await this.usage.usage({ kind: 'guest', guestId, clientKey }, null) };
  }
}
