import { meaningScore, median, PARAGRAPH_COSINE, paragraphsOf, SENTENCE_COSINE } from './meaning';

describe('meaning guard figures', () => {
  it('splits paragraphs on blank lines only', () => {
    expect(paragraphsOf('One. Two.\n\nThree.\n \n\nFour\nstill four.')).toEqual([
      'One. Two.',
      'Three.',
      'Four\nstill four.',
    ]);
    expect(paragraphsOf('  \n ')).toEqual([]);
  });

  it('takes the median of odd and even lists', () => {
    expect(median([0.9, 0.7, 0.8])).toBe(0.8);
    expect(median([1, 0.5, 0.9, 0.6])).toBeCloseTo(0.75, 10);
    expect(median([])).toBe(1);
  });

  it('passes only when every sentence and every paragraph reaches its threshold', () => {
    expect(meaningScore([0.99, 0.95, SENTENCE_COSINE], [PARAGRAPH_COSINE])).toMatchObject({
      sentenceMedian: 0.95,
      sentenceMin: SENTENCE_COSINE,
      paragraphMin: PARAGRAPH_COSINE,
      passes: true,
    });
    expect(meaningScore([0.99, SENTENCE_COSINE - 0.01], [0.99]).passes).toBe(false);
    expect(meaningScore([0.99], [PARAGRAPH_COSINE - 0.01]).passes).toBe(false);
    expect(meaningScore([], []).passes).toBe(true);
    expect(meaningScore([0.9], [0.95]).thresholds).toEqual({ sentence: SENTENCE_COSINE, paragraph: PARAGRAPH_COSINE });
  });
});
