import { resultInput } from '../testing/result-input';
import {
  AI_LINE_HELD_BACK,
  buildResult,
  classify,
  confidencePercent,
  lengthReliability,
  SHORT_TEXT_MAX_SCORE,
} from './result';

const base = resultInput;

describe('buildResult', () => {
  it('holds a score back under the AI band when independent evidence does not agree (maxScore), and says why', () => {
    const held = buildResult(base({ probability: 0.9, chunkProbabilities: [0.9], maxScore: 0.649 }));
    expect(held.score).toBe(0.649);
    expect(held.verdict).toBe('Mixed');
    expect(held.finalLabel).toBe('Mixed');
    expect(held.rationale).toContain('AI-assisted writing');
    expect(held.rationale).toContain('not reported as AI-generated');
    // a score already under the cap is untouched, and says nothing about holding back
    const under = buildResult(base({ probability: 0.55, chunkProbabilities: [0.55], maxScore: 0.649 }));
    expect(under.score).toBe(0.55);
    expect(under.rationale).not.toContain('not reported as AI-generated');
    expect(under.rationale).toContain('AI-assisted writing');
  });

  it("holds a score under the 0.5 line when the encoder's agreement head does not back it, and says so", () => {
    const held = buildResult(base({ probability: 0.9, chunkProbabilities: [0.9], maxScore: AI_LINE_HELD_BACK }));
    expect(held.score).toBe(0.499);
    expect(held.verdict).toBe('Mixed');
    expect(held.rationale).toContain('held under the 0.5 line (49.9%)');
    expect(held.rationale).not.toContain('reads the text as likely AI-written');
    // the genre limit names only results of 0.5 or more
    expect(held.rationale).not.toContain('reason to look closer');
  });

  it('maps the score to the three report classes at 0.35 / 0.65', () => {
    expect(buildResult(base({ probability: 0.65, chunkProbabilities: [0.65] })).verdict).toBe('AI-Generated');
    expect(buildResult(base({ probability: 0.35, chunkProbabilities: [0.35] })).verdict).toBe('Human');
    expect(buildResult(base({ probability: 0.5, chunkProbabilities: [0.5] })).verdict).toBe('Mixed');
    const ai = buildResult(base());
    expect(ai).toMatchObject({
      score: 0.9,
      aiProbability: 90,
      humanProbability: 10,
      finalLabel: 'AI Generated',
      engine: 'inkprint-onnx-v1',
    });
    expect(ai.warning).toBeUndefined();
  });

  it("explains a Mixed score against both the demo's 0.5 split and the report bands, so neither reads as a contradiction", () => {
    const leansAi = buildResult(base({ probability: 0.6, chunkProbabilities: [0.6] }));
    expect(leansAi.verdict).toBe('Mixed');
    expect(leansAi.rationale).toMatch(
      /60\.0% likely AI-written: over the 0\.5 line, so the quick verdict leans AI Generated, but short of the 65\.0% needed/,
    );
    const leansHuman = buildResult(base({ probability: 0.4, chunkProbabilities: [0.4] }));
    expect(leansHuman.rationale).toMatch(
      /40\.0% likely AI-written: under the 0\.5 line, so the quick verdict leans Human Written, but over the 35\.0% needed/,
    );
    expect(buildResult(base({ probability: 0.9 })).rationale).not.toMatch(/0\.5 line/);
  });

  it('reports Mixed when chunks disagree even if the document score is confident', () => {
    const r = buildResult(
      base({
        probability: 0.8,
        chunkProbabilities: [0.95, 0.1],
        chunks: [
          { start: 0, end: 5, words: 150 },
          { start: 6, end: 10, words: 150 },
        ],
      }),
    );
    expect(r.verdict).toBe('Mixed');
    expect(r.chunks.map((c) => c.label)).toEqual(['AI', 'Human']);
    expect(r.chunks[0].aiProbability).toBe(95);
    expect(r.rationale).toMatch(/1 of 2 chunks read as AI and 1 as human/);
  });

  it("gives every chunk and sentence a score on the document score's scale, which its label reads", () => {
    // A product-score map that moves every probability (as the manifest's score_knots do).
    const scoreOf = (q: number) => q * q;
    const r = buildResult(
      base({
        probability: 0.8,
        scoreOf,
        chunkProbabilities: [0.9, 0.3],
        chunks: [
          { start: 0, end: 5, words: 150 },
          { start: 6, end: 10, words: 150 },
        ],
      }),
    );
    expect(r.score).toBeCloseTo(0.64, 4);
    // one AI figure per result (issue 43): every percentage is 100 x the score its label reads
    expect(r.aiProbability).toBe(64);
    expect(r.humanProbability).toBe(36);
    expect(r.chunks.map((c) => [c.score, c.aiProbability])).toEqual([
      [0.81, 81],
      [0.09, 9],
    ]);
    expect(r.chunks.map((c) => c.label)).toEqual(['AI', 'Human']);
    for (const sentence of r.sentences) expect(sentence.aiProbability).toBeCloseTo(100 * sentence.score, 1);
    // the rationale names the same figure
    expect(r.rationale).toContain('64.0%');
  });

  it('never gives a confident verdict below the minimum length, and says so', () => {
    const r = buildResult(base({ probability: 0.99, words: 20, chunkProbabilities: [0.99] }));
    expect(r.verdict).toBe('Mixed');
    expect(r.score).toBeGreaterThan(0.35);
    expect(r.score).toBeLessThan(0.65);
    expect(r.finalLabel).toBe('Too short to judge');
    // No figure quoted where the product shows none (issue 43 item 2).
    expect(r.rationale).toBe(
      'Too short to judge: with only 20 words (minimum 50) there is too little evidence for a verdict, so no AI figure is given. Add more of the text for one.',
    );
    expect(r.confidence).toBeLessThan(20);
    expect(r.warning?.codes).toContain('TEXT_TOO_SHORT');
    expect(r.warning?.message).toMatch(/20 words; at least 50/);
  });

  it('handles empty text without a score claim', () => {
    const r = buildResult(base({ probability: 0.5, words: 0, chunks: [], chunkProbabilities: [], sentences: [] }));
    expect(r).toMatchObject({ score: 0.5, confidence: 0, verdict: 'Mixed' });
    expect(r.warning?.codes).toEqual(['EMPTY_TEXT']);
  });

  it('joins the normalisation, language and engine warnings', () => {
    const r = buildResult(
      base({
        normalizationMessage: 'Removed 3 zero-width characters before scoring.',
        language: 'Unknown',
        engineWarning: 'Model down.',
      }),
    );
    expect(r.warning?.codes).toEqual(['TEXT_NORMALISED', 'LANGUAGE_UNKNOWN', 'MODEL_UNAVAILABLE']);
    expect(r.warning?.message).toMatch(
      /^Removed 3 zero-width characters before scoring\. The text does not look like English/,
    );
  });

  it('discounts confidence for short text, unknown language, disagreeing chunks and the heuristic engine', () => {
    const full = buildResult(base()).confidence;
    expect(full).toBe(80);
    expect(buildResult(base({ words: 100 })).confidence).toBeLessThan(full);
    expect(buildResult(base({ language: 'Unknown' })).confidence).toBeLessThan(full);
    expect(buildResult(base({ engineReliability: 0.6 })).confidence).toBeLessThan(full);
  });
});

