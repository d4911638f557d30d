import { z } from 'zod';

/** The one error body of the API (product spec §3 "API error", §8): every failed request answers with this shape. */
export const ApiErrorBody = z
  .object({
    message: z.string(),
    status: z.number().int(),
    code: z.string(),
    details: z.record(z.string(), z.unknown()),
  })
  .meta({ id: 'ApiErrorBody' });
export type ApiErrorBody = z.infer<typeof ApiErrorBody>;

/** Per-field messages of a rejected request, keyed by the field's dotted path (`''` = the whole body). */
export type FieldErrors = Record<string, string[]>;

/**
 * The error-code catalogue: every code the API answers with, its HTTP status and what it means. Messages that the
 * spec fixes (§8) are the ones the API sends; others are the API's own words (see each throwing site).
 */
export const ERROR_CODES = {
  VALIDATION_ERROR: {
    status: 400,
    meaning: 'A field is missing or invalid; details.fields holds the messages per field.',
  },
  INVALID_JSON: { status: 400, meaning: 'The request body is not valid JSON.' },
  PAYLOAD_TOO_LARGE: { status: 413, meaning: 'The request body is larger than the API accepts.' },
  AUTH_REQUIRED: { status: 401, meaning: 'Sign in (or start a guest session) to continue.' },
  SESSION_EXPIRED: { status: 401, meaning: 'The refresh token is unknown, expired or revoked.' },
  REFRESH_TOKEN_REUSED: {
    status: 401,
    meaning: 'A rotated refresh token was presented again: the session family was revoked.',
  },
  INVALID_CREDENTIALS: { status: 401, meaning: 'Invalid email or password.' },
  ACCOUNT_DISABLED: { status: 403, meaning: 'The account was disabled by an admin.' },
  EMAIL_NOT_VERIFIED: { status: 403, meaning: 'The e-mail address has not been verified yet.' },
  EMAIL_TAKEN: { status: 409, meaning: 'An account already uses this e-mail address.' },
  ACCOUNT_NOT_FOUND: { status: 404, meaning: 'No such account (or no sign-up waiting for this address).' },
  ALREADY_VERIFIED: { status: 409, meaning: 'The address is already verified.' },
  OTP_INVALID: { status: 400, meaning: 'The 6-digit code is wrong.' },
  OTP_EXPIRED: { status: 400, meaning: 'The 6-digit code expired (about 2 minutes).' },
  OTP_ATTEMPTS_EXCEEDED: { status: 429, meaning: 'Too many wrong codes: request a new one.' },
  OTP_RESEND_COOLDOWN: { status: 429, meaning: 'A new code can be requested 120 s after the last one.' },
  RESET_TOKEN_INVALID: { status: 400, meaning: 'The password-reset link is invalid or expired.' },
  PASSWORD_INCORRECT: { status: 403, meaning: 'The password given to confirm an action is wrong.' },
  SUPER_ADMIN_PROTECTED: { status: 403, meaning: 'The super admin cannot be erased, demoted or disabled.' },
  FORBIDDEN: { status: 403, meaning: 'The signed-in role may not do this.' },
  MFA_REQUIRED: {
    status: 403,
    meaning:
      "An admin route needs the second factor: details.enrolled true = enter the authenticator's code (POST /admin/mfa/verify), false = set it up (POST /admin/mfa/enrol).",
  },
  MFA_ALREADY_ENABLED: { status: 409, meaning: 'Two-factor sign-in is already on; the super admin can reset it.' },
  MFA_NOT_PENDING: { status: 409, meaning: 'No two-factor set-up is waiting for its first code.' },
  MFA_CODE_INVALID: { status: 400, meaning: 'The authenticator or recovery code is wrong or used.' },
  GUEST_REQUIRED: { status: 401, meaning: 'A guest id and token (or a bearer token) are required.' },
  GUEST_NOT_FOUND: { status: 404, meaning: 'The guest session does not exist.' },
  GUEST_INVALID: { status: 401, meaning: 'The guest id or token is invalid.' },
  DAILY_LIMIT_REACHED: {
    status: 429,
    meaning:
      "The plan's daily requests for this tool are used up, or an API key's daily cap (details.apiKeyId); details.resetsAt says when they reset.",
  },
  API_KEY_INVALID: { status: 401, meaning: 'The API key is unknown, revoked, or its account is not available.' },
  API_KEY_PLAN_REQUIRED: { status: 403, meaning: 'API keys come with the Basic, Pro and Enterprise plans.' },
  API_KEY_SCOPE_MISSING: {
    status: 403,
    meaning: "The API key's scopes do not include this route's (details.required).",
  },
  API_KEY_NOT_FOUND: { status: 404, meaning: 'The account has no API key with this id.' },
  API_KEY_LIMIT: { status: 409, meaning: 'The account already holds the most API keys it may (details.max).' },
  API_KEY_RATE_LIMITED: {
    status: 429,
    meaning: 'Too many requests with this API key in the last minute; the Retry-After header says when to try again.',
  },
  INVALID_PLAN: { status: 400, meaning: 'Not an assignable plan (free-signup, basic, pro, enterprise).' },
  NOT_AN_ADMIN: { status: 409, meaning: 'The account to revoke is not an admin.' },
  ALREADY_ADMIN: { status: 409, meaning: 'The invited person is already an admin.' },
  INVITE_NOT_FOUND: { status: 404, meaning: 'This invitation could not be found or has expired.' },
  INVITE_NOT_PENDING: { status: 409, meaning: 'The invitation was already used.' },
  INVITE_EMAIL_MISMATCH: { status: 403, meaning: 'The invitation was sent to another e-mail address.' },
  MAIL_DELIVERY_FAILED: {
    status: 503,
    meaning: 'The e-mail could not be delivered; what the request recorded stands.',
  },
  DETECTOR_CHAR_LIMIT: { status: 400, meaning: "The text is longer than the plan's detector limit; details.max." },
  HUMANISER_CHAR_LIMIT: { status: 400, meaning: "The text is longer than the plan's humaniser limit; details.max." },
  REMOTE_SIZE_EXCEEDED: { status: 413, meaning: 'An uploaded or fetched document exceeds the size limit.' },
  BLOG_POST_NOT_FOUND: { status: 404, meaning: 'No blog post has this slug ("That story has moved").' },
  UNSUPPORTED_FILE_TYPE: {
    status: 415,
    meaning: 'Upload a .txt, .pdf, .docx, .jpg, .jpeg or .png file (checked by content).',
  },
  FILE_EMPTY: { status: 400, meaning: 'The file is empty.' },
  FILE_UNREADABLE: {
    status: 422,
    meaning:
      'The file is damaged, encrypted, a zip or decompression bomb, or not what it claims to be; details.reason.',
  },
  NO_TEXT_FOUND: { status: 422, meaning: 'No readable text was found in the file or page.' },
  EXTRACTION_TIMEOUT: { status: 504, meaning: 'File processing exceeded time limit.' },
  URL_INVALID: { status: 400, meaning: 'Not a valid URL.' },
  URL_NOT_ALLOWED: { status: 400, meaning: 'Only public https addresses can be imported.' },
  FETCH_FAILED: { status: 502, meaning: 'Unable to fetch URL content.' },
  FETCH_TIMEOUT: { status: 504, meaning: 'Remote content retrieval timed out.' },
  REPORT_NOT_FOUND: { status: 404, meaning: 'The report is unknown, expired (24 h), deleted or its id is malformed.' },
  REPORT_SOURCE_NOT_FOUND: {
    status: 404,
    meaning:
      'A report can only carry a detection the service produced for this caller in the last 48 h (same text and mode).',
  },
  REPORT_LIMIT_REACHED: { status: 429, meaning: 'Too many reports shared by this caller within the hour.' },
  BATCH_NOT_FOUND: { status: 404, meaning: 'No batch with this id belongs to the caller.' },
  BATCH_ITEM_EXPIRED: {
    status: 410,
    meaning: "A batch item cut off by a restart whose input is no longer kept (48 h): an item's error, not an answer.",
  },
  BATCH_OWNER_GONE: {
    status: 410,
    meaning: "The account that sent a batch was erased before its items ran again after a restart: an item's error.",
  },
  BATCH_CANCELLED: {
    status: 409,
    meaning:
      "A batch item not run because its caller could no longer act when its turn came (account disabled or erased, password reset, API key revoked or expired, plan without keys; details.reason): an item's error, and the batch's later items are cancelled too.",
  },
  JOB_TIMEOUT: { status: 504, meaning: 'The analysis did not finish within 45 s.' },
  JOB_FAILED: { status: 502, meaning: 'The worker failed the analysis.' },
  CLIENT_TIMEOUT: {
    status: 408,
    meaning:
      'The request was not received in time (headers 20 s, a JSON or form body 30 s, the whole request 120 s): the connection is closed.',
  },
  SERVICE_UNAVAILABLE: {
    status: 503,
    meaning:
      'The service is restarting, a dependency is down, or it is busy (an AI request shed under load: Retry-After).',
  },
  TOO_MANY_REQUESTS: { status: 429, meaning: 'Too many sign-in or code requests from this client: wait a minute.' },
  NOT_FOUND: { status: 404, meaning: 'No such route or resource.' },
  INTERNAL_ERROR: { status: 500, meaning: 'An unexpected error occurred.' },
} as const satisfies Record<string, { status: number; meaning: string }>;
export type ErrorCode = keyof typeof ERROR_CODES;

/** Codes after which the web client recreates the guest session and retries once (spec §8). */
export const GUEST_RETRY_CODES: readonly ErrorCode[] = [
  'GUEST_REQUIRED',
  'GUEST_NOT_FOUND',
  'GUEST_INVALID',
  'AUTH_REQUIRED',
];
