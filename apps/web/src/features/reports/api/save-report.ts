import type { SavedReport } from '@inkprint/contracts';
import { api } from '../../../lib/api-client';
import { guestSession } from '../../../lib/session-store';
import type { ReportData } from '../types';

/** `POST /ai/report {result}` -> `{id, createdAt, expiresAt}`: stores the report for 24 h (spec §4 "Share"). */
export async function saveReport(report: ReportData): Promise<SavedReport> {
  const guest = guestSession.get();
  const saved = await api.request<SavedReport>('/ai/report', {
    method: 'POST',
    body: { result: report.result },
    guest: true,
    headers: guest ? { 'x-guest-id': guest.id } : undefined,
    retries: 0,
  });
  if (!saved || typeof saved.id !== 'string' || typeof saved.expiresAt !== 'string') {
    throw new Error('Unexpected response from the report service');
  }
  return saved;
}