describe('confidence helpers', () => {
  it('lengthReliability is 0.5 at the minimum and 1 from reliableWords on', () => {
    const p = { minWords: 50, reliableWords: 200 };
    expect(lengthReliability(0, p)).toBe(0);
    expect(lengthReliability(25, p)).toBe(0.25);
    expect(lengthReliability(50, p)).toBe(0.5);
    expect(lengthReliability(125, p)).toBe(0.75);
    expect(lengthReliability(1000, p)).toBe(1);
  });

  it('confidencePercent is the distance from a coin flip, scaled by reliability', () => {
    expect(confidencePercent(0.5, 1)).toBe(0);
    expect(confidencePercent(0.05, 1)).toBe(90);
    expect(confidencePercent(0.95, 0.5)).toBe(45);
    expect(classify(0.64, { human: 0.35, ai: 0.65 })).toBe('Mixed');
  });
});

describe('minimum length', () => {
  it('a text below the minimum length never scores 0.5 or more and carries TEXT_TOO_SHORT, whatever the model says', () => {
    const knots: [number, number][] = [
      [0, 0],
      [0.2, 0.35],
      [0.6, 0.5],
      [0.7, 0.65],
      [1, 1],
    ];
    const scoreOfs: ((q: number) => number)[] = [
      (q) => q,
      (q) => {
        for (let i = 1; i < knots.length; i++)
          if (q <= knots[i][0])
            return (
              knots[i - 1][1] +
              ((q - knots[i - 1][0]) / (knots[i][0] - knots[i - 1][0])) * (knots[i][1] - knots[i - 1][1])
            );
        return 1;
      },
    ];
    for (const scoreOf of scoreOfs)
      for (const words of [1, 5, 20, 35, 49])
        for (const probability of [0, 0.5, 0.51, 0.9, 0.999, 1]) {
          const r = buildResult(
            base({
              probability,
              scoreOf,
              words,
              chunkProbabilities: [probability],
              chunks: [{ start: 0, end: 10, words }],
              sentences: [],
            }),
          );
          expect(r.score).toBeLessThan(0.5);
          expect(r.score).toBeLessThanOrEqual(SHORT_TEXT_MAX_SCORE);
          expect(r.aiProbability).toBeLessThan(50);
          expect(r.verdict).not.toBe('AI-Generated');
          expect(r.finalLabel).toBe('Too short to judge');
          expect(r.warning?.codes).toContain('TEXT_TOO_SHORT');
        }
    // at the minimum length the model's score applies again
    expect(buildResult(base({ probability: 0.999, words: 50, chunkProbabilities: [0.999] })).score).toBeGreaterThan(
      0.9,
    );
  });

  it('honours the manifest cap (short_text_max_score)', () => {
    const r = buildResult(
      base({
        probability: 1,
        words: 49,
        chunkProbabilities: [1],
        lengthPolicy: { minWords: 50, reliableWords: 200, shortTextMaxScore: 0.4 },
      }),
    );
    expect(r.score).toBeLessThanOrEqual(0.4);
  });
});

