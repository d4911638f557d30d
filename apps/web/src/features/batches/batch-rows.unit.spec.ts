import type { BatchResponse, DetectionResult } from '@inkprint/contracts';
import type { BatchSummary } from '@inkprint/contracts';
import { batchCsv, batchRows, countedItems, progressOf, recentBatchLine, splitTexts, wordsLabel } from './batch-rows';

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
        engineConfidence: '62.3%',
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
      'file,words,verdict,ai_percent,engine_confidence_percent,ai_parts,ai_parts_word_percent,error',
      '"essay, final.txt",512,AI-Generated,81.2,62.3,,,',
      `"'=cmd.pdf",,Failed,,,,,The file is damaged.`,
      'short.txt,3,Too short to judge,,,,,',
      'Text 4,,Checking…,,,,,',
      '',
    ]);
  });

  it('names the AI-written parts where the mode looked for them (issue 42), in the table and the CSV', () => {
    const withParts = (segments: unknown[], aiWordShare: number) =>
      ({
        ...result(0.9, 300),
        sentences: Array.from({ length: 12 }, (_, i) => ({ text: `Sentence ${i + 1}.` })),
        segments,
        aiWordShare,
      }) as unknown as DetectionResult;
    const moderate: BatchResponse = {
      ...batch,
      mode: 'moderate',
      items: [
        {
          index: 0,
          name: 'mixed.txt',
          status: 'done',
          result: withParts(
            [
              { words: 60, firstSentence: 2, lastSentence: 4 },
              { words: 45, firstSentence: 9, lastSentence: 9 },
            ],
            0.35,
          ),
        },
        { index: 1, name: 'human.txt', status: 'done', result: withParts([], 0) },
      ],
    };
    const rows = batchRows(moderate);
    expect(rows.map((r) => r.aiParts)).toEqual(['sentences 3-5, sentence 10 (35.0% of the words)', 'None found']);
    expect(batchRows(batch)[0].aiParts).toBeNull();
    expect(batchCsv(rows).split('\r\n').slice(1, 3)).toEqual([
      'mixed.txt,300,AI-Generated,90.0,62.3,"sentences 3-5, sentence 10 (35.0% of the words)",35.0,',
      'human.txt,300,AI-Generated,90.0,62.3,None found,0.0,',
    ]);
  });

  it('names words one by one and counts only the items with a verdict (too short and failed are free)', () => {
    expect(wordsLabel(1)).toBe('1 word');
    expect(wordsLabel(0)).toBe('0 words');
    expect(wordsLabel(1200)).toBe('1,200 words');
    expect(countedItems(batch)).toBe(1);
    // Opened again after its results (48 h) are gone: done, without a result.
    const later = { ...batch, items: [{ index: 0, name: 'old.txt', status: 'done' as const }] };
    expect(batchRows(later)[0]).toMatchObject({
      verdict: 'Result no longer kept (48 h)',
      aiPercent: null,
      reportable: false,
    });
    expect(batchRows(batch).map((row) => row.reportable)).toEqual([true, false, true, false]);
  });

  it('lists a recent batch by when it was sent, its files and how far it got', () => {
    const summary: BatchSummary = {
      id: 'b1',
      status: 'running',
      mode: 'moderate',
      createdAt: '2026-11-26T10:00:00.000Z',
      items: 6,
      settled: 2,
      failed: 0,
    };
    const sameDay = new Date('2026-11-26T12:00:00.000Z');
    expect(recentBatchLine(summary, sameDay).title).toMatch(/^Today \d{2}:\d{2}$/);
    expect(recentBatchLine(summary, sameDay).detail).toBe('6 files · 2 of 6 checked');
    expect(recentBatchLine({ ...summary, status: 'done', settled: 6, failed: 1 }, sameDay).detail).toBe(
      '6 files · done, 1 failed',
    );
    expect(recentBatchLine({ ...summary, items: 1, settled: 1, status: 'done' }, new Date('2026-12-01')).detail).toBe(
      '1 file · done',
    );
    expect(recentBatchLine(summary, new Date('2026-12-01T12:00:00.000Z')).title).toMatch(/26 Nov 2026/);
  });
});
