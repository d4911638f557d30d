import { ApiError, networkError, timeoutError } from '../../lib/api-error';
import { MalformedReportIdError, REPORT_ERROR_COPY, ReportParseError, reportErrorKind } from './report-errors';
import { checkReportId, isReportId, parseReport } from './report-response';

describe('report id check (spec §5: 8-64 letters, digits, _ or -)', () => {
  it.each(['abcd1234', 'A_b-C_d-', 'x'.repeat(64), 'Kq3vX0_9-aZ1bC2dE3fG4h'])('accepts %p', (id) =>
    expect(isReportId(id)).toBe(true),
  );
  it.each(['abc1234', 'x'.repeat(65), 'abcd 1234', 'abcd.1234', '../../etc', 'abcd1234é', ''])('refuses %p', (id) => {
    expect(isReportId(id)).toBe(false);
    expect(() => checkReportId(id)).toThrow(MalformedReportIdError);
  });
});

describe('reportErrorKind', () => {
  it('reads 404, REPORT_NOT_FOUND and a malformed id as expired or deleted', () => {
    expect(reportErrorKind(new ApiError('Not found', 404, 'REPORT_NOT_FOUND'))).toBe('expired-or-deleted');
    expect(reportErrorKind(new ApiError('Not found', 404, 'HTTP_404'))).toBe('expired-or-deleted');
    expect(reportErrorKind(new ApiError('Gone', 410, 'REPORT_NOT_FOUND'))).toBe('expired-or-deleted');
    expect(reportErrorKind(new MalformedReportIdError())).toBe('expired-or-deleted');
  });

  it('reads a body that is not a report as a parse error', () => {
    expect(reportErrorKind(new ReportParseError())).toBe('parse-error');
  });

  it('reads everything else as a generic error', () => {
    expect(reportErrorKind(new ApiError('Boom', 500, 'INTERNAL_ERROR'))).toBe('generic-error');
    expect(reportErrorKind(new ApiError('Unavailable', 503, 'HTTP_503'))).toBe('generic-error');
    expect(reportErrorKind(networkError())).toBe('generic-error');
    expect(reportErrorKind(timeoutError())).toBe('generic-error');
    expect(reportErrorKind(new Error('x'))).toBe('generic-error');
  });

  it('has the spec §8 titles', () => {
    expect(REPORT_ERROR_COPY['expired-or-deleted'].title).toBe("This report isn't available");
    expect(REPORT_ERROR_COPY['parse-error'].title).toBe('Unexpected Response');
    expect(REPORT_ERROR_COPY['generic-error'].title).toBe('Unable to Load Report');
  });
});

describe('parseReport', () => {
  it('accepts a report answer and keeps the extra fields of its result', () => {
    const body = {
      createdAt: '2026-11-24T10:00:00.000Z',
      result: { score: 0.4, originalText: 'hello', chunks: [{ index: 0, label: 'Human' }], words: 1 },
    };
    expect(parseReport(body)).toEqual(body);
  });

  it.each([
    ['an HTML page', '<!doctype html><html></html>'],
    ['null', null],
    ['no result', { createdAt: '2026-11-24T10:00:00.000Z' }],
    ['no createdAt', { result: { score: 0.4 } }],
    ['a score out of range', { createdAt: '2026-11-24T10:00:00.000Z', result: { score: 1.5 } }],
    ['a score that is text', { createdAt: '2026-11-24T10:00:00.000Z', result: { score: '0.4' } }],
  ])('refuses %s as a parse error', (_, body) => {
    expect(() => parseReport(body)).toThrow(ReportParseError);
  });
});
