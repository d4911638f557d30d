// The meaning guard's sentence encoder (all-MiniLM-L6-v2 through @inkprint/sentence-encoder): cosine similarity of
// sentence and paragraph embeddings between the input and a rewrite.
//
// * Built-in rewrites: every sentence variant of the plan is compared with the sentence it rewrites before the search
//   may choose it (variants below SENTENCE_COSINE are never chosen), and every paragraph of the chosen rewrite with
//   the input paragraph (below PARAGRAPH_COSINE the most-changed sentences are relaxed, as for the word-overlap guard).
// * Any two texts (the LLM path, the evaluation): each input sentence is aligned to the output sentence, pair of
//   adjacent output sentences (a split) or sentence that holds it and a neighbour (a merge) it is closest to.
// Thresholds were chosen on data (docs/humaniser.md, "Meaning guard"): see SENTENCE_COSINE and PARAGRAPH_COSINE.
import { cosine, ENCODER_NAME, SentenceEncoder, encoderFilesPresent, findEncoderDir } from '@inkprint/sentence-encoder';

/** A rewritten sentence must keep at least this cosine to the sentence it rewrites. */
export const SENTENCE_COSINE = 0.85;
/** Every rewritten paragraph must keep at least this cosine to its input paragraph. */
export const PARAGRAPH_COSINE = 0.9;

export interface MeaningScore {
  encoder: string;
  /** Median and minimum over input sentences of the cosine to their rewrite. */
  sentenceMedian: number;
  sentenceMin: number;
  /** Minimum over paragraphs (the whole text when the paragraph count changed). */
  paragraphMin: number;
  thresholds: { sentence: number; paragraph: number };
  passes: boolean;
}

/** Why the encoder is not in use (the notes say it), or undefined when it is. */
export type EncoderState = { encoder: MeaningEncoder } | { encoder?: undefined; reason: string };

const round = (x: number): number => Math.round(x * 1000) / 1000;

export function median(xs: readonly number[]): number {
  if (xs.length === 0) return 1;
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

/** Paragraphs: blocks separated by blank lines, trimmed, empty ones dropped. */
export function paragraphsOf(text: string): string[] {
  return text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
}

/** The figures and the verdict of the sentence and paragraph thresholds (an empty list counts as kept). */
export function meaningScore(sentenceCosines: readonly number[], paragraphCosines: readonly number[]): MeaningScore {
  const sentenceMin = sentenceCosines.length ? Math.min(...sentenceCosines) : 1;
  const paragraphMin = paragraphCosines.length ? Math.min(...paragraphCosines) : 1;
  return {
    encoder: ENCODER_NAME,
    sentenceMedian: round(median(sentenceCosines)),
    sentenceMin: round(sentenceMin),
    paragraphMin: round(paragraphMin),
    thresholds: { sentence: SENTENCE_COSINE, paragraph: PARAGRAPH_COSINE },
    passes: sentenceMin >= SENTENCE_COSINE && paragraphMin >= PARAGRAPH_COSINE,
  };
}

export class MeaningEncoder {
  private readonly cache = new Map<string, Float32Array>();

  constructor(readonly encoder: SentenceEncoder) {}

  /** Loads models/encoder; undefined (and why) when it is not fetched or cannot load. */
  static async load(dir = findEncoderDir()): Promise<EncoderState> {
    if (!encoderFilesPresent(dir)) return { reason: 'the sentence encoder is not fetched (npm run models:fetch)' };
    try {
      return { encoder: new MeaningEncoder(await SentenceEncoder.load(dir)) };
    } catch (e) {
      return { reason: `the sentence encoder could not load (${(e as Error).message})` };
    }
  }

  /** Embeddings (whole texts, windows averaged beyond 256 ids), remembered per text. */
  async embed(texts: readonly string[]): Promise<Float32Array[]> {
    const todo = [...new Set(texts.filter((t) => !this.cache.has(t)))];
    if (todo.length) {
      const got = await this.encoder.embedLong(todo);
      if (this.cache.size + todo.length > 8192) this.cache.clear();
      todo.forEach((t, i) => this.cache.set(t, got[i]));
    }
    return texts.map((t) => this.cache.get(t) as Float32Array);
  }

  /** Cosine of each pair [a, b]. */
  async cosines(pairs: readonly (readonly [string, string])[]): Promise<number[]> {
    const vecs = await this.embed(pairs.flat());
    return pairs.map((_, i) => cosine(vecs[2 * i], vecs[2 * i + 1]));
  }

  /** Cosine per paragraph (one value for the whole text when the paragraph count differs). */
  async paragraphCosines(input: string, output: string): Promise<number[]> {
    const a = paragraphsOf(input);
    const b = paragraphsOf(output);
    if (a.length === 0 || b.length === 0) return [a.length === b.length ? 1 : 0];
    if (a.length !== b.length) return this.cosines([[a.join('\n\n'), b.join('\n\n')]]);
    return this.cosines(a.map((p, i) => [p, b[i]] as const));
  }

  /**
   * Sentence cosines of any rewrite: for each input sentence the best of the output sentences, adjacent output pairs
   * (a split), and, where the input sentence merged with a neighbour, that input pair against an output sentence.
   */
  async alignedSentenceCosines(inSentences: readonly string[], outSentences: readonly string[]): Promise<number[]> {
    if (inSentences.length === 0) return [];
    if (outSentences.length === 0) return inSentences.map(() => 0);
    const outUnits = [...outSentences, ...outSentences.slice(1).map((s, j) => `${outSentences[j]} ${s}`)];
    const inPairs = inSentences.slice(1).map((s, i) => `${inSentences[i]} ${s}`);
    const [inVec, pairVec, outVec] = await Promise.all([
      this.embed(inSentences),
      this.embed(inPairs),
      this.embed(outUnits),
    ]);
    const outSingles = outVec.slice(0, outSentences.length);
    return inVec.map((v, i) => {
      let best = Math.max(...outVec.map((o) => cosine(v, o)));
      for (const k of [i - 1, i]) {
        if (k < 0 || k >= pairVec.length) continue;
        best = Math.max(best, ...outSingles.map((o) => cosine(pairVec[k], o)));
      }
      return best;
    });
  }

  score(sentenceCosines: readonly number[], paragraphCosines: readonly number[]): MeaningScore {
    return meaningScore(sentenceCosines, paragraphCosines);
  }

  async release(): Promise<void> {
    await this.encoder.release();
  }
}
