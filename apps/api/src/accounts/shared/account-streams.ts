import { Inject, Injectable } from '@nestjs/common';
import {
  accountDecider,
  accountStreamId,
  emailClaimDecider,
  emailClaimStreamOf,
  type AccountCommand,
  type AccountState,
} from '@inkprint/accounts-domain';
import { DomainError } from '@inkprint/domain-kernel';
import { handleCommand, loadState, type Actor, type EventStore } from '@inkprint/eventstore';
import { CLOCK, type Clock } from '../../platform/clock';
import { EVENT_STORE } from '../../platform/tokens';
import { actedBy } from './actor';

/** An account command built at `at` (the clock's now), or from the account's current state. */
export type AccountCommandAt = (at: string, state: AccountState) => AccountCommand | Promise<AccountCommand>;

/**
 * Running commands on an account stream and finding accounts by address: the one place slices do it. The email
 * claim stream makes an address belong to exactly one account, whatever races between sign-ups.
 */
@Injectable()
export class AccountStreams {
  constructor(
    @Inject(EVENT_STORE) readonly store: EventStore,
    @Inject(CLOCK) readonly clock: Clock,
  ) {}

  nowIso(): string {
    return this.clock.now().toISOString();
  }

  /** The account id that owns an email, if any. */
  async accountIdFor(email: string): Promise<string | undefined> {
    const { state } = await loadState(this.store, emailClaimStreamOf(email), emailClaimDecider);
    return state.status === 'claimed' ? state.accountId : undefined;
  }

  /** Claims the address for `freshId`, or answers the account that already holds it. */
  async claimEmail(email: string, freshId: string): Promise<string> {
    const claim = await handleCommand(this.store, emailClaimStreamOf(email), emailClaimDecider, (state) => ({
      type: 'ClaimEmail' as const,
      data: { accountId: state.status === 'claimed' ? state.accountId : freshId, at: this.nowIso() },
    }));
    return claim.state.status === 'claimed' ? claim.state.accountId : freshId;
  }

  async load(accountId: string): Promise<AccountState> {
    return (await loadState(this.store, accountStreamId(accountId), accountDecider)).state;
  }

  /** Loads an account that must exist (else ACCOUNT_NOT_FOUND). */
  async existing(accountId: string, notFound = () => new DomainError('ACCOUNT_NOT_FOUND', 'Account not found.', 404)) {
    const state = await this.load(accountId);
    if (state.status === 'none') throw notFound();
    return state.account;
  }

  /** Decides and appends one command on the account's stream (retried on concurrent writes). */
  run(accountId: string, command: AccountCommand | AccountCommandAt, actor: Actor, correlationId?: string) {
    return handleCommand(
      this.store,
      accountStreamId(accountId),
      accountDecider,
      (state) => (typeof command === 'function' ? command(this.nowIso(), state) : command),
      { metadata: actedBy(actor, correlationId) },
    );
  }
}
