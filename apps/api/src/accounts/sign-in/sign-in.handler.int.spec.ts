import { accountsHarness } from '../../testing/accounts-harness';
import { SignUp, SignUpHandler } from '../sign-up/sign-up.handler';
import { VerifyEmail, VerifyEmailHandler } from '../verify-email/verify-email.handler';
import { SignIn, SignInHandler } from './sign-in.handler';

async function verifiedAccount() {
  const t = accountsHarness();
  t.ids.otps.push('111222');
  await new SignUpHandler(t.accounts, t.mailbox, t.ids).execute(
    new SignUp({ name: 'Ada', email: 'ada@example.com', password: 'Corr3ct-horse' }),
  );
  await new VerifyEmailHandler(t.accounts, t.sessions).execute(
    new VerifyEmail({ email: 'ada@example.com', otp: '111222' }),
  );
  t.mark();
  return { t, signIn: new SignInHandler(t.accounts, t.sessions, t.ids) };
}

describe('sign-in (POST /auth/login)', () => {
  it('given a verified account, when the right password is given, then LoggedIn, a session, and an access token for it', async () => {
    const { t, signIn } = await verifiedAccount();
    const answer = await signIn.execute(new SignIn({ email: 'Ada@Example.com', password: 'Corr3ct-horse' }));
    expect(await t.thenTypes()).toEqual(['LoggedIn', 'SessionStarted']);
    const claims = t.jwt.decode(answer.tokens.accessToken) as { sub: string; sid: string; role: string };
    expect(claims).toMatchObject({ sub: answer.user.id, role: 'user', sid: answer.tokens.refreshToken.split('.')[0] });
    expect(answer.user.lastLoginAt).toBe(t.clock.now().toISOString());
  });

  it('given a verified account, when a wrong password is given, then INVALID_CREDENTIALS and only the failure is recorded', async () => {
    const { t, signIn } = await verifiedAccount();
    await expect(
      signIn.execute(new SignIn({ email: 'ada@example.com', password: 'wrong-Passw0rd' })),
    ).rejects.toMatchObject({ code: 'INVALID_CREDENTIALS', status: 401 });
    expect(await t.thenTypes()).toEqual(['LoginFailed']);
  });

  it('given no account, when someone signs in, then the same INVALID_CREDENTIALS and nothing is recorded', async () => {
    const { t, signIn } = await verifiedAccount();
    await expect(
      signIn.execute(new SignIn({ email: 'nobody@example.com', password: 'Corr3ct-horse' })),
    ).rejects.toMatchObject({ code: 'INVALID_CREDENTIALS' });
    expect(await t.thenTypes()).toEqual([]);
  });

  it('given a disabled account, when the right password is given, then ACCOUNT_DISABLED', async () => {
    const { t, signIn } = await verifiedAccount();
    const id = (await t.accounts.accountIdFor('ada@example.com'))!;
    await t.accounts.run(id, (at) => ({ type: 'ChangeAccountStatus', data: { status: 'disabled', at } }), {
      type: 'admin',
      id: 'admin-1',
    });
    await expect(
      signIn.execute(new SignIn({ email: 'ada@example.com', password: 'Corr3ct-horse' })),
    ).rejects.toMatchObject({ code: 'ACCOUNT_DISABLED', status: 403 });
  });
});
