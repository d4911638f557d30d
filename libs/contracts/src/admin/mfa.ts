import { z } from 'zod';

/** Administrators' second factor (TOTP authenticator app, recovery codes): issue 25 item 9, docs/security.md. */

/** `GET /admin/mfa`. */
export const MfaStatusResponse = z
  .object({
    /** The account has a confirmed authenticator. */
    enrolled: z.boolean(),
    /** A set-up was started and waits for its first code. */
    pending: z.boolean(),
    /** This session passed the second factor. */
    verified: z.boolean(),
    /** ADMIN_MFA=required: the console refuses admins without it. */
    required: z.boolean(),
    recoveryCodesLeft: z.number().int(),
  })
  .meta({ id: 'MfaStatusResponse' });
export type MfaStatusResponse = z.infer<typeof MfaStatusResponse>;

/** `POST /admin/mfa/enrol`: the secret to type in, and the otpauth URI to scan (shown once per set-up). */
export const MfaEnrolmentResponse = z
  .object({ secret: z.string(), otpauthUri: z.string() })
  .meta({ id: 'MfaEnrolmentResponse' });
export type MfaEnrolmentResponse = z.infer<typeof MfaEnrolmentResponse>;

/** `POST /admin/mfa/confirm` and `/admin/mfa/verify`: a 6-digit code, or a recovery code (verify only). */
export const MfaCodeRequest = z
  .object({
    code: z
      .string({ error: 'Enter the 6-digit code from your authenticator app.' })
      .trim()
      .min(6, { error: 'Enter the 6-digit code from your authenticator app.' })
      .max(20, { error: 'Enter the 6-digit code from your authenticator app.' }),
  })
  .meta({ id: 'MfaCodeRequest' });
export type MfaCodeRequest = z.input<typeof MfaCodeRequest>;

/** `POST /admin/mfa/confirm`: the recovery codes, shown this once. */
export const MfaEnabledResponse = z
  .object({ recoveryCodes: z.array(z.string()), message: z.string() })
  .meta({ id: 'MfaEnabledResponse' });
export type MfaEnabledResponse = z.infer<typeof MfaEnabledResponse>;

/** `POST /admin/mfa/verify`. */
export const MfaVerifiedResponse = z
  .object({ verified: z.literal(true), recoveryCodesLeft: z.number().int(), message: z.string() })
  .meta({ id: 'MfaVerifiedResponse' });
export type MfaVerifiedResponse = z.infer<typeof MfaVerifiedResponse>;
