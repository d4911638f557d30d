import { useQuery } from '@tanstack/react-query';
import { api, createApiClient } from '../../../lib/api-client';
import { ApiError } from '../../../lib/api-error';
import { checkReportId, parseReport } from '../report-response';
import type { ReportData } from '../types';

/** The same-origin fallback of spec §7 (`/api/ai/report/{id}` on the origin that served the page). */
const sameOrigin = createApiClient({
  baseUrl: '',
  fetch: (...args) => window.fetch(...args),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
});

/**
 * `GET /ai/report/{id}`, then `GET /api/ai/report/{id}` on the same origin when the first fails other than 404.
 * A malformed id is refused before any call (it reads as expired or deleted).
 */
export async function getReport(id: string): Promise<ReportData> {
  checkReportId(id);
  const path = `/ai/report/${encodeURIComponent(id)}`;
  let body: unknown;
  try {
    body = await api.request(path);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) throw error;
    body = await sameOrigin.request(`/api${path}`);
  }
  return parseReport(body);
}

export const useReport = (id: string) =>
  useQuery({ queryKey: ['reports', id], queryFn: () => getReport(id), retry: false, refetchOnWindowFocus: false });
