import { randomUUID } from 'node:crypto';
import {
  accountDecider,
  accountPersonalDataSubject,
  accountStreamId,
  emailClaimDecider,
  emailClaimStreamOf,
  OPERATOR_ACTOR_ID,
  sessionDecider,
  sessionStreamId,
  type AccountState,
} from '@inkprint/accounts-domain';
import { reportDecider, reportStreamId } from '@inkprint/ai-domain';
import { handleCommand, loadState, type Actor, type EventStore, type PersonalDataKeys } from '@inkprint/eventstore';
import { vaultKeys } from './vault-keys';
import type { TextVault } from './text-vault';

/** The actor of what an operator runs with the `inkprint` CLI (a `system` actor the admin console names). */
export const OPERATOR_ACTOR: Actor = { type: 'system', id: OPERATOR_ACTOR_ID };

/** What an erasure changes: the event store (personal data sealed per account), its keys and the vault. */
export interface ErasureStores {
  store: EventStore;
  keys: PersonalDataKeys;
  vault: TextVault;
  now?: () => Date;
}

export interface EraseAccountOptions {
  /** Who erases: the account itself (`DELETE /auth/me`) or OPERATOR_ACTOR (`inkprint accounts erase`). */
  actor: Actor;
  /** Sessions to end besides those the account's history names (the API: the session that asked). */
  sessionIds?: readonly string[];
  /**
   * Runs before anything changes, with the account and whether an earlier erasure stopped after destroying the key
   * (the API checks the owner's password here; it cannot once the key is gone). Throw to refuse.
   */
  confirm?: (state: AccountState, interrupted: boolean) => void | Promise<void>;
  /** Called after each step (a progress bar), with how many steps there are. */
  onStep?: (done: number, total: number) => void;
}

export interface AccountErasure {
  accountId: string;
  /** The account had been erased before this run (AccountErased in its history). */
  alreadyErased: boolean;
  /** An earlier run stopped after destroying the key; this one finished the remaining steps. */
  resumed: boolean;
  /** This run released the e-mail address (another account may now sign up with it). */
  emailReleased: boolean;
  /** This run destroyed the account's personal-data key. */
  keyDestroyed: boolean;
  reportsDeleted: number;
  vaultEntriesDeleted: number;
  sessionsEnded: number;
  /** When the account was erased (this run, or the earlier one). */
  erasedAt: string;
}

/** Steps reported to onStep: checks, e-mail, key, AI data, AccountErased, sessions. */
const STEPS = 6;

/**
 * Erasing an account, in one place for the owner's `DELETE /auth/me` (the API's EraseAccountHandler) and an
 * operator's `inkprint accounts erase` (docs/accounts.md "Erasure"):
 * 1. refusals before anything changes: an unknown account (ACCOUNT_NOT_FOUND), the super admin (SUPER_ADMIN_PROTECTED)
 *    and whatever `confirm` refuses;
 * 2. the e-mail address is released, then the account's data key is destroyed (crypto-shredding: its name, e-mail and
 *    password hash read as erased in every past event);
 * 3. the AI service forgets the account's data (forgetAccountData: texts, cached results, rewrites, uploads, reports);
 * 4. AccountErased is appended, with `actor`;
 * 5. its sessions end (those its sign-ins name, and `sessionIds`); any other one is refused anyway, the account
 *    reading as disabled.
 * Every step can be repeated: a run that stopped after destroying the key (the address is already released then) is
 * finished by the next one, and a run on an account already erased ends nothing twice and appends nothing.
 */
export async function eraseAccount(
  stores: ErasureStores,
  accountId: string,
  options: EraseAccountOptions,
): Promise<AccountErasure> {
  const now = stores.now ?? (() => new Date());
  const at = now().toISOString();
  const metadata = { actor: options.actor, correlationId: randomUUID() };
  const subject = accountPersonalDataSubject(accountId);
  const { state } = await loadState(stores.store, accountStreamId(accountId), accountDecider);
  const interrupted = await stores.keys.isErased(subject);
  await options.confirm?.(state, interrupted);
  accountDecider.decide({ type: 'EraseAccount', data: { at } }, state); // ACCOUNT_NOT_FOUND, SUPER_ADMIN_PROTECTED
  if (state.status !== 'exists') throw new Error(`account ${accountId} does not exist`); // (decide refused it already)
  const alreadyErased = state.account.erasedAt !== null;
  options.onStep?.(1, STEPS);

  let emailReleased = false;
  if (!interrupted && !alreadyErased) {
    // Before the key goes: the address is readable only until then.
    const release = await handleCommand(
      stores.store,
      emailClaimStreamOf(state.account.email),
      emailClaimDecider,
      { type: 'ReleaseEmail', data: { accountId, at } },
      { metadata },
    );
    emailReleased = release.events.length > 0;
  }
  options.onStep?.(2, STEPS);
  if (!interrupted) await stores.keys.erase(subject);
  options.onStep?.(3, STEPS);

  const forgotten = await forgetAccountData(stores, accountId);
  options.onStep?.(4, STEPS);

  const erased = await handleCommand(
    stores.store,
    accountStreamId(accountId),
    accountDecider,
    { type: 'EraseAccount', data: { at } },
    { metadata },
  );
  options.onStep?.(5, STEPS);

  const history = await stores.store.readStream(accountStreamId(accountId));
  const sessionIds = new Set(options.sessionIds ?? []);
  for (const event of history) {
    if (event.type === 'LoggedIn') sessionIds.add((event.data as { sessionId: string }).sessionId);
  }
  let sessionsEnded = 0;
  for (const sessionId of sessionIds) {
    const ended = await handleCommand(
      stores.store,
      sessionStreamId(sessionId),
      sessionDecider,
      { type: 'EndSession', data: { reason: 'account_erased', at } },
      { metadata },
    );
    sessionsEnded += ended.events.length;
  }
  options.onStep?.(6, STEPS);

  const finalState = erased.state;
  return {
    accountId,
    alreadyErased,
    resumed: interrupted && !alreadyErased,
    emailReleased,
    keyDestroyed: !interrupted,
    reportsDeleted: forgotten.reportsDeleted,
    vaultEntriesDeleted: forgotten.vaultEntriesDeleted,
    sessionsEnded,
    erasedAt: (finalState.status === 'exists' && finalState.account.erasedAt) || at,
  };
}

/**
 * What the AI service keeps of an account goes with it: its texts, cached results, rewrites, uploads and shared
 * reports are deleted from the vault, and each report gets ReportDeleted (reason account_erased) first, so an
 * interrupted run still finds the reports it has not deleted yet. Idempotent.
 */
export async function forgetAccountData(
  stores: Pick<ErasureStores, 'store' | 'vault' | 'now'>,
  accountId: string,
): Promise<{ reportsDeleted: number; vaultEntriesDeleted: number }> {
  const owner = { type: 'user' as const, id: accountId };
  const at = (stores.now ?? (() => new Date()))().toISOString();
  let reportsDeleted = 0;
  for (const key of await stores.vault.ownedBy(owner, 'report')) {
    const deleted = await handleCommand(
      stores.store,
      reportStreamId(vaultKeys.reportIdOf(key)),
      reportDecider,
      { type: 'DeleteReport', data: { reason: 'account_erased', at } },
      { metadata: { actor: { type: 'system', id: 'erasure' } } },
    );
    reportsDeleted += deleted.events.length;
  }
  const removed = await stores.vault.forgetOwner(owner);
  return { reportsDeleted, vaultEntriesDeleted: removed.length };
}
