import { REPORT_ID, ReportResponse } from '@inkprint/contracts/ai/report';
import { MalformedReportIdError, ReportParseError } from './report-errors';
import type { ReportData } from './types';

/** Spec §5: a report id is 8-64 letters, digits, '_' or '-'; anything else is never sent to the API. */
export const isReportId = (id: string): boolean => REPORT_ID.test(id);

export function checkReportId(id: string): void {
  if (!isReportId(id)) throw new MalformedReportIdError();
}

/** A report answer checked against the contract (`{createdAt, result: {score 0..1, …}}`); else a parse error. */
export function parseReport(body: unknown): ReportData {
  const parsed = ReportResponse.safeParse(body);
  if (!parsed.success) throw new ReportParseError();
  return parsed.data;
}
