import * as fs from 'node:fs';
import * as path from 'node:path';
import { DETECTION_MIN_WORDS, detectionWords, isTooShortToJudge, recordedDetectionReading } from './verdicts';

describe('too short to judge', () => {
  it("is the detector manifest's min_words", () => {
    const manifest = JSON.parse(
      fs.readFileSync(path.resolve(__dirname, '../../../../models/inkprint-detector.json'), 'utf8'),
    ) as { min_words: number };
    expect(DETECTION_MIN_WORDS).toBe(manifest.min_words);
  });

  it('counts words as the detector does: apostrophes join, hyphens and dashes split, punctuation is not a word', () => {
    expect(detectionWords('')).toBe(0);
    expect(detectionWords('  … — !! ')).toBe(0);
    expect(detectionWords("It's a well-known fact — isn’t it?")).toBe(7);
    expect(detectionWords('Café naïve 2026')).toBe(3);
  });

  it('reads the no-verdict warnings', () => {
    expect(isTooShortToJudge({ warning: { codes: ['TEXT_TOO_SHORT'] } })).toBe(true);
    expect(isTooShortToJudge({ warning: { codes: ['EMPTY_TEXT'] } })).toBe(true);
    expect(isTooShortToJudge({ warning: { codes: ['TEXT_NORMALISED'] } })).toBe(false);
    expect(isTooShortToJudge({})).toBe(false);
  });

  it('reads a recorded run under the minimum as too short to judge, whatever its score (no AI %)', () => {
    expect(recordedDetectionReading({ score: 0.49, words: 2 })).toEqual({
      verdict: 'Too short to judge',
      aiPercent: null,
    });
    expect(recordedDetectionReading({ score: 0.9, words: 49 })).toEqual({
      verdict: 'Too short to judge',
      aiPercent: null,
    });
    expect(recordedDetectionReading({ score: 0.49, words: 50 })).toEqual({ verdict: 'Mixed', aiPercent: 49 });
    expect(recordedDetectionReading({ score: 0.3, words: 120 })).toEqual({ verdict: 'Human', aiPercent: 30 });
  });
});
