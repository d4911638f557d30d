import type { BatchResponse, DetectionResult } from '@inkprint/contracts';
import { batchCsv, batchRows, progressOf, splitTexts } from './batch-rows';

const result = (score: number, words: number, tooShort = false) =>
  ({
    score,
    confidence: 62.34,
    words,
    warning: tooShort ? { message: 'Too short', codes: ['TEXT_TOO_SHORT'] } : null,
  }) as unknown as DetectionResult;

const batch: BatchResponse = {
  id: 'b1',
  status: 'running',
  mode: 'fast',
  createdAt: '2026-11-26T10:00:00.000Z',
  items: [
    { index: 0, name: 'essay, final.txt', status: 'done', result: result(0.812, 512) },
    {
      index: 1,
      name: '=cmd.pdf',
      status: 'failed',
      error: { code: 'FILE_UNREADABLE', message: 'The file is damaged.' },
    },
    { index: 2, name: 'short.txt', status: 'done', result: result(0.5, 3, true) },
    { index: 3, status: 'queued' },
  ],
};

describe('batch rows', () => {
  it('splits pasted texts on lines holding only ---', () => {
    expect(splitTexts('First text.\n---\nSecond\ntext.\n  ---  \n\n---\nThird')).toEqual([
      'First text.',
      'Second\ntext.',
      'Third',
    ]);
    expect(splitTexts('  ')).toEqual([]);
  });

  it('reads each item as the report does: band, one decimal, too short as its own state', () => {
    expect(batchRows(batch)).toEqual([
      expect.objectContaining({
        file: 'essay, final.txt',
        words: 512,
        verdict: 'AI-Generated',
        aiPercent: '81.2%',
        confidence: '62.3%',
      }),
      expect.objectContaining({ file: '=cmd.pdf', verdict: 'Failed', error: 'The file is damaged.', aiPercent: null }),
      expect.objectContaining({ file: 'short.txt', words: 3, verdict: 'Too short to judge', aiPercent: null }),
      expect.objectContaining({ file: 'Text 4', status: 'queued', verdict: 'Checking…' }),
    ]);
    expect(progressOf(batch)).toEqual({ settled: 3, total: 4 });
  });

  it('writes CSV with quoted commas and defused formulas', () => {
    const csv = batchCsv(batchRows(batch));
    expect(csv.split('\r\n')).toEqual([
      'file,words,verdict,ai_percent,confidence_percent,error',
      '"essay, final.txt",512,AI-Generated,81.2,62.3,',
      `"'=cmd.pdf",,Failed,,,The file is damaged.`,
      'short.txt,3,Too short to judge,,,',
      'Text 4,,Checking…,,,',
      '',
    ]);
  });
});
