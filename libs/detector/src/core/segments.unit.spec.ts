import { aiSegments, sentencePath, type SentenceEvidence } from './segments';

/** Sentences of `words` words each, one after another, with the given log-odds. */
function doc(logOdds: number[], words = 15): SentenceEvidence[] {
  let at = 0;
  return logOdds.map((z) => {
    const s = { start: at, end: at + words * 6, words, logOdds: z };
    at = s.end + 1;
    return s;
  });
}

describe('sentencePath', () => {
  it('labels each sentence by its own evidence when switching is free', () => {
    expect(sentencePath(doc([-2, 3, -1, 2]), 0)).toEqual([0, 1, 0, 1]);
  });

  it('keeps one long AI span instead of a confetti of sentences when a switch costs more than a weak sentence', () => {
    // A weakly human-looking sentence inside a strong AI run stays in the run.
    expect(sentencePath(doc([-3, -3, 3, 3, -0.3, 3, 3]), 4)).toEqual([0, 0, 1, 1, 1, 1, 1]);
  });

  it('still switches where the evidence outweighs the penalty', () => {
    expect(sentencePath(doc([-3, -3, -3, 3, 3, 3]), 4)).toEqual([0, 0, 0, 1, 1, 1]);
  });

  it('weighs a sentence by the square root of its words', () => {
    const short = { start: 0, end: 10, words: 1, logOdds: 2 };
    const long = { start: 11, end: 200, words: 36, logOdds: -1 };
    // 2 x 1 / 2 = 1 for AI against 1 x 6 / 2 = 3 for human: one path, human.
    expect(sentencePath([short, long], 10)).toEqual([0, 0]);
  });

  it('answers an empty path for no sentences', () => {
    expect(sentencePath([], 3)).toEqual([]);
  });
});

describe('aiSegments', () => {
  const policy = { switchPenalty: 4, minSegmentWords: 25 };

  it('answers the AI run with its character offsets, words and sentences, and its share of the words', () => {
    const sentences = doc([-3, -3, 3, 3, 3, -3]);
    const { segments, aiWordShare, unresolved } = aiSegments(sentences, policy);
    expect(segments).toEqual([
      { start: sentences[2].start, end: sentences[4].end, words: 45, firstSentence: 2, lastSentence: 4 },
    ]);
    expect(aiWordShare).toBeCloseTo(45 / 90, 10);
    expect(unresolved).toBe(false);
  });

  it('answers no segment for a human document', () => {
    expect(aiSegments(doc([-2, -3, -1, -2]), policy)).toEqual({ segments: [], aiWordShare: 0, unresolved: false });
  });

  it('says an AI part shorter than the evidence resolves is unresolved, not a segment', () => {
    const { segments, unresolved } = aiSegments(doc([-3, -3, 6, -3, -3], 10), { ...policy, minSegmentWords: 25 });
    expect(segments).toEqual([]);
    expect(unresolved).toBe(true);
  });

  it('answers the whole of a document that reads AI throughout, however short', () => {
    const sentences = doc([3, 3], 8);
    expect(aiSegments(sentences, policy).segments).toEqual([
      { start: 0, end: sentences[1].end, words: 16, firstSentence: 0, lastSentence: 1 },
    ]);
  });
});
