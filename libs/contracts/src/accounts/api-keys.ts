import { z } from 'zod';
import type { PlanSlug } from '../policies/plans';

/** What an API key may call (issue 29): detections (and imports for them), rewrites, shared reports. */
export const API_KEY_SCOPES = ['detect', 'humanise', 'reports'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

/** Plans whose accounts may hold API keys; Free accounts and guests are refused (API_KEY_PLAN_REQUIRED). */
export const API_KEY_PLANS: readonly PlanSlug[] = ['basic', 'pro', 'enterprise'];
export const API_KEY_PLAN_REQUIRED_MESSAGE =
  'API keys come with the Basic, Pro and Enterprise plans. Upgrade to create one.';
/** Keys an account may hold at once (revoked ones do not count). */
export const API_KEYS_PER_ACCOUNT = 10;
/** Every key starts with this, so a leaked one is easy to recognise (and secret scanners can match it). */
export const API_KEY_PREFIX = 'ink_';
export const API_KEY_NAME_MAX = 60;

/** `POST /auth/api-keys`. */
export const CreateApiKeyRequest = z
  .object({
    name: z
      .string({ error: 'Name the key.' })
      .trim()
      .min(1, { error: 'Name the key.' })
      .max(API_KEY_NAME_MAX, { error: `A key's name must be at most ${API_KEY_NAME_MAX} characters.` }),
    scopes: z
      .array(z.enum(API_KEY_SCOPES, { error: 'Scopes are detect, humanise and reports.' }), {
        error: 'Choose at least one scope.',
      })
      .min(1, { error: 'Choose at least one scope.' })
      .transform((scopes) => API_KEY_SCOPES.filter((scope) => scopes.includes(scope))),
    dailyCap: z
      .number({ error: 'The daily cap is a whole number of requests.' })
      .int({ error: 'The daily cap is a whole number of requests.' })
      .min(1, { error: 'The daily cap is at least 1 request.' })
      .max(1_000_000)
      .nullish(),
    /** Optional: after this instant (ISO 8601, in the future) the key is refused (API_KEY_INVALID, reason expired). */
    expiresAt: z.iso
      .datetime({ offset: true, error: 'The expiry is a date and time such as 2030-01-31T12:00:00Z.' })
      .nullish(),
  })
  .strict()
  .meta({ id: 'CreateApiKeyRequest' });
export type CreateApiKeyRequest = z.input<typeof CreateApiKeyRequest>;

/** The fields every answer about a key starts with (listed or just created). */
const apiKeyFields = {
  id: z.string(),
  name: z.string(),
  scopes: z.array(z.enum(API_KEY_SCOPES)),
  /** Requests per tool per day this key may use (at most the plan's limit); null: the plan's limit. */
  dailyCap: z.number().int().nullable(),
};

/** A key as listed: never the key itself (it is shown once, when created). */
export const ApiKey = z
  .object({
    ...apiKeyFields,
    createdAt: z.string(),
    lastUsedAt: z.string().nullable(),
    /** Tool runs recorded with this key. */
    uses: z.number().int(),
    revokedAt: z.string().nullable(),
    /** When the key stops working; null: never (it works until revoked). */
    expiresAt: z.string().nullable().optional(),
  })
  .meta({ id: 'ApiKey' });
export type ApiKey = z.infer<typeof ApiKey>;

/** `POST /auth/api-keys` answer: the only answer that carries `key`. */
export const CreatedApiKey = z
  .object({
    ...apiKeyFields,
    key: z.string(),
    createdAt: z.string(),
    expiresAt: z.string().nullable().optional(),
  })
  .meta({ id: 'CreatedApiKey' });
export type CreatedApiKey = z.infer<typeof CreatedApiKey>;

/** `GET /auth/api-keys`, `GET /admin/users/{id}/api-keys`: newest first, revoked ones included. */
export const ApiKeyList = z.object({ apiKeys: z.array(ApiKey) }).meta({ id: 'ApiKeyList' });
export type ApiKeyList = z.infer<typeof ApiKeyList>;
