import { REPORT_ID, ReportResponse } from '@inkprint/contracts/ai/report';
import { useQuery } from '@tanstack/react-query';
import { api, createApiClient } from '../../../lib/api-client';
import { ApiError } from '../../../lib/api-error';
import { MalformedReportIdError, ReportParseError } from '../report-errors';
import type { ReportData } from '../types';

/** The same-origin fallback of spec §7 (`/api/ai/report/{id}` on the origin that served the page). */
const sameOrigin = createApiClient({
  baseUrl: '',
  fetch: (...args) => window.fetch(...args),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
});

/** A report answer checked against the contract; anything else is a parse error. */
export function parseReport(body: unknown): ReportData {
  const parsed = ReportResponse.safeParse(body);
  if (!parsed.success) throw new ReportParseError();
  return parsed.data;
}

/**
 * `GET /ai/report/{id}`, then `GET /api/ai/report/{id}` on the same origin when the first fails other than 404.
 * A malformed id is refused before any call (it reads as expired or deleted).
 */
export async function getReport(id: string): Promise<ReportData> {
  if (!REPORT_ID.test(id)) throw new MalformedReportIdError();
  const path = `/ai/report/${encodeURIComponent(id)}`;
  let body: unknown;
  try {
    body = await api.request<unknown>(path);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) throw error;
    body = await sameOrigin.request<unknown>(`/api${path}`);
  }
  return parseReport(body);
}

export const useReport = (id: string) =>
  useQuery({ queryKey: ['reports', id], queryFn: () => getReport(id), retry: false, refetchOnWindowFocus: false });
