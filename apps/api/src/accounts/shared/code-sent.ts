import { OTP_TTL_MS } from '@inkprint/accounts-domain';
import { verificationCodeMail, type Mailer } from '@inkprint/mail';

/** A verification code was e-mailed to `email`; it expires at `expiresAt`. */
export interface CodeSent {
  email: string;
  expiresAt: string;
}

export function sendVerificationCode(mailer: Mailer, to: string, name: string, code: string): Promise<void> {
  return mailer
    .send(verificationCodeMail({ to, name, code, expiresInMinutes: OTP_TTL_MS / 60_000 }))
    .then(() => undefined);
}
