import fs from 'node:fs';
import path from 'node:path';
import { resultInput } from '../testing/result-input';
import {
  firstPersonRate,
  genreLimitOf,
  PERSONAL_ESSAY_LIMIT,
  SHORT_FORMAL_LIMIT,
  SHORT_FORMAL_MAX_WORDS,
  SHORT_FORMAL_MIN_WORDS,
} from './genre-limits';
import { buildResult, type ResultInput } from './result';

interface Rate {
  k: number;
  n: number;
  rate: number;
}
// The measurement the sentences quote (ml/experiments/genre_lines.py writes it).
const measured = JSON.parse(
  fs.readFileSync(path.resolve(__dirname, '../../../../ml/experiments/results/genre-lines.json'), 'utf8'),
) as {
  human: Record<string, { 'at_0.5': Rate }>;
  human_by_words: Record<string, { 'at_0.5': Rate }>;
};

const words = (n: number, first = 0): string =>
  Array.from({ length: n }, (_, i) => (i < first ? 'I' : 'word')).join(' ');

describe('genre limits: the figures quoted are the measured ones', () => {
  it('every human text over 0.5 in the genre checks is 100-249 words long, as the short-formal limit says', () => {
    expect(SHORT_FORMAL_MIN_WORDS).toBe(100);
    expect(SHORT_FORMAL_MAX_WORDS).toBe(250);
    const byWords = measured.human_by_words;
    expect(Object.keys(byWords)).toEqual(['50-99', '100-249', '250+']);
    expect(byWords['50-99']['at_0.5'].k).toBe(0);
    expect(byWords['100-249']['at_0.5'].k).toBeGreaterThan(0);
    expect(byWords['250+']['at_0.5'].k).toBe(0);
    const longer = byWords['250+']['at_0.5'].n.toLocaleString('en-GB');
    expect(SHORT_FORMAL_LIMIT).toContain(`against none of ${longer} human texts of 250 words or more`);
  });

  it("quotes the adult learners' rate and the student project abstracts' nested rate at 0.5", () => {
    const reports = measured.human['acl_student_report']['at_0.5'];
    expect(SHORT_FORMAL_LIMIT).toContain(
      `${(100 * reports.rate).toFixed(1)}% of ${reports.n} student project abstracts`,
    );
    const learners = measured.human['cefr_learner']['at_0.5'];
    expect(SHORT_FORMAL_LIMIT).toContain(
      `${(100 * learners.rate).toFixed(1)}% of ${learners.n} adult learners' short answers`,
    );
  });
});

describe('genreLimitOf', () => {
  const limit = (n: number, score: number, first = 0, tooShort = false) =>
    genreLimitOf({ text: words(n, first), words: n, score, tooShort });

  it('names nothing under the 0.5 line, or for a text too short to judge', () => {
    expect(limit(150, 0.49)).toBeNull();
    expect(limit(400, 0.49, 40)).toBeNull();
    expect(limit(150, 0.9, 0, true)).toBeNull();
  });

  it('names short formal and learner writing at 100-249 words', () => {
    expect(limit(99, 0.9)).toBeNull();
    expect(limit(100, 0.5)).toBe(SHORT_FORMAL_LIMIT);
    expect(limit(249, 0.9)).toBe(SHORT_FORMAL_LIMIT);
    expect(limit(250, 0.9)).toBeNull();
  });

  it('names a personal essay: 250-900 words in the first person singular', () => {
    expect(limit(400, 0.7, 8)).toBe(PERSONAL_ESSAY_LIMIT); // 2% first person
    expect(limit(400, 0.7, 7)).toBeNull();
    expect(limit(1000, 0.7, 100)).toBeNull();
  });

  it('counts first-person singular words, contractions included, case-insensitively', () => {
    expect(firstPersonRate("I think my aunt's advice helped me; I'm sure of it, as I've said myself.", 15)).toBeCloseTo(
      6 / 15,
    );
    expect(firstPersonRate('It is raining in Iowa.', 5)).toBe(0);
    expect(firstPersonRate('', 0)).toBe(0);
  });
});

describe('a result names its genre limit last in the rationale', () => {
  const input = (n: number, probability: number, over: Partial<ResultInput> = {}): ResultInput =>
    resultInput({
      probability,
      chunkProbabilities: [probability],
      chunks: [{ start: 0, end: 10, words: n }],
      sentences: [{ start: 0, end: 10, text: words(n), words: n, probability }],
      words: n,
      characters: 6 * n,
      ...over,
    });

  it('a 150-word text read as AI-written says the limit; a human-looking one and a long one do not', () => {
    expect(buildResult(input(150, 0.9)).rationale.endsWith(SHORT_FORMAL_LIMIT)).toBe(true);
    expect(buildResult(input(150, 0.2)).rationale).not.toContain('A limit to weigh');
    expect(buildResult(input(600, 0.9)).rationale).not.toContain('A limit to weigh');
  });

  it('text in a language the model does not know gets no English genre limit', () => {
    expect(buildResult(input(150, 0.9, { language: 'Unknown' })).rationale).not.toContain('A limit to weigh');
  });
});
