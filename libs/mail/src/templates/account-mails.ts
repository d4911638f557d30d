import { isEmailAddress, type OutgoingMail } from '../port/mailer';
import { assertHttpUrl, formatDuration, formatUtc, greeting, PRODUCT_NAME, renderMail } from './layout';

function assertRecipient(to: string): void {
  if (!isEmailAddress(to)) throw new TypeError(`Mail recipient must be one e-mail address (got ${JSON.stringify(to)})`);
}

export type VerificationCodeMailInput = {
  to: string;
  /** The name given at sign-up; the greeting falls back to "Hi," without one. */
  name?: string;
  /** The 6-digit one-time code. */
  code: string;
  /** How long the code is valid (the spec: about 2 minutes). */
  expiresInMinutes: number;
};

/** The sign-up code (spec: "We sent a 6-digit code to your email. Enter it below within 2 minutes."). */
export function verificationCodeMail(input: VerificationCodeMailInput): OutgoingMail {
  assertRecipient(input.to);
  if (!/^\d{6}$/.test(input.code)) throw new TypeError('The verification code must be 6 digits');
  const validity = formatDuration(input.expiresInMinutes);
  return renderMail({
    to: input.to,
    kind: 'verification_code',
    subject: `${input.code} is your ${PRODUCT_NAME} verification code`,
    preview: `Enter it within ${validity} to finish creating your account.`,
    greeting: greeting(input.name),
    intro: [`Use this 6-digit code to confirm your email address and finish creating your ${PRODUCT_NAME} account:`],
    action: { type: 'code', code: input.code },
    details: [
      `Enter it on the sign-up page within ${validity}. After that it expires, and you can ask for a new code on the same page.`,
      `Do not share this code with anyone: ${PRODUCT_NAME} will never ask you for it.`,
    ],
    notYou: `If you did not try to create an ${PRODUCT_NAME} account, you can ignore this email: without this code nobody can finish signing up with your address.`,
  });
}

export type PasswordResetMailInput = {
  to: string;
  name?: string;
  /** `<APP_PUBLIC_URL>/reset-password?token=…` (see passwordResetUrl). */
  resetUrl: string;
  /** How long the link works. */
  expiresInMinutes: number;
};

/** The link of "Forgot password" (spec: /reset-password?token=). */
export function passwordResetMail(input: PasswordResetMailInput): OutgoingMail {
  assertRecipient(input.to);
  const url = assertHttpUrl(input.resetUrl, 'resetUrl');
  const validity = formatDuration(input.expiresInMinutes);
  return renderMail({
    to: input.to,
    kind: 'password_reset',
    subject: `Reset your ${PRODUCT_NAME} password`,
    preview: `Choose a new password. The link expires in ${validity}.`,
    greeting: greeting(input.name),
    intro: [`We received a request to reset the password of the ${PRODUCT_NAME} account for ${input.to}.`],
    action: { type: 'link', label: 'Choose a new password', url },
    details: [`The link expires in ${validity}. If it has expired, ask for a new one on the Forgot password page.`],
    notYou: `If you did not ask to reset your password, you can ignore this email: your password stays the same.`,
  });
}

export type AdminInviteMailInput = {
  to: string;
  /** Name (or e-mail) of the super admin who sent the invitation. */
  inviterName: string;
  /** `<APP_PUBLIC_URL>/admin/invite?token=…` (see adminInviteUrl). */
  acceptUrl: string;
  expiresAt: Date | string;
};

/** An admin invitation (spec: /admin/invite?token=, button 'Accept admin access'). */
export function adminInviteMail(input: AdminInviteMailInput): OutgoingMail {
  assertRecipient(input.to);
  const url = assertHttpUrl(input.acceptUrl, 'acceptUrl');
  const expires = formatUtc(input.expiresAt);
  const inviter = input.inviterName.replace(/\s+/g, ' ').trim().slice(0, 120) || `An ${PRODUCT_NAME} super admin`;
  return renderMail({
    to: input.to,
    kind: 'admin_invite',
    subject: `You are invited to the ${PRODUCT_NAME} admin team`,
    preview: `${inviter} invited you. The invitation expires on ${expires}.`,
    greeting: greeting(undefined),
    intro: [
      `${inviter} has invited ${input.to} to become an ${PRODUCT_NAME} admin. Admins manage user accounts, their status and plans in the ${PRODUCT_NAME} control center.`,
      `To accept, sign in with ${input.to} (or create an account with that address), then open this link:`,
    ],
    action: { type: 'link', label: 'Accept admin access', url },
    details: [`The invitation expires on ${expires}.`],
    notYou: `If you were not expecting this invitation, you can ignore this email: nothing changes unless you accept it.`,
  });
}

export type AccountExistsMailInput = {
  to: string;
  name?: string;
  /** `<APP_PUBLIC_URL>/signin`. */
  signInUrl: string;
  /** `<APP_PUBLIC_URL>/forgot-password`. */
  forgotPasswordUrl: string;
};

/**
 * Someone signed up with an address that already has an account. The sign-up answers as for a new address (so it
 * tells nobody which addresses have accounts); the owner learns it here, with the way in.
 */
export function accountExistsMail(input: AccountExistsMailInput): OutgoingMail {
  assertRecipient(input.to);
  const signIn = assertHttpUrl(input.signInUrl, 'signInUrl');
  const forgot = assertHttpUrl(input.forgotPasswordUrl, 'forgotPasswordUrl');
  return renderMail({
    to: input.to,
    kind: 'account_exists',
    subject: `You already have an ${PRODUCT_NAME} account`,
    preview: 'Someone tried to sign up with this address. Sign in instead.',
    greeting: greeting(input.name),
    intro: [
      `Someone (perhaps you) tried to create an ${PRODUCT_NAME} account with ${input.to}, which already has one. No new account was made and nothing changed.`,
    ],
    action: { type: 'link', label: 'Sign in', url: signIn },
    details: [`Forgot your password? Choose a new one here: ${forgot}`],
    notYou: `If it was not you, you can ignore this email: your account and password stay as they are.`,
  });
}
