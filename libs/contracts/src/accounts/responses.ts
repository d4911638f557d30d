import { z } from 'zod';
import { ACCOUNT_STATUSES, ROLES } from '../policies/roles';
import { UsagePayload } from '../usage/usage';

const iso = z.string().meta({ format: 'date-time' });

/** A plain acknowledgement; `message` is the spec's success text where §8 fixes one. */
export const MessageResponse = z.object({ message: z.string() }).meta({ id: 'MessageResponse' });
export type MessageResponse = z.infer<typeof MessageResponse>;

/** The signed-in account as the API shows it to its owner (spec §3 "User session" user). */
export const PublicUser = z
  .object({
    id: z.string(),
    name: z.string(),
    email: z.string(),
    role: z.enum(ROLES),
    status: z.enum(ACCOUNT_STATUSES),
    planSlug: z.string(),
    createdAt: iso,
    lastLoginAt: iso.nullable(),
  })
  .meta({ id: 'PublicUser' });
export type PublicUser = z.infer<typeof PublicUser>;

/** Access token (JWT, `expiresIn` seconds) and a rotating refresh token (`<session id>.<secret>`, 30 days). */
export const Tokens = z
  .object({ accessToken: z.string(), refreshToken: z.string(), expiresIn: z.number().int() })
  .meta({ id: 'Tokens' });
export type Tokens = z.infer<typeof Tokens>;

/** `POST /auth/refresh`. */
export const RefreshResponse = Tokens.meta({ id: 'RefreshResponse' });
export type RefreshResponse = z.infer<typeof RefreshResponse>;

/** `POST /auth/login` and `POST /auth/verify-otp`: `redirectTo` is the accepted 'continue' target or null. */
export const SignedInResponse = z
  .object({
    message: z.string(),
    tokens: Tokens,
    user: PublicUser,
    usage: UsagePayload,
    redirectTo: z.string().nullable(),
  })
  .meta({ id: 'SignedInResponse' });
export type SignedInResponse = z.infer<typeof SignedInResponse>;

/** `POST /auth/register` and `POST /auth/resend-otp`: the code was e-mailed and expires at `expiresAt`. */
export const CodeSentResponse = z
  .object({ message: z.string(), email: z.string(), expiresAt: iso })
  .meta({ id: 'CodeSentResponse' });
export type CodeSentResponse = z.infer<typeof CodeSentResponse>;

/** `GET /auth/me`. */
export const MeResponse = z.object({ user: PublicUser, usage: UsagePayload }).meta({ id: 'MeResponse' });
export type MeResponse = z.infer<typeof MeResponse>;

/** `POST /auth/guest/session`: the token goes back in the X-Guest-Token header with `guestId`. */
export const GuestSessionResponse = z
  .object({ guestId: z.string(), token: z.string(), summary: UsagePayload })
  .meta({ id: 'GuestSessionResponse' });
export type GuestSessionResponse = z.infer<typeof GuestSessionResponse>;

/** Spec §3 "Subscription". */
export const Subscription = z
  .object({ status: z.literal('active'), planSlug: z.string() })
  .meta({ id: 'Subscription' });
export type Subscription = z.infer<typeof Subscription>;

/** `GET /auth/subscription`: null for an account on the default plan with no subscription recorded. */
export const SubscriptionResponse = z
  .object({ subscription: Subscription.nullable() })
  .meta({ id: 'SubscriptionResponse' });
export type SubscriptionResponse = z.infer<typeof SubscriptionResponse>;
