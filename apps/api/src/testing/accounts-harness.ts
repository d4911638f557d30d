import { JwtService } from '@nestjs/jwt';
import { accountsPersonalData } from '@inkprint/accounts-domain';
import {
  InMemoryEventStore,
  InMemoryPersonalDataKeys,
  PersonalDataEventStore,
  type NewEvent,
  type RecordedEvent,
} from '@inkprint/eventstore';
import { DevMailbox } from '@inkprint/mail';
import { GuestsService } from '../accounts/guest-sessions/guests.service';
import { AccountStreams } from '../accounts/shared/account-streams';
import { SessionIssuer } from '../accounts/shared/session-issuer';
import { UsageService } from '../usage/usage.service';
import { loadConfig, type AppConfig } from '../config';
import { TestClock } from '../platform/clock';
import { SequentialIds } from '../platform/ids';

export const TEST_JWT_SECRET = 'handler-test-secret-handler-test-secret-0123';

/**
 * The accounts slices' dependencies without Nest or a database: the event store in memory (sealing personal data
 * like production), a clock the test moves, predictable ids and codes, the in-memory dev mailbox.
 * given(...) appends history, then() reads what the `when` step appended.
 */
export function accountsHarness(env: Record<string, string> = {}) {
  const clock = new TestClock();
  const ids = new SequentialIds();
  const keys = new InMemoryPersonalDataKeys();
  const log = new InMemoryEventStore({ now: () => clock.now() });
  const store = new PersonalDataEventStore(log, keys, accountsPersonalData);
  const mailbox = new DevMailbox();
  const config: AppConfig = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', JWT_SECRET: TEST_JWT_SECRET, ...env });
  const accounts = new AccountStreams(store, clock);
  const usage = new UsageService(store, clock, ids);
  const jwt = new JwtService({});
  const sessions = new SessionIssuer(accounts, usage, jwt, config, TEST_JWT_SECRET, ids);
  const guests = new GuestsService(store, TEST_JWT_SECRET);
  let mark = 0;

  return {
    clock,
    ids,
    keys,
    store,
    mailbox,
    config,
    accounts,
    usage,
    jwt,
    sessions,
    guests,
    /** Appends past events to a stream (the `given` of a spec) and starts a new `then` window. */
    async given(streamId: string, events: NewEvent[]): Promise<void> {
      if (events.length > 0) await store.appendToStream(streamId, events, { expectedVersion: 'any' });
      mark = log.all().length;
    },
    /** Starts a new `then` window without appending. */
    mark(): void {
      mark = log.all().length;
    },
    /** Events appended since the last given/mark, as stored (opened). */
    async then(): Promise<RecordedEvent[]> {
      const after = await store.readAll(BigInt(mark), 10_000);
      return after;
    },
    async thenTypes(): Promise<string[]> {
      return (await this.then()).map((e) => e.type);
    },
    /** The 6-digit code of the last verification mail to `to`. */
    async codeSentTo(to: string): Promise<string | undefined> {
      const mail = await mailbox.latest({ to, kind: 'verification_code' });
      return mail?.text.match(/\b(\d{6})\b/)?.[1];
    },
  };
}

export type AccountsHarness = ReturnType<typeof accountsHarness>;
