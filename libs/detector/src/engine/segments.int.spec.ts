// Which parts are AI (issue 42) with the shipped models: a document half human, half AI answers one AI part that
// starts where the AI text starts and reads Mixed; a human text answers none; each sentence has its own score.
import { createDetector, type Detector } from './detector';

const HUMAN = `We got to the cabin late on Friday because Dad missed the turn twice, and by then the lake was black and the mosquitoes had found us. My sister claimed the top bunk before I even had my shoes off. I didn't care much. The next morning I went out alone with the old aluminum canoe, which leaks a little at the back seam, and paddled to the far side where the loons were. One of them dove right beside me and came up so far away I thought it had drowned. I sat there for maybe an hour with my feet wet, not really thinking about anything, which is rare for me.`;
const AI = `In today's rapidly evolving world, spending time in nature offers a multitude of benefits for both physical and mental well-being. Engaging with natural environments fosters a deeper sense of connection, allowing individuals to recharge and reflect on their priorities. Moreover, outdoor experiences play a pivotal role in cultivating resilience, as they encourage people to navigate unfamiliar challenges and adapt to changing circumstances. Additionally, such moments of tranquility can enhance creativity and problem-solving skills, empowering individuals to approach their daily lives with renewed clarity. Ultimately, embracing the outdoors is not merely a leisure activity but a transformative journey that enriches every aspect of personal growth.`;
const MIXED = `${HUMAN}\n\n${AI}`;

describe('AI parts with the shipped models (manifest sentence_evidence)', () => {
  let detector: Detector;
  beforeAll(async () => {
    detector = await createDetector({ languageModel: 'off' });
  }, 60_000);
  afterAll(() => detector.close());

  it.each(['moderate', 'strong', 'forensic'] as const)('%s: one AI part where the AI text starts', async (mode) => {
    const r = await detector.detect(MIXED, { mode });
    expect(r.score).toBeGreaterThanOrEqual(0.5);
    expect(r.segments).toHaveLength(1);
    const [part] = r.segments!;
    // the boundary within one sentence of the truth (sentence 7 opens the AI paragraph), to the end of the text
    expect(Math.abs(part.firstSentence - 6)).toBeLessThanOrEqual(1);
    expect(part.lastSentence).toBe(r.sentences.length - 1);
    expect(r.aiWordShare).toBeGreaterThan(0.4);
    expect(r.aiWordShare).toBeLessThan(0.7);
    expect(r.verdict).toBe('Mixed');
    expect(r.rationale).toContain('only part of it reads that way');
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
