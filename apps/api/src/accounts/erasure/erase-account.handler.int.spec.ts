import { ERASED } from '@inkprint/eventstore';
import { givenVerifiedAccount, PASSWORD } from '../../testing/verified-account';
import { EndSessionHandler } from '../sessions/end-session.handler';
import { ErasureHooks } from '../shared/erasure-hooks';
import { EraseAccount, EraseAccountHandler } from './erase-account.handler';

describe('erasure (DELETE /auth/me)', () => {
  it('given an account, when its owner confirms with the password, then the address is released, the data key destroyed and history reads [erased]', async () => {
    const { t, account } = await givenVerifiedAccount();
    const erase = new EraseAccountHandler(t.accounts, t.keys, new EndSessionHandler(t.accounts), new ErasureHooks());
    await erase.execute(new EraseAccount(account, PASSWORD));
    expect(await t.thenTypes()).toEqual(['EmailReleased', 'AccountErased', 'SessionEnded']);
    expect(await t.accounts.accountIdFor('ada@example.com')).toBeUndefined();
    const history = await t.store.readStream(`account-${account.accountId}`);
    expect(history[0].data).toMatchObject({ email: ERASED, name: ERASED });
  });

  it('given an account, when the password is wrong, then PASSWORD_INCORRECT and nothing changes', async () => {
    const { t, account } = await givenVerifiedAccount();
    await expect(
      new EraseAccountHandler(t.accounts, t.keys, new EndSessionHandler(t.accounts), new ErasureHooks()).execute(
        new EraseAccount(account, 'Wrong-passw0rd'),
      ),
    ).rejects.toMatchObject({
      code: 'PASSWORD_INCORRECT',
      status: 403,
    });
    expect(await t.thenTypes()).toEqual([]);
    expect(await t.accounts.accountIdFor('ada@example.com')).toBe(account.accountId);
  });
});
