import { ApiError, networkError, timeoutError } from '../../lib/api-error';
import { demoErrorView } from './demo-errors';

describe('demoErrorView (spec §8 "Demo")', () => {
  it('reads the char-limit codes with details.max', () => {
    const detector = new ApiError('x', 413, 'DETECTOR_CHAR_LIMIT', { max: 4000 });
    expect(demoErrorView(detector, 'run')).toEqual({
      inline: 'Maximum 4,000 characters.',
      toast: { type: 'warn', title: 'Detector Limit', message: 'Maximum 4,000 characters.' },
    });
    const humaniser = new ApiError('x', 413, 'HUMANISER_CHAR_LIMIT', { max: 2000 });
    expect(demoErrorView(humaniser, 'run').toast).toEqual({
      type: 'warn',
      title: 'Humaniser Limit',
      message: 'Input exceeds 2,000 chars. It was clipped.',
    });
  });

  it('names a too-large remote document per action', () => {
    const tooLarge = new ApiError('Selected file exceeds allowed size.', 413, 'REMOTE_SIZE_EXCEEDED', { max: 1 });
    expect(demoErrorView(tooLarge, 'run').toast.title).toBe('Remote File Too Large');
    expect(demoErrorView(tooLarge, 'upload')).toEqual({
      inline: 'Selected file exceeds allowed size.',
      toast: { type: 'error', title: 'File Too Large', message: 'Selected file exceeds allowed size.' },
    });
    expect(demoErrorView(tooLarge, 'url').toast).toMatchObject({
      title: 'Remote Too Large',
      message: 'Fetched document exceeds processing size.',
    });
  });

  it('names timeouts per action', () => {
    expect(demoErrorView(timeoutError(), 'run').toast).toMatchObject({
      title: 'Request Timeout',
      message: 'The request took too long and was cancelled.',
    });
    expect(demoErrorView(timeoutError('Upload timed out'), 'upload').toast.title).toBe('Upload Timeout');
    expect(demoErrorView(new ApiError('slow', 504, 'FETCH_TIMEOUT'), 'url').toast).toMatchObject({
      title: 'Fetch Timeout',
      message: 'Remote content retrieval timed out.',
    });
  });

  it("shows a known API error's own message with the action's toast title", () => {
    const limit = new ApiError('Daily limit reached for the detector.', 429, 'DAILY_LIMIT_REACHED');
    expect(demoErrorView(limit, 'run')).toEqual({
      inline: 'Daily limit reached for the detector.',
      toast: { type: 'error', title: 'Request Error', message: 'Daily limit reached for the detector.' },
    });
    const unsupported = new ApiError('Upload a .txt file.', 415, 'UNSUPPORTED_FILE_TYPE');
    expect(demoErrorView(unsupported, 'upload').toast.title).toBe('Upload Error');
    expect(demoErrorView(new ApiError('Not allowed.', 400, 'URL_NOT_ALLOWED'), 'url').toast.title).toBe('Import Error');
  });

  it('falls back per action for unknown failures', () => {
    expect(demoErrorView(networkError(), 'run')).toEqual({
      inline: 'Request failed after retries. Please try again shortly.',
      toast: { type: 'error', title: 'Network Error', message: 'Temporary network issue. Retry soon.' },
    });
    expect(demoErrorView(new ApiError('Request failed (500)', 500, 'HTTP_500'), 'upload')).toEqual({
      inline: 'Failed to process file.',
      toast: { type: 'error', title: 'Upload Failed', message: 'Unexpected error during file processing.' },
    });
    expect(demoErrorView(new TypeError('boom'), 'url')).toEqual({
      inline: 'Unable to fetch URL content.',
      toast: { type: 'error', title: 'Import Failed', message: 'Unexpected error fetching URL.' },
    });
  });
});
