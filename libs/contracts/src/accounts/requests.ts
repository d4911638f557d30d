import { z } from 'zod';
import { meetsPasswordPolicy, PASSWORD_MAX_LENGTH, PASSWORD_POLICY_MESSAGE } from '../policies/password-policy';

const RESET_LINK_INVALID = 'The reset link is missing or invalid. Please request a new one.';

export const EmailField = z
  .string({ error: 'Email is required.' })
  .trim()
  .min(1, { error: 'Email is required.' })
  .max(254)
  .pipe(z.email({ error: 'Enter a valid email address.' }));
const newPassword = z
  .string({ error: 'Password is required.' })
  .max(PASSWORD_MAX_LENGTH, { error: `Password must be at most ${PASSWORD_MAX_LENGTH} characters.` })
  .refine(meetsPasswordPolicy, { error: PASSWORD_POLICY_MESSAGE });
/** Spec §5: the 'continue' target, honoured only per acceptedContinueUrl. */
const continueParam = { continue: z.string().max(2048).optional() };

/** `POST /auth/register` (the form's confirm is optional; when sent it must match). */
export const RegisterRequest = z
  .object({
    name: z
      .string({ error: 'Name is required.' })
      .trim()
      .min(1, { error: 'Name is required.' })
      .max(100, { error: 'Name must be at most 100 characters.' }),
    email: EmailField,
    password: newPassword,
    confirm: z.string().optional(),
  })
  .refine((b) => b.confirm === undefined || b.confirm === b.password, {
    error: 'Passwords do not match',
    path: ['confirm'],
  })
  .meta({ id: 'RegisterRequest' });
export type RegisterRequest = z.input<typeof RegisterRequest>;

/** `POST /auth/verify-otp`. */
export const VerifyOtpRequest = z
  .object({
    ...continueParam,
    email: EmailField,
    otp: z.string({ error: 'Enter the 6-digit code.' }).regex(/^\d{6}$/, { error: 'Enter the 6-digit code.' }),
  })
  .meta({ id: 'VerifyOtpRequest' });
export type VerifyOtpRequest = z.input<typeof VerifyOtpRequest>;

/** `POST /auth/resend-otp`. */
export const ResendOtpRequest = z
  .object({
    email: EmailField,
    purpose: z.literal('verification', { error: "purpose must be 'verification'" }).default('verification'),
  })
  .meta({ id: 'ResendOtpRequest' });
export type ResendOtpRequest = z.input<typeof ResendOtpRequest>;

/** `POST /auth/login`. */
export const LoginRequest = z
  .object({
    ...continueParam,
    email: EmailField,
    password: z
      .string({ error: 'Password is required.' })
      .min(1, { error: 'Password is required.' })
      .max(PASSWORD_MAX_LENGTH),
  })
  .meta({ id: 'LoginRequest' });
export type LoginRequest = z.input<typeof LoginRequest>;

/** `POST /auth/refresh`. */
export const RefreshRequest = z
  .object({
    refreshToken: z
      .string({ error: 'refreshToken is required.' })
      .min(1, { error: 'refreshToken is required.' })
      .max(512),
  })
  .meta({ id: 'RefreshRequest' });
export type RefreshRequest = z.input<typeof RefreshRequest>;

/** `POST /auth/forgot-password`. */
export const ForgotPasswordRequest = z.object({ email: EmailField }).meta({ id: 'ForgotPasswordRequest' });
export type ForgotPasswordRequest = z.input<typeof ForgotPasswordRequest>;

/** `POST /auth/reset-password`. */
export const ResetPasswordRequest = z
  .object({
    token: z.string({ error: RESET_LINK_INVALID }).min(1, { error: RESET_LINK_INVALID }).max(512),
    password: newPassword,
  })
  .meta({ id: 'ResetPasswordRequest' });
export type ResetPasswordRequest = z.input<typeof ResetPasswordRequest>;

/** `DELETE /auth/me`: the owner confirms the erasure with their password. */
export const EraseAccountRequest = z
  .object({
    password: z
      .string({ error: 'Enter your password to confirm.' })
      .min(1, { error: 'Enter your password to confirm.' })
      .max(PASSWORD_MAX_LENGTH),
  })
  .meta({ id: 'EraseAccountRequest' });
export type EraseAccountRequest = z.input<typeof EraseAccountRequest>;

/** `GET /auth/requests?guestId=` (guests also send the X-Guest-Token header). */
export const RequestsQuery = z.object({ guestId: z.string().max(64).optional() }).meta({ id: 'RequestsQuery' });
