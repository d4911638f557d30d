import { SavedReport } from '@inkprint/contracts/ai/report';
import { api } from '../../../lib/api-client';
import type { ReportData } from '../types';

/** `POST /ai/report {result}` -> `{id, createdAt, expiresAt}`: stores the report for 24 h (spec §4 "Share"). */
export async function saveReport(report: ReportData): Promise<SavedReport> {
  return api.request('/ai/report', {
    schema: SavedReport,
    method: 'POST',
    body: { result: report.result },
    // A guest shares as the guest that ran the detection: the request layer sends X-Guest-Id and X-Guest-Token.
    guest: true,
    retries: 0,
  });
}
