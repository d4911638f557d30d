import { z } from 'zod';
import { ACCOUNT_STATUSES, ROLES, type AccountStatus, type Role } from '../policies/roles';

export const USERS_PAGE_DEFAULT = 20;
export const USERS_PAGE_MAX = 100;
export const TIMELINE_PAGE_DEFAULT = 50;
export const TIMELINE_PAGE_MAX = 200;
/** Account ids in paths: anything else cannot name an account. */
export const ACCOUNT_ID = /^[A-Za-z0-9_-]{1,128}$/;
/** The user directory's cursors are opaque base64url tokens (decoded by the API). */
export const USER_CURSOR = /^[A-Za-z0-9_-]{1,600}$/;
export const INVALID_CURSOR_MESSAGE = 'Invalid cursor.';

/** 'all' and '' mean "no filter" (the console sends neither, but either is harmless). */
const filter = <T extends string>(values: readonly T[], message: string) =>
  z
    .string({ error: message })
    .trim()
    .optional()
    .transform((value) => (value === undefined || value === '' || value === 'all' ? undefined : value))
    .refine((value) => value === undefined || (values as readonly string[]).includes(value), { error: message })
    .transform((value) => value as T | undefined);

const pageSize = (fallback: number, max: number, name = 'limit') =>
  z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value.trim() === '') return fallback;
      const n = Number(value);
      if (!/^\d+$/.test(value.trim()) || n < 1 || n > max) {
        ctx.addIssue({ code: 'custom', message: `${name} must be a whole number from 1 to ${max}.` });
        return z.NEVER;
      }
      return n;
    });

/** `GET /admin/users?limit=20&status=&role=&q=&cursor=` (spec §7): q and cursor are exclusive (a search is not paged). */
export const ListUsersQuery = z
  .object({
    limit: pageSize(USERS_PAGE_DEFAULT, USERS_PAGE_MAX),
    status: filter<AccountStatus>(ACCOUNT_STATUSES, `status must be one of ${ACCOUNT_STATUSES.join(', ')}.`),
    role: filter<Role>(ROLES, `role must be one of ${ROLES.join(', ')}.`),
    q: z
      .string({ error: 'q must be text.' })
      .trim()
      .max(200, { error: 'Search text must be at most 200 characters.' })
      .optional()
      .transform((value) => (value ? value : undefined)),
    cursor: z
      .string({ error: INVALID_CURSOR_MESSAGE })
      .optional()
      .transform((value) => (value === '' ? undefined : value))
      .refine((value) => value === undefined || USER_CURSOR.test(value), { error: INVALID_CURSOR_MESSAGE }),
  })
  .superRefine((query, ctx) => {
    if (query.q !== undefined && query.cursor !== undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['cursor'],
        message: 'Search results are not paged: send q or cursor, not both.',
      });
    }
  })
  .meta({ id: 'ListUsersQuery' });
export type ListUsersQuery = z.input<typeof ListUsersQuery>;
export type ListUsersParams = z.output<typeof ListUsersQuery>;

/** `GET /admin/users/{id}/timeline?limit=&before=` (before: an event version of the account's streams). */
export const TimelineQuery = z
  .object({
    limit: pageSize(TIMELINE_PAGE_DEFAULT, TIMELINE_PAGE_MAX),
    /** Event types to keep, comma-separated (e.g. `PlanChanged,DetectionRecorded`); paging applies to the filtered list. */
    kind: z
      .string()
      .max(400)
      .optional()
      .transform((value) =>
        value
          ? value
              .split(',')
              .map((k) => k.trim())
              .filter((k) => /^[A-Za-z]{1,60}$/.test(k))
          : undefined,
      ),
    before: z
      .string()
      .optional()
      .transform((value, ctx) => {
        if (value === undefined || value === '') return undefined;
        if (!/^\d{1,9}$/.test(value) || Number(value) < 1) {
          ctx.addIssue({ code: 'custom', message: 'before must be a positive whole number (an event version).' });
          return z.NEVER;
        }
        return Number(value);
      }),
  })
  .meta({ id: 'TimelineQuery' });
export type TimelineQuery = z.input<typeof TimelineQuery>;
export type TimelineParams = z.output<typeof TimelineQuery>;

/** `POST /admin/users/{id}/plan`: spec §3, an empty plan means free-signup. */
export const ChangePlanRequest = z
  .object({
    planSlug: z
      .string({ error: 'Choose a plan.' })
      .trim()
      .max(40, { error: 'Choose one of the plans free-signup, basic, pro or enterprise.' })
      .transform((value) => (value === '' ? 'free-signup' : value.toLowerCase())),
  })
  .meta({ id: 'ChangePlanRequest' });
export type ChangePlanRequest = z.input<typeof ChangePlanRequest>;

/** `POST /admin/users/{id}/status`. */
export const ChangeStatusRequest = z
  .object({
    status: z.enum(ACCOUNT_STATUSES, { error: `Choose one of the statuses ${ACCOUNT_STATUSES.join(', ')}.` }),
  })
  .meta({ id: 'ChangeStatusRequest' });
export type ChangeStatusRequest = z.input<typeof ChangeStatusRequest>;

export const INVITE_EMAIL_REQUIRED = 'Enter an email address to invite.';
/** `POST /admin/invites` (super admin). */
export const IssueInviteRequest = z
  .object({
    email: z
      .string({ error: INVITE_EMAIL_REQUIRED })
      .trim()
      .min(1, { error: INVITE_EMAIL_REQUIRED })
      .max(254, { error: 'Enter a valid email address.' })
      .pipe(z.email({ error: 'Enter a valid email address.' })),
  })
  .meta({ id: 'IssueInviteRequest' });
export type IssueInviteRequest = z.input<typeof IssueInviteRequest>;

export const INVITE_TOKEN_MISSING = 'Invitation token missing from the URL.';
/** `POST /admin/invites/lookup` and `/accept`. */
export const InviteTokenRequest = z
  .object({
    token: z
      .string({ error: INVITE_TOKEN_MISSING })
      .trim()
      .min(1, { error: INVITE_TOKEN_MISSING })
      .max(512, { error: 'This invitation could not be found or has expired.' }),
  })
  .meta({ id: 'InviteTokenRequest' });
export type InviteTokenRequest = z.input<typeof InviteTokenRequest>;

/** `GET /admin/metrics/daily?days=` (1-90, default 14). */
export const DailyUsageQuery = z.object({ days: pageSize(14, 90, 'days') }).meta({ id: 'DailyUsageQuery' });
export type DailyUsageQuery = z.input<typeof DailyUsageQuery>;
