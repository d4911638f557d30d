import { z } from 'zod';
import { DETECTION_MODES } from './modes';

export const PROVIDE_FILE_OR_URL = 'Provide file or url';
export const UPLOAD_ACTIONS = ['detect', 'humanise'] as const;

/**
 * `POST /ai/upload-text`: multipart (file, action, mode, guestId) or JSON (url, action, mode, guestId). The text is
 * clipped to the caller's plan limit for `action` (detect: detector limit, humanise: humaniser limit).
 */
export const UploadTextFields = z
  .object({
    url: z.string().trim().max(2048, { error: 'The URL is too long.' }).optional(),
    action: z.enum(UPLOAD_ACTIONS, { error: 'action must be detect or humanise.' }).default('detect'),
    mode: z.enum(DETECTION_MODES, { error: `mode must be one of ${DETECTION_MODES.join(', ')}.` }).optional(),
    guestId: z.string().max(64).optional(),
  })
  .meta({ id: 'UploadTextFields' });
export type UploadTextFields = z.input<typeof UploadTextFields>;

export const UploadTextResponse = z
  .object({
    text: z.string(),
    /** The text was longer than the plan allows for `action` and was clipped. */
    truncated: z.boolean(),
    originalLength: z.number().int(),
    limit: z.number().int(),
    action: z.enum(UPLOAD_ACTIONS),
    mode: z.enum(DETECTION_MODES).nullable(),
    source: z.object({
      name: z.string(),
      kind: z.enum(['txt', 'pdf', 'docx', 'image', 'html']),
      bytes: z.number().int(),
      pages: z.number().int().optional(),
      url: z.string().optional(),
    }),
    warnings: z.array(z.string()),
  })
  .meta({ id: 'UploadTextResponse' });
export type UploadTextResponse = z.infer<typeof UploadTextResponse>;
