import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { accountStreamId } from '@inkprint/accounts-domain';
import { ERASED } from '@inkprint/eventstore';
import { openDatabase, type Database } from '@inkprint/eventstore-postgresql';
import { TextVault } from '@inkprint/text-vault';
import { givenVerifiedAccount, PASSWORD } from '../../testing/verified-account';
import { EraseAccount, EraseAccountHandler } from './erase-account.handler';

// The owner's erasure over the shared steps (eraseAccount, @inkprint/text-vault): events in memory, the vault in
// embedded PostgreSQL.
describe('erasure (DELETE /auth/me)', () => {
  let db: Database;
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'inkprint-erasure-'));
  let schema = 0;

  beforeAll(async () => {
    db = await openDatabase({ dataDir: path.join(tmp, 'pglite') });
  }, 120_000);
  afterAll(async () => {
    await db?.close();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  async function given() {
    const { t, account } = await givenVerifiedAccount();
    const vault = await TextVault.create(db.sql, { schema: `vault_erasure_${++schema}` });
    return { t, account, erase: new EraseAccountHandler(t.store, t.keys, vault, t.clock) };
  }

  it('given an account, when its owner confirms with the password, then the address is released, the data key destroyed and history reads [erased]', async () => {
    const { t, account, erase } = await given();
    await erase.execute(new EraseAccount(account, PASSWORD));
    const events = await t.then();
    expect(events.map((e) => e.type)).toEqual(['EmailReleased', 'AccountErased', 'SessionEnded']);
    expect(events.map((e) => e.metadata.actor)).toEqual(Array(3).fill({ type: 'user', id: account.accountId }));
    expect(events.at(-1)?.data).toMatchObject({ reason: 'account_erased' });
    expect(await t.accounts.accountIdFor('ada@example.com')).toBeUndefined();
    const history = await t.store.readStream(accountStreamId(account.accountId));
    expect(history[0].data).toMatchObject({ email: ERASED, name: ERASED });
  });

  it('given an account, when the password is wrong, then PASSWORD_INCORRECT and nothing changes', async () => {
    const { t, account, erase } = await given();
    await expect(erase.execute(new EraseAccount(account, 'Wrong-passw0rd'))).rejects.toMatchObject({
      code: 'PASSWORD_INCORRECT',
      status: 403,
    });
    expect(await t.thenTypes()).toEqual([]);
    expect(await t.accounts.accountIdFor('ada@example.com')).toBe(account.accountId);
  });

  it('given an erasure that stopped after the key was destroyed, when the owner asks again, then the rest is done', async () => {
    const { t, account, erase } = await given();
    // As if the process died right after the key went: the password hash can no longer be checked.
    await t.keys.erase(accountStreamId(account.accountId));
    const erasure = await erase.execute(new EraseAccount(account, 'anything'));
    expect(erasure).toMatchObject({ resumed: true, keyDestroyed: false, emailReleased: false, sessionsEnded: 1 });
    expect(await t.thenTypes()).toEqual(['AccountErased', 'SessionEnded']);
  });
});
