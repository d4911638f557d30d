import { chunkSentences } from './chunk';
import type { SentenceSpan } from './sentences';

const sents = (n: number): SentenceSpan[] =>
  Array.from({ length: n }, (_, i) => ({ index: i, start: i * 10, end: i * 10 + 9, text: 'x' }));

describe('chunkSentences', () => {
  it('groups sentences up to the chunk size on sentence boundaries', () => {
    const chunks = chunkSentences(sents(6), [40, 40, 40, 40, 40, 40], 100);
    expect(chunks.map((c) => c.words)).toEqual([80, 80, 80]);
    expect(chunks.map((c) => c.sentenceIndices)).toEqual([
      [0, 1],
      [2, 3],
      [4, 5],
    ]);
    expect(chunks[1]).toMatchObject({ index: 1, start: 20, end: 39 });
  });

  it('keeps an over-long sentence whole and merges a tiny tail into the previous chunk', () => {
    expect(chunkSentences(sents(3), [250, 90, 10], 100).map((c) => c.words)).toEqual([250, 100]);
    expect(chunkSentences(sents(3), [90, 90, 5], 100).map((c) => c.words)).toEqual([90, 95]);
  });

  it('rejects a non-positive chunk size', () => {
    expect(() => chunkSentences(sents(1), [5], 0)).toThrow(/chunkSizeWords/);
  });
});
