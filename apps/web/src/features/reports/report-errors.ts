import { ApiError } from '../../lib/api-error';

/** Spec §4 "Report load": the three ways loading a report fails, and their copy (spec §8). */
export type ReportErrorKind = 'expired-or-deleted' | 'parse-error' | 'generic-error';

export const REPORT_ERROR_COPY: Record<ReportErrorKind, { title: string; message: string }> = {
  'expired-or-deleted': {
    title: "This report isn't available",
    message: 'It may have expired after 24 hours or been deleted. Run a new detection to create a fresh report.',
  },
  'parse-error': {
    title: 'Unexpected Response',
    message: 'The report came back in a format we could not read. Please try again later.',
  },
  'generic-error': {
    title: 'Unable to Load Report',
    message: 'We could not reach the report service. Check your connection and retry.',
  },
};

/** The answer did not have the shape of a report (`{createdAt, result: {score 0..1, …}}`). */
export class ReportParseError extends Error {
  constructor() {
    super('Unexpected report response');
    this.name = 'ReportParseError';
  }
}

/** A malformed id is never sent: it reads as expired or deleted. */
export class MalformedReportIdError extends Error {
  constructor() {
    super('Malformed report id');
    this.name = 'MalformedReportIdError';
  }
}

export function reportErrorKind(error: unknown): ReportErrorKind {
  if (error instanceof MalformedReportIdError) return 'expired-or-deleted';
  if (error instanceof ReportParseError) return 'parse-error';
  if (error instanceof ApiError && (error.status === 404 || error.code === 'REPORT_NOT_FOUND')) {
    return 'expired-or-deleted';
  }
  return 'generic-error';
}
