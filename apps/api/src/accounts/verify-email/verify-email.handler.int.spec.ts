import { OTP_TTL_MS } from '@inkprint/accounts-domain';
import { accountsHarness } from '../../testing/accounts-harness';
import { SignUp, SignUpHandler } from '../sign-up/sign-up.handler';
import { ResendVerificationCode, ResendVerificationCodeHandler } from './resend-code.handler';
import { VerifyEmail, VerifyEmailHandler } from './verify-email.handler';

async function pendingSignUp() {
  const t = accountsHarness();
  t.ids.otps.push('123456');
  await new SignUpHandler(t.accounts, t.mailbox, t.ids).execute(
    new SignUp({ name: 'Ada', email: 'ada@example.com', password: 'Corr3ct-horse' }),
  );
  t.mark();
  return {
    t,
    verify: new VerifyEmailHandler(t.accounts, t.sessions),
    resend: new ResendVerificationCodeHandler(t.accounts, t.mailbox, t.ids),
  };
}

describe('verify-email (POST /auth/verify-otp, /auth/resend-otp)', () => {
  it('given a pending sign-up, when the e-mailed code is entered in time, then the account is active and signed in', async () => {
    const { t, verify } = await pendingSignUp();
    t.clock.advance(OTP_TTL_MS - 1_000);
    const signedIn = await verify.execute(new VerifyEmail({ email: 'ADA@example.com', otp: '123456' }));
    expect(await t.thenTypes()).toEqual(['EmailVerified', 'SessionStarted']);
    expect(signedIn.user).toMatchObject({
      email: 'ada@example.com',
      status: 'active',
      role: 'user',
      planSlug: 'free-signup',
      // The sign-up by code is a sign-in: the profile's last login is now, not null (issue 30 item 8).
      lastLoginAt: t.clock.now().toISOString(),
    });
    expect(signedIn.tokens.refreshToken).toMatch(/^[0-9a-f-]{36}\..+/);
    expect(signedIn.usage.detector).toEqual({ dailyLimit: 5, dailyUsed: 0, dailyRemaining: 5 });
  });

  it('given a pending sign-up, when the code is entered after 2 minutes, then OTP_EXPIRED (time moved, not faked)', async () => {
    const { t, verify } = await pendingSignUp();
    t.clock.advance(OTP_TTL_MS + 1_000);
    await expect(verify.execute(new VerifyEmail({ email: 'ada@example.com', otp: '123456' }))).rejects.toMatchObject({
      code: 'OTP_EXPIRED',
      status: 400,
    });
    expect(await t.thenTypes()).toEqual([]);
  });

  it('given a pending sign-up, when a wrong code is entered, then OTP_INVALID and the rejection is recorded', async () => {
    const { t, verify } = await pendingSignUp();
    await expect(verify.execute(new VerifyEmail({ email: 'ada@example.com', otp: '000000' }))).rejects.toMatchObject({
      code: 'OTP_INVALID',
      status: 400,
    });
    expect(await t.thenTypes()).toEqual(['VerificationCodeRejected']);
  });

  it('given no sign-up, when a code is entered, then OTP_INVALID, as for a wrong code: nothing tells the address has no account', async () => {
    const { verify, resend } = await pendingSignUp();
    await expect(verify.execute(new VerifyEmail({ email: 'nobody@example.com', otp: '123456' }))).rejects.toMatchObject(
      { code: 'OTP_INVALID', status: 400, details: { field: 'otp' } },
    );
    // Resending to an address with no sign-up answers like a sent code, and sends nothing.
    const sent = await resend.execute(new ResendVerificationCode('nobody@example.com'));
    expect(sent.email).toBe('nobody@example.com');
  });

  it('given an expired code, when a new one is requested after the cooldown, then the new code verifies', async () => {
    const { t, verify, resend } = await pendingSignUp();
    t.clock.advance(121_000);
    t.ids.otps.push('654321');
    const sent = await resend.execute(new ResendVerificationCode('ada@example.com'));
    expect(sent.expiresAt).toBe(new Date(t.clock.now().getTime() + OTP_TTL_MS).toISOString());
    expect(await t.codeSentTo('ada@example.com')).toBe('654321');
    await expect(verify.execute(new VerifyEmail({ email: 'ada@example.com', otp: '123456' }))).rejects.toMatchObject({
      code: 'OTP_INVALID',
    });
    await expect(verify.execute(new VerifyEmail({ email: 'ada@example.com', otp: '654321' }))).resolves.toMatchObject({
      user: { status: 'active' },
    });
  });
});
