import { SignUp, SignUpHandler } from '../accounts/sign-up/sign-up.handler';
import { VerifyEmail, VerifyEmailHandler } from '../accounts/verify-email/verify-email.handler';
import type { SignedInAccount } from '../accounts/auth/current-account';
import { accountsHarness } from './accounts-harness';

export const PASSWORD = 'Corr3ct-horse';

/** Given: Ada signed up and verified her address (signed in once). */
export async function givenVerifiedAccount(email = 'ada@example.com') {
  const t = accountsHarness();
  t.ids.otps.push('246810');
  await new SignUpHandler(t.accounts, t.mailbox, t.ids).execute(
    new SignUp({ name: 'Ada Lovelace', email, password: PASSWORD }),
  );
  const signedIn = await new VerifyEmailHandler(t.accounts, t.sessions).execute(
    new VerifyEmail({ email, otp: '246810' }),
  );
  const account: SignedInAccount = {
    accountId: signedIn.user.id,
    email: signedIn.user.email,
    name: signedIn.user.name,
    role: signedIn.user.role,
    sessionId: signedIn.tokens.refreshToken.split('.')[0],
    planSlug: null,
  };
  t.mark();
  return { t, signedIn, account };
}
