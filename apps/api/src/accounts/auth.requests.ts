import { z } from 'zod';
import { meetsPasswordPolicy, PASSWORD_MAX_LENGTH, PASSWORD_POLICY_MESSAGE } from '@inkprint/accounts-domain';

const email = z.string({ error: 'Email is required.' }).trim().min(1, { error: 'Email is required.' }).max(254).pipe(z.email({ error: 'Enter a valid email address.' }));
const newPassword = z
  .string({ error: 'Password is required.' })
  .max(PASSWORD_MAX_LENGTH, { error: `Password must be at most ${PASSWORD_MAX_LENGTH} characters.` })
  .refine(meetsPasswordPolicy, { error: PASSWORD_POLICY_MESSAGE });

export const RegisterRequest = z.object({
  name: z.string({ error: 'Name is required.' }).trim().min(1, { error: 'Name is required.' }).max(100, { error: 'Name must be at most 100 characters.' }),
  email,
  password: newPassword,
  confirm: z.string().optional(),
}).refine((b) => b.confirm === undefined || b.confirm === b.password, { error: 'Passwords do not match', path: ['confirm'] });
const continueParam = { continue: z.string().max(2048).optional() };
export const VerifyOtpRequest = z.object({ ...continueParam, email, otp: z.string({ error: 'Enter the 6-digit code.' }).regex(/^\d{6}$/, { error: 'Enter the 6-digit code.' }) });
export const ResendOtpRequest = z.object({ email, purpose: z.literal('verification', { error: "purpose must be 'verification'" }).default('verification') });
export const LoginRequest = z.object({ ...continueParam, email, password: z.string({ error: 'Password is required.' }).min(1, { error: 'Password is required.' }).max(PASSWORD_MAX_LENGTH) });
export const RefreshRequest = z.object({ refreshToken: z.string({ error: 'refreshToken is required.' }).min(1, { error: 'refreshToken is required.' }).max(512) });
export const ForgotPasswordRequest = z.object({ email });
export const EraseAccountRequest = z.object({ password: z.string({ error: 'Enter your password to confirm.' }).min(1, { error: 'Enter your password to confirm.' }).max(PASSWORD_MAX_LENGTH) });
export const ResetPasswordRequest = z.object({
  token: z.string({ error: 'The reset link is missing or invalid. Please request a new one.' }).min(1, { error: 'The reset link is missing or invalid. Please request a new one.' }).max(512),
  password: newPassword,
});
