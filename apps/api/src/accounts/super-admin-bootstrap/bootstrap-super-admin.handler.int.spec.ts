import { accountsHarness } from '../../testing/accounts-harness';
import { givenVerifiedAccount } from '../../testing/verified-account';
import { BootstrapSuperAdmin, BootstrapSuperAdminHandler } from './bootstrap-super-admin.handler';

const superAdmin = { email: 'Root@Example.com', password: 'Sup3r-secret!', name: 'Super Admin' };

describe('super-admin-bootstrap (SUPER_ADMIN_EMAIL on start)', () => {
  it('given nothing, when the API starts, then the super admin account exists; a second start changes nothing', async () => {
    const t = accountsHarness();
    const handler = new BootstrapSuperAdminHandler(t.accounts, t.ids);
    t.mark();
    const first = await handler.execute(new BootstrapSuperAdmin(superAdmin));
    expect(first.created).toBe(true);
    expect(await t.thenTypes()).toEqual(['EmailClaimed', 'AccountRegistered']);
    const events = await t.then();
    expect(events[1].metadata.actor).toEqual({ type: 'system', id: 'bootstrap' });
    t.mark();
    await handler.execute(new BootstrapSuperAdmin(superAdmin));
    expect(await t.thenTypes()).toEqual([]);
    expect((await t.accounts.existing(first.accountId)).role).toBe('super_admin');
  });

  it('given an ordinary account on the address, when the API starts, then that account is promoted', async () => {
    const { t, account } = await givenVerifiedAccount('root@example.com');
    const answer = await new BootstrapSuperAdminHandler(t.accounts, t.ids).execute(new BootstrapSuperAdmin(superAdmin));
    expect(answer).toEqual({ accountId: account.accountId, created: false });
    expect((await t.accounts.existing(account.accountId)).role).toBe('super_admin');
  });
});
