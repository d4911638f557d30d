// Chunking: consecutive display sentences grouped up to `chunkSizeWords` words.
import type { SentenceSpan } from './sentences';

export interface ChunkSpan {
  index: number;
  start: number;
  end: number;
  words: number;
  sentenceIndices: number[];
}

/**
 * Greedy grouping on sentence boundaries. A sentence longer than the chunk size forms its own chunk;
 * a trailing chunk shorter than a quarter of the size is merged into the previous one.
 */
export function chunkSentences(
  sentences: readonly SentenceSpan[],
  sentenceWords: readonly number[],
  chunkSizeWords: number,
): ChunkSpan[] {
  if (!(chunkSizeWords >= 1)) throw new Error(`chunkSizeWords must be >= 1, got ${chunkSizeWords}`);
  const chunks: ChunkSpan[] = [];
  let cur: ChunkSpan | undefined;
  sentences.forEach((s, i) => {
    const w = sentenceWords[i] ?? 0;
    if (cur && cur.words > 0 && cur.words + w > chunkSizeWords) {
      chunks.push(cur);
      cur = undefined;
    }
    cur ??= { index: chunks.length, start: s.start, end: s.end, words: 0, sentenceIndices: [] };
    cur.end = s.end;
    cur.words += w;
    cur.sentenceIndices.push(i);
  });
  if (cur) chunks.push(cur);
  if (chunks.length >= 2) {
    const last = chunks[chunks.length - 1];
    if (last.words < chunkSizeWords / 4) {
      const prev = chunks[chunks.length - 2];
      prev.end = last.end;
      prev.words += last.words;
      prev.sentenceIndices.push(...last.sentenceIndices);
      chunks.pop();
    }
  }
  return chunks;
}
