import { PASSWORD_RESET_TTL_MS } from '@inkprint/accounts-domain';
import { givenVerifiedAccount } from '../../testing/verified-account';
import { SignIn, SignInHandler } from '../sign-in/sign-in.handler';
import { RequestPasswordReset, RequestPasswordResetHandler } from './request-password-reset.handler';
import { ResetPassword, ResetPasswordHandler } from './reset-password.handler';

describe('password-reset (POST /auth/forgot-password, /auth/reset-password)', () => {
  it('given an account, when a reset is requested and the e-mailed link used within the hour, then the new password signs in', async () => {
    const { t } = await givenVerifiedAccount();
    t.ids.secrets.push('reset-secret-1');
    await new RequestPasswordResetHandler(t.accounts, t.mailbox, t.ids, t.config).execute(
      new RequestPasswordReset('ada@example.com'),
    );
    expect(await t.thenTypes()).toEqual(['PasswordResetRequested']);
    const mail = await t.mailbox.latest({ to: 'ada@example.com', kind: 'password_reset' });
    const token = new URL(mail!.text.match(/https?:\/\/\S+/)![0]).searchParams.get('token')!;
    expect(token.endsWith('.reset-secret-1')).toBe(true);
    t.clock.advance(PASSWORD_RESET_TTL_MS - 1_000);
    t.mark();
    await new ResetPasswordHandler(t.accounts).execute(new ResetPassword({ token, password: 'N3w-password!' }));
    expect(await t.thenTypes()).toEqual(['PasswordChanged']);
    await expect(
      new SignInHandler(t.accounts, t.sessions, t.ids).execute(
        new SignIn({ email: 'ada@example.com', password: 'N3w-password!' }),
      ),
    ).resolves.toBeDefined();
  });

  it('given a reset link older than an hour, then RESET_TOKEN_INVALID', async () => {
    const { t } = await givenVerifiedAccount();
    t.ids.secrets.push('reset-secret-2');
    await new RequestPasswordResetHandler(t.accounts, t.mailbox, t.ids, t.config).execute(
      new RequestPasswordReset('ada@example.com'),
    );
    const token = `${(await t.accounts.accountIdFor('ada@example.com'))!}.reset-secret-2`;
    t.clock.advance(PASSWORD_RESET_TTL_MS + 1_000);
    await expect(
      new ResetPasswordHandler(t.accounts).execute(new ResetPassword({ token, password: 'N3w-password!' })),
    ).rejects.toMatchObject({
      code: 'RESET_TOKEN_INVALID',
      status: 400,
    });
  });

  it('given the app served under a path (APP_PUBLIC_URL with /app), then the e-mailed link keeps the path', async () => {
    const { t } = await givenVerifiedAccount();
    t.ids.secrets.push('reset-secret-3');
    const config = { ...t.config, appPublicUrl: 'https://inkprint.example.com/app/' };
    await new RequestPasswordResetHandler(t.accounts, t.mailbox, t.ids, config).execute(
      new RequestPasswordReset('ada@example.com'),
    );
    const mail = await t.mailbox.latest({ to: 'ada@example.com', kind: 'password_reset' });
    const link = new URL(mail!.text.match(/https?:\/\/\S+/)![0]);
    expect(`${link.origin}${link.pathname}`).toBe('https://inkprint.example.com/app/reset-password');
    expect(link.searchParams.get('token')!.endsWith('.reset-secret-3')).toBe(true);
  });

  it('given no account, when a reset is requested, then the same silence: nothing recorded, nothing sent', async () => {
    const { t } = await givenVerifiedAccount();
    await new RequestPasswordResetHandler(t.accounts, t.mailbox, t.ids, t.config).execute(
      new RequestPasswordReset('nobody@example.com'),
    );
    expect(await t.thenTypes()).toEqual([]);
    expect(await t.mailbox.list({ to: 'nobody@example.com' })).toEqual([]);
  });
});
