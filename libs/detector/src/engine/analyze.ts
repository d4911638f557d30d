// The detection pipeline, independent of how probabilities are computed (ONNX model or heuristic):
// normalise -> language -> sentences -> chunks -> features -> score (batched) -> result.
import { chunkSentences } from '../core/chunk';
import { TextFeatures, type WordLists } from '../core/features';
import { detectLanguage } from '../core/language';
import { describeNormalization, normalizeWithReport } from '../core/normalize';
import { buildResult, type DetectionMode, type DetectionResult, type LengthPolicy, type Thresholds } from '../core/result';
import { splitSentences } from '../core/sentences';
import { tokenSpans } from '../core/tokenize';
import type { ModePlan, ModelRef } from './manifest';

/** Computes calibrated AI probabilities for a batch of texts with one named model. */
export interface ProbabilityScorer {
  readonly engine: string;
  /** 1 for the trained model; lower for the heuristic (feeds the confidence). */
  readonly reliability: number;
  score(model: string, items: readonly TextFeatures[]): Promise<Float64Array>;
}

export interface AnalyzeContext {
  scorer: ProbabilityScorer;
  wordLists: WordLists;
  plan: ModePlan;
  thresholds: Thresholds;
  lengthPolicy: LengthPolicy;
  chunkSizeWords: number;
  engineWarning?: string;
  now?: () => number;
}

const logit = (p: number): number => {
  const q = Math.min(1 - 1e-7, Math.max(1e-7, p));
  return Math.log(q / (1 - q));
};
const sigmoid = (z: number): number => 1 / (1 + Math.exp(-z));

/** Weighted mean of several models' logits, per item. */
async function ensemble(scorer: ProbabilityScorer, refs: readonly ModelRef[], items: readonly TextFeatures[]): Promise<number[]> {
  if (items.length === 0 || refs.length === 0) return [];
  const acc = new Array<number>(items.length).fill(0);
  let total = 0;
  for (const ref of refs) {
    const probs = await scorer.score(ref.model, items);
    for (let i = 0; i < items.length; i++) acc[i] += ref.weight * logit(probs[i]);
    total += ref.weight;
  }
  return acc.map((z) => sigmoid(z / total));
}

export async function analyze(text: string, mode: DetectionMode, ctx: AnalyzeContext): Promise<DetectionResult> {
  const now = ctx.now ?? (() => performance.now());
  const t0 = now();
  const { text: norm, report } = normalizeWithReport(text);
  const t1 = now();

  const doc = new TextFeatures(norm, ctx.wordLists);
  const language = detectLanguage(norm, doc.toks).language;
  const sentences = splitSentences(norm);
  // Words per sentence by token start offset (the same tokens the model counts).
  const spans = tokenSpans(norm);
  const sentenceWords = new Array<number>(sentences.length).fill(0);
  let si = 0;
  for (const sp of spans) {
    while (si < sentences.length && sp.start >= sentences[si].end) si++;
    if (si < sentences.length && sp.start >= sentences[si].start) sentenceWords[si]++;
  }
  const chunks = chunkSentences(sentences, sentenceWords, ctx.chunkSizeWords);
  const chunkFeatures = chunks.length >= 2 && ctx.plan.chunkModels.length > 0 ? chunks.map((c) => new TextFeatures(norm.slice(c.start, c.end), ctx.wordLists)) : [];

  // Sentence windows: +-k sentences around each sentence, for each configured k.
  const windowFeatures: TextFeatures[][] = ctx.plan.sentenceWindows.map((k) =>
    sentences.map((_, i) => {
      const a = sentences[Math.max(0, i - k)].start;
      const b = sentences[Math.min(sentences.length - 1, i + k)].end;
      return new TextFeatures(norm.slice(a, b), ctx.wordLists);
    }),
  );
  const t2 = now();

  let docProb = doc.words > 0 ? (await ensemble(ctx.scorer, ctx.plan.models, [doc]))[0] : 0.5;
  const chunkProbs = chunkFeatures.length > 0 ? await ensemble(ctx.scorer, ctx.plan.chunkModels, chunkFeatures) : chunks.map(() => docProb);
  if (ctx.plan.chunkBlend > 0 && chunkFeatures.length >= 2) {
    const totalWords = chunks.reduce((s, c) => s + c.words, 0) || 1;
    const chunkLogit = chunks.reduce((s, c, i) => s + (c.words / totalWords) * logit(chunkProbs[i]), 0);
    docProb = sigmoid((1 - ctx.plan.chunkBlend) * logit(docProb) + ctx.plan.chunkBlend * chunkLogit);
  }
  let sentenceProbs: number[];
  if (windowFeatures.length > 0 && ctx.plan.sentenceModels.length > 0 && sentences.length >= 2) {
    const perScale: number[][] = [];
    for (const wf of windowFeatures) perScale.push(await ensemble(ctx.scorer, ctx.plan.sentenceModels, wf));
    sentenceProbs = sentences.map((_, i) => sigmoid(perScale.reduce((s, ps) => s + logit(ps[i]), 0) / perScale.length));
  } else {
    // Without window scoring a sentence carries its chunk's probability.
    const byChunk = new Array<number>(sentences.length).fill(docProb);
    chunks.forEach((c, ci) => c.sentenceIndices.forEach((s) => (byChunk[s] = chunkProbs[ci])));
    sentenceProbs = byChunk;
  }
  const t3 = now();

  const aiWordsFound = [...new Set(doc.toks.filter((t) => ctx.wordLists.aiWords.has(t)))];
  return buildResult({
    probability: docProb,
    chunkProbabilities: chunkProbs,
    chunks,
    sentences: sentences.map((s, i) => ({ start: s.start, end: s.end, text: s.text, words: sentenceWords[i], probability: sentenceProbs[i] })),
    words: doc.words,
    characters: text.length,
    dense: doc.dense(),
    aiWordsFound,
    language,
    normalizationMessage: describeNormalization(report),
    engineWarning: ctx.engineWarning,
    mode,
    modeLabel: ctx.plan.label,
    engine: ctx.scorer.engine,
    engineReliability: ctx.scorer.reliability,
    thresholds: ctx.thresholds,
    lengthPolicy: ctx.lengthPolicy,
    chunkSizeWords: ctx.chunkSizeWords,
    timings: {
      durationMs: round2(now() - t0),
      normalizeMs: round2(t1 - t0),
      featuresMs: round2(t2 - t1),
      inferenceMs: round2(t3 - t2),
    },
  });
}

function round2(x: number): number {
  return Math.round(x * 100) / 100;
}