describe('AI segments from sentences with their own evidence (issue 42)', () => {
  const sentence = (i: number, logOdds: number) => ({
    start: i * 100,
    end: i * 100 + 90,
    text: `s${i}`,
    words: 20,
    probability: 1 / (1 + Math.exp(-logOdds)),
    logOdds,
  });
  const evidence = [-3, -3, 3, 3, 3].map((z, i) => sentence(i, z));
  const policy = { switchPenalty: 2, minSegmentWords: 25, documentMinScore: 0.5 };

  it('answers the AI run, its share of words, and each sentence its own probability', () => {
    const r = buildResult(base({ sentences: evidence, segmentPolicy: policy, words: 100, probability: 0.8 }));
    expect(r.segments).toEqual([{ start: 200, end: 490, words: 60, firstSentence: 2, lastSentence: 4 }]);
    expect(r.aiWordShare).toBeCloseTo(0.6, 4);
    expect(r.sentences.map((s) => s.label)).toEqual(['Human', 'Human', 'AI', 'AI', 'AI']);
    expect(r.sentences[2].score).toBeCloseTo(1 / (1 + Math.exp(-3)), 4);
  });

  it('scores a document only partly in AI parts, the rest reading human, in the Mixed band and says where', () => {
    const r = buildResult(base({ sentences: evidence, segmentPolicy: policy, words: 100, probability: 0.95 }));
    expect(r.score).toBe(0.649);
    expect(r.verdict).toBe('Mixed');
    expect(r.aiProbability).toBe(64.9);
    expect(r.segments).toHaveLength(1);
    expect(r.rationale).toContain(
      'reads only part of the text as AI-written: one part (sentences 3-5; 60 of 100 words, 60.0%)',
    );
    expect(r.rationale).toContain('scored in the Mixed band (64.9%)');
  });

  it('keeps the score where the rest of the text does not read human on its own', () => {
    const unsure = [-1, -1, 3, 3, 3].map((z, i) => sentence(i, z)); // the rest at 0.27: not human enough
    const r = buildResult(base({ sentences: unsure, segmentPolicy: policy, words: 100, probability: 0.95 }));
    expect(r.segments).toHaveLength(1);
    expect(r.aiWordShare).toBeLessThan(0.8);
    expect(r.score).toBeGreaterThanOrEqual(0.65);
    expect(r.verdict).toBe('AI-Generated');
    expect(r.rationale).not.toContain('only part of the text');
  });

  it('keeps AI-Generated when the AI parts hold the whole document', () => {
    const all = [3, 3, 3, 3, 3].map((z, i) => sentence(i, z));
    const r = buildResult(base({ sentences: all, segmentPolicy: policy, words: 100, probability: 0.95 }));
    expect(r.verdict).toBe('AI-Generated');
    expect(r.aiWordShare).toBe(1);
    expect(r.rationale).not.toContain('only part of the text');
  });

  it('marks no AI part in a document that reads Human', () => {
    const r = buildResult(base({ sentences: evidence, segmentPolicy: policy, words: 100, probability: 0.1 }));
    expect(r.verdict).toBe('Human');
    expect(r.segments).toEqual([]);
    expect(r.aiWordShare).toBe(0);
  });

  it('below the 0.5 line marks no AI part and no sentence reads above its document', () => {
    const r = buildResult(base({ sentences: evidence, segmentPolicy: policy, words: 100, probability: 0.45 }));
    expect(r.verdict).toBe('Mixed');
    expect(r.segments).toEqual([]);
    expect(r.aiWordShare).toBe(0);
    // the human sentences keep their own (lower) evidence; the AI-looking ones are held at the document's score
    expect(r.sentences[0].score).toBeCloseTo(1 / (1 + Math.exp(3)), 4);
    expect(r.sentences.slice(2).map((s) => s.score)).toEqual([r.score, r.score, r.score]);
    expect(r.sentences.map((s) => s.label)).not.toContain('AI');
  });

  it('from the 0.5 line on, marks the AI run with the sentences uncapped', () => {
    const r = buildResult(base({ sentences: evidence, segmentPolicy: policy, words: 100, probability: 0.5 }));
    expect(r.score).toBeGreaterThanOrEqual(0.5);
    expect(r.segments).toHaveLength(1);
    expect(r.sentences[2].score).toBeCloseTo(1 / (1 + Math.exp(-3)), 4);
  });

  it('keeps the result without segments in a mode without sentence evidence', () => {
    const r = buildResult(base());
    expect(r).not.toHaveProperty('segments');
    expect(r).not.toHaveProperty('aiWordShare');
  });
});
