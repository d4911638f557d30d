import type { Writable } from 'node:stream';
import type { Command } from 'commander';
import { eraseAccount, OPERATOR_ACTOR, TextVault, type AccountErasure } from '@inkprint/text-vault';
import { count, elapsed, OpsProgress } from '../ops/progress';
import { openInkprintData, type InkprintData } from '../ops/runtime';

/**
 * The owner's `DELETE /auth/me` without the password, run by an operator (eraseAccount, the same steps as the API):
 * refusals first (unknown id, the super admin), then the address released, the data key destroyed, the AI data
 * forgotten, AccountErased appended with the operator as its actor and the sessions ended.
 */
export async function runAccountErasure(
  data: Pick<InkprintData, 'db' | 'store'>,
  accountId: string,
  options: { progress: Writable & { isTTY?: boolean }; now?: () => Date },
): Promise<AccountErasure> {
  const vault = await TextVault.create(data.db.sql);
  const bar = new OpsProgress(options.progress, 'erasing account', 'steps');
  try {
    return await eraseAccount({ store: data.store, keys: data.store.keys, vault, now: options.now }, accountId, {
      actor: OPERATOR_ACTOR,
      onStep: (done, total) => bar.update(done, total),
    });
  } catch (error) {
    if ((error as { code?: unknown }).code === 'ACCOUNT_NOT_FOUND') {
      throw new Error(`no account has the id ${accountId} (see the admin console's user directory for ids)`);
    }
    throw error;
  }
}

/** The one summary line: what this run did, or that the account was already erased and nothing was left to do. */
export function erasureSummaryLine(erasure: AccountErasure, took: string): string {
  const done = [
    erasure.emailReleased ? 'e-mail address released' : '',
    erasure.keyDestroyed ? 'personal-data key destroyed' : '',
    erasure.reportsDeleted > 0 ? `${count(erasure.reportsDeleted, 'report')} deleted` : '',
    erasure.vaultEntriesDeleted > 0
      ? `${count(erasure.vaultEntriesDeleted, 'vault entry', 'vault entries')} deleted`
      : '',
    erasure.sessionsEnded > 0 ? `${count(erasure.sessionsEnded, 'session')} ended` : '',
  ].filter(Boolean);
  if (erasure.alreadyErased) {
    const left = done.length > 0 ? `; finished what was left: ${done.join(', ')}` : '; nothing to do';
    return `account ${erasure.accountId} was already erased on ${erasure.erasedAt}${left} (${took})`;
  }
  const resumed = erasure.resumed ? ' (finishing an interrupted erasure)' : '';
  return `erased account ${erasure.accountId}${resumed}: ${done.length > 0 ? done.join(', ') : 'nothing else to do'} in ${took}`;
}

export function register(program: Command): void {
  const accounts = program.command('accounts').description('Accounts: operations on behalf of their owners');
  accounts
    .command('erase <id>')
    .description(
      "Erase an account and its personal data for good, as its owner's DELETE /auth/me does (without the password)",
    )
    .option('--json', 'print the outcome as JSON')
    .addHelpText(
      'after',
      '\nFor an erasure request received otherwise (e.g. by e-mail): the address is released, the personal-data key\n' +
        "destroyed (name, e-mail and password read as erased in every past event), the account's texts, results and\n" +
        'reports deleted, AccountErased recorded with an operator as its actor, its sessions ended. The super admin\n' +
        'is refused; an account already erased is left as it is (exit 0). Safe to run again if interrupted.\n' +
        'Embedded PGlite: stop the API first; PostgreSQL: safe while it runs. Example:\n' +
        '  DATABASE_URL=postgres://... inkprint accounts erase 5f0c7a1e-8a52-4c4e-9d1b-2b8f0d7e6c3a',
    )
    .action(async (id: string, options: { json?: boolean }) => {
      const data = await openInkprintData();
      try {
        const started = Date.now();
        const erasure = await runAccountErasure(data, id.trim(), { progress: process.stderr });
        process.stdout.write(
          options.json ? `${JSON.stringify(erasure)}\n` : `${erasureSummaryLine(erasure, elapsed(started))}\n`,
        );
      } finally {
        await data.close();
      }
    });
}
