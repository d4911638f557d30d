import { OTP_TTL_MS } from '@inkprint/accounts-domain';
import { accountsHarness } from '../../testing/accounts-harness';
import { codeHash } from '../shared/secrets';
import { SignUp, SignUpHandler } from './sign-up.handler';

describe('sign-up (POST /auth/register)', () => {
  const input = { name: ' Ada Lovelace ', email: 'Ada@Example.com', password: 'Corr3ct-horse' };

  it('given no account, when Ada signs up, then the address is claimed, the account is pending and the code is e-mailed', async () => {
    const t = accountsHarness();
    t.ids.otps.push('482913');
    t.mark();
    const answer = await new SignUpHandler(t.accounts, t.mailbox, t.ids).execute(new SignUp(input));
    expect(answer).toEqual({
      email: 'ada@example.com',
      expiresAt: new Date(t.clock.now().getTime() + OTP_TTL_MS).toISOString(),
    });
    expect(await t.thenTypes()).toEqual(['EmailClaimed', 'AccountRegistered', 'VerificationCodeSent']);
    const registered = (await t.then())[1];
    expect(registered.data).toMatchObject({ email: 'ada@example.com', name: 'Ada Lovelace' });
    expect(JSON.stringify(registered.data)).not.toContain('482913');
    expect(await t.codeSentTo('ada@example.com')).toBe('482913');
  });

  it('given a verified account on the address, when someone signs up with it, then the same answer as a new address, nothing appended, and the owner is told by mail', async () => {
    const t = accountsHarness();
    const handler = new SignUpHandler(t.accounts, t.mailbox, t.ids);
    await handler.execute(new SignUp(input));
    const code = await t.codeSentTo('ada@example.com');
    expect(code).toMatch(/^\d{6}$/);
    const accountId = (await t.accounts.accountIdFor('ada@example.com'))!;
    await t.accounts.run(
      accountId,
      (at) => ({ type: 'VerifyEmail', data: { codeHash: codeHash(accountId, code!), at } }),
      { type: 'user', id: accountId },
    );
    t.mark();
    const answer = await handler.execute(new SignUp({ ...input, name: 'Mallory', password: 'Mall0ry-pass' }));
    expect(answer).toEqual({
      email: 'ada@example.com',
      expiresAt: new Date(t.clock.now().getTime() + OTP_TTL_MS).toISOString(),
    });
    expect(await t.thenTypes()).toEqual([]);
    const notice = await t.mailbox.latest({ to: 'ada@example.com', kind: 'account_exists' });
    expect(notice?.subject).toBe('You already have an Inkprint account');
    expect(notice?.text).toContain('http://localhost:3000/signin');
    expect(notice?.text).toContain('http://localhost:3000/forgot-password');
  });

  it('given a pending sign-up, when the same address signs up again within 120 s, then OTP_RESEND_COOLDOWN; after it, a new code', async () => {
    const t = accountsHarness();
    const handler = new SignUpHandler(t.accounts, t.mailbox, t.ids);
    await handler.execute(new SignUp(input));
    t.mark();
    await expect(handler.execute(new SignUp(input))).rejects.toMatchObject({
      code: 'OTP_RESEND_COOLDOWN',
      status: 429,
    });
    expect(await t.thenTypes()).toEqual([]);
    t.clock.advance(120_000);
    t.ids.otps.push('777111');
    await handler.execute(new SignUp(input));
    expect(await t.codeSentTo('ada@example.com')).toBe('777111');
  });
});
