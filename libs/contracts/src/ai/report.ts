import { z } from 'zod';

const iso = z.string().meta({ format: 'date-time' });
export const INVALID_DETECTION_RESPONSE = 'Invalid detection response structure';
/** Spec §5: report ids are 8-64 letters, digits, '_' or '-'. */
export const REPORT_ID = /^[A-Za-z0-9_-]{8,64}$/;
export const REPORT_MAX_BYTES = 512 * 1024;

/** The detection a report shows (spec §3 "Report response"): validated, stored as data, never rendered as HTML by the API. */
export const ReportResult = z
  .looseObject({
    score: z
      .number({ error: INVALID_DETECTION_RESPONSE })
      .min(0, { error: INVALID_DETECTION_RESPONSE })
      .max(1, { error: INVALID_DETECTION_RESPONSE }),
    confidence: z.number().optional(),
    modeLabel: z.string().max(200).optional(),
    mode: z.string().max(40).optional(),
    rationale: z.string().max(20_000).optional(),
    originalText: z.string().max(200_000).optional(),
    text: z.string().max(200_000).optional(),
    chunks: z.array(z.looseObject({})).max(2_000).optional(),
    timings: z.looseObject({ durationMs: z.number().optional() }).optional(),
  })
  .meta({ id: 'ReportResult' });
export type ReportResult = z.infer<typeof ReportResult>;

/** `POST /ai/report`. */
export const SaveReportRequest = z.object({ result: ReportResult }).meta({ id: 'SaveReportRequest' });
export type SaveReportRequest = z.input<typeof SaveReportRequest>;

/** A stored report: shareable by id until expiresAt (24 h). */
export const SavedReport = z.object({ id: z.string(), createdAt: iso, expiresAt: iso }).meta({ id: 'SavedReport' });
export type SavedReport = z.infer<typeof SavedReport>;

/** `GET /ai/report/{id}` (and `/api/ai/report/{id}`). */
export const ReportResponse = z.object({ createdAt: iso, result: ReportResult }).meta({ id: 'ReportResponse' });
export type ReportResponse = z.infer<typeof ReportResponse>;
