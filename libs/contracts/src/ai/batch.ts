import { z } from 'zod';
import { DetectionResult } from './detection';

/** Issue 29 items 1 and 3: many files or texts checked in one request, each counted like a single check. */
export const BATCH_MAX_ITEMS = 50;
/**
 * What the files of one batch request may add up to (the zipped folder's inflated limit too): past it the request is
 * refused (413 REMOTE_SIZE_EXCEEDED); under it, a file over the 10 MB upload limit fails on its own item.
 */
export const BATCH_MAX_BYTES = 100 * 1024 * 1024;
export const BATCH_ITEM_STATUSES = ['queued', 'done', 'failed'] as const;
export type BatchItemStatus = (typeof BATCH_ITEM_STATUSES)[number];

/** `POST /ai/batches?mode=` with JSON (files come as multipart `files`). */
export const BatchTextsRequest = z
  .object({
    texts: z
      .array(z.string({ error: 'Each text is a string.' }), { error: 'Send texts: an array of strings, or files.' })
      .min(1, { error: 'Send at least one text or file.' })
      .max(BATCH_MAX_ITEMS, { error: `A batch holds at most ${BATCH_MAX_ITEMS} files or texts.` }),
  })
  .strict()
  .meta({ id: 'BatchTextsRequest' });
export type BatchTextsRequest = z.input<typeof BatchTextsRequest>;

export const BatchItem = z
  .object({
    index: z.number().int(),
    /** The file's name (kept 48 h, like the text); absent for pasted texts. */
    name: z.string().optional(),
    status: z.enum(BATCH_ITEM_STATUSES),
    /** The detection result (kept 48 h, like single checks); absent until done. */
    result: DetectionResult.optional(),
    /** Why the item failed, with the catalogue's code and message (a bad file: the upload messages). */
    error: z.object({ code: z.string(), message: z.string() }).optional(),
  })
  .meta({ id: 'BatchItem' });
export type BatchItem = z.infer<typeof BatchItem>;

/** `GET /ai/batches/{id}/items/{index}`: one checked item with its text (48 h), for the report modal. */
export const BatchItemReport = z
  .object({
    index: z.number().int(),
    name: z.string().optional(),
    text: z.string(),
    result: DetectionResult,
    createdAt: z.string(),
  })
  .meta({ id: 'BatchItemReport' });
export type BatchItemReport = z.infer<typeof BatchItemReport>;

/** `POST /ai/batches` (202) and `GET /ai/batches/{id}`. */
export const BatchResponse = z
  .object({
    id: z.string(),
    status: z.enum(['running', 'done']),
    mode: z.string(),
    createdAt: z.string(),
    items: z.array(BatchItem),
  })
  .meta({ id: 'BatchResponse' });
export type BatchResponse = z.infer<typeof BatchResponse>;

export const BATCHES_PAGE_DEFAULT = 10;
export const BATCHES_PAGE_MAX = 50;
/** The batch list's cursors are opaque base64url tokens (decoded by the API). */
export const BATCH_CURSOR = /^[A-Za-z0-9_-]{1,600}$/;

/** `GET /ai/batches?limit=10&cursor=`: the caller's own batches, newest first (issue 43 item 3). */
export const ListBatchesQuery = z
  .object({
    limit: z
      .string()
      .optional()
      .transform((value, ctx) => {
        if (value === undefined || value.trim() === '') return BATCHES_PAGE_DEFAULT;
        const n = Number(value);
        if (!/^\d+$/.test(value.trim()) || n < 1 || n > BATCHES_PAGE_MAX) {
          ctx.addIssue({ code: 'custom', message: `limit must be a whole number from 1 to ${BATCHES_PAGE_MAX}.` });
          return z.NEVER;
        }
        return n;
      }),
    cursor: z
      .string({ error: 'Invalid cursor.' })
      .optional()
      .transform((value) => (value === '' ? undefined : value))
      .refine((value) => value === undefined || BATCH_CURSOR.test(value), { error: 'Invalid cursor.' }),
  })
  .meta({ id: 'ListBatchesQuery' });
export type ListBatchesQuery = z.input<typeof ListBatchesQuery>;

/** One batch as the list shows it: its counts, not its items (GET /ai/batches/{id} has those). */
export const BatchSummary = z
  .object({
    id: z.string(),
    status: z.enum(['running', 'done']),
    mode: z.string(),
    createdAt: z.string(),
    /** Items in the batch, and how many are settled so far (done or failed) and failed. */
    items: z.number().int(),
    settled: z.number().int(),
    failed: z.number().int(),
  })
  .meta({ id: 'BatchSummary' });
export type BatchSummary = z.infer<typeof BatchSummary>;

/** `GET /ai/batches`: newest first; pass nextCursor as `cursor` for the next page (null at the end). */
export const BatchList = z
  .object({ batches: z.array(BatchSummary), nextCursor: z.string().nullable() })
  .meta({ id: 'BatchList' });
export type BatchList = z.infer<typeof BatchList>;
