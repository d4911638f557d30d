import type { DetectionResult, ReportResult } from '@inkprint/contracts';

/** A report not shared yet: the demo's detection, the text it scored and when it was made (the modal's input). */
export interface ReportDraft {
  result: DetectionResult;
  text: string;
  /** ISO date-time. */
  createdAt: string;
}

/** What the report view, the PDF and `POST /ai/report` work from: a shared report or a draft made into one. */
export interface ReportData {
  createdAt: string;
  result: ReportResult;
}

/** A draft as the report it becomes: the original text travels inside the result (section 2 of the page). */
export function draftToReport(draft: ReportDraft): ReportData {
  return { createdAt: draft.createdAt, result: { ...draft.result, originalText: draft.text } };
}
