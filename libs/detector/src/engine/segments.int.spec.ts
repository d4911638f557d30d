// Which parts are AI (issue 42) with the shipped models: a document half human, half AI answers one AI part that
// starts where the AI text starts and reads Mixed; a human text answers none; each sentence has its own score.
import { createDetector, type Detector } from './detector';

import { HUMAN_PART as HUMAN, MIXED_DOCUMENT as MIXED } from '../testing/mixed-document';

describe('AI parts with the shipped models (manifest sentence_evidence)', () => {
  let detector: Detector;
  beforeAll(async () => {
    detector = await createDetector({ languageModel: 'off' });
  }, 60_000);
  afterAll(() => detector.close());

  it.each(['moderate', 'strong', 'forensic'] as const)('%s: one AI part where the AI text starts', async (mode) => {
    const r = await detector.detect(MIXED, { mode });
    // the human paragraph reads human on its own: the document is scored in the Mixed band, not AI-Generated
    expect(r.score).toBe(0.649);
    expect(r.segments).toHaveLength(1);
    const [part] = r.segments!;
    // the boundary within one sentence of the truth (sentence 7 opens the AI paragraph), to the end of the text
    expect(Math.abs(part.firstSentence - 6)).toBeLessThanOrEqual(1);
    expect(part.lastSentence).toBe(r.sentences.length - 1);
    expect(r.aiWordShare).toBeGreaterThan(0.4);
    expect(r.aiWordShare).toBeLessThan(0.7);
    expect(r.verdict).toBe('Mixed');
    expect(r.rationale).toContain('reads only part of the text as AI-written');
    // each sentence its own evidence: the human sentences read human, the AI ones AI
    expect(Math.max(...r.sentences.slice(0, 5).map((s) => s.score))).toBeLessThan(0.35);
    expect(Math.min(...r.sentences.slice(7).map((s) => s.score))).toBeGreaterThan(0.65);
  });

  it('marks no part of a human text, and fast answers no segments at all', async () => {
    const r = await detector.detect(`${HUMAN}\n\n${HUMAN.split('. ').reverse().join('. ')}`, { mode: 'moderate' });
    expect(r.verdict).toBe('Human');
    expect(r.segments).toEqual([]);
    expect(r.aiWordShare).toBe(0);
    const fast = await detector.detect(MIXED, { mode: 'fast' });
    expect(fast.segments).toBeUndefined();
  });
});
