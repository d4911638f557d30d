// The detection pipeline, independent of how probabilities are computed (ONNX model or heuristic):
// normalise -> language -> sentences -> chunks -> features -> the mode's procedure (manifest) -> result.
import { chunkSentences } from '../core/chunk';
import { TextFeatures } from '../core/features';
import type { WordLists } from '../core/word-lists';
import { detectLanguage } from '../core/language';
import { describeNormalization, normalizeWithReport, stripSpacesAndNewlines } from '../core/normalize';
import {
  AI_LINE_HELD_BACK,
  buildResult,
  documentScore,
  MIXED_BAND_TOP,
  type DetectionMode,
  type DetectionResult,
  type LengthPolicy,
  type Thresholds,
} from '../core/result';
import { splitSentences } from '../core/sentences';
import { tokenSpans } from '../core/tokenize';
import { productScore } from './product-score';
import type { EncoderStack, ModePlan, SentenceEvidencePlan } from './manifest-plan';

/** Computes calibrated AI probabilities for a batch of texts with one named model. */
export interface ProbabilityScorer {
  readonly engine: string;
  /** 1 for the trained model; lower for the heuristic (feeds the confidence). */
  readonly reliability: number;
  score(model: string, items: readonly TextFeatures[]): Promise<Float64Array>;
  /** Probabilities for raw input rows (the forensic aggregator). */
  scoreVectors?(model: string, rows: readonly (readonly number[])[]): Promise<Float64Array>;
}

/** Language-model evidence for a normalised text (engine/lm-runner.ts LmRunner): the 8 features of lm-features.ts. */
export interface LanguageModelEvidence {
  features(norm: string, maxTokens?: number): Promise<number[]>;
}

/** The fine-tuned encoder's AI probability for a normalised text (engine/encoder-runner.ts EncoderRunner). */
export interface EncoderEvidence {
  probability(norm: string): Promise<number>;
  /** The agreement head's probability (issue 38), where the graph has one. */
  agreement?(norm: string): Promise<number | undefined>;
}

export interface AnalyzeContext {
  scorer: ProbabilityScorer;
  /** Required when the plan has an encoderStack (the detector loads it with the models). */
  encoder?: EncoderEvidence;
  /** Required when the plan has a languageModel (the detector drops it from plans when the files are absent). */
  languageModel?: LanguageModelEvidence;
  /** The engine named in the result (default: the scorer's; the detector adds the language model's name). */
  engineName?: string;
  wordLists: WordLists;
  plan: ModePlan;
  thresholds: Thresholds;
  humanProbability: number;
  lengthPolicy: LengthPolicy;
  chunkSizeWords: number;
  engineWarning?: string;
  now?: () => number;
}

/** Above this many sentences, sentences inherit their chunk's probability (bounds strong/forensic cost). */
export const MAX_WINDOWED_SENTENCES = 400;

/**
 * Each sentence's own log-odds of being AI-written (issue 42, manifest sentence_evidence): the stack over the
 * evidence of the windows of +-k sentences around it (the n-gram model, the fine-tuned encoder), each input's logit
 * clipped to [-8, 8] and, for a `relative` input, less its mean over the document's sentences that hold words
 * (ml/inkprint_ml/sentence_evidence.py `design`). A window text met twice is scored once.
 */
export async function sentenceLogOdds(
  norm: string,
  sentences: readonly { start: number; end: number }[],
  sentenceWords: readonly number[],
  plan: SentenceEvidencePlan,
  scorer: ProbabilityScorer,
  wordLists: WordLists,
  encoder?: EncoderEvidence,
): Promise<number[]> {
  const n = sentences.length;
  const clipped = (p: number): number => Math.min(Math.max(logit(p), -8), 8);
  const inputs = new Map<string, number[]>();
  for (const input of plan.inputs) {
    const key = `${input.source}:${input.window}`;
    if (inputs.has(key)) continue;
    const k = input.window;
    const texts = sentences.map((_, i) =>
      norm.slice(sentences[Math.max(0, i - k)].start, sentences[Math.min(n - 1, i + k)].end),
    );
    const unique = [...new Set(texts)];
    let ps: ArrayLike<number>;
    if (input.source === 'ngram') {
      ps = await scorer.score(
        plan.ngramModel,
        unique.map((t) => new TextFeatures(t, wordLists)),
      );
    } else {
      if (!encoder) throw new Error('the sentence evidence reads the fine-tuned encoder, which is not loaded');
      const out: number[] = [];
      for (const t of unique) out.push(await encoder.probability(t));
      ps = out;
    }
    const byText = new Map(unique.map((t, i) => [t, clipped(ps[i])]));
    inputs.set(
      key,
      texts.map((t) => byText.get(t)!),
    );
  }
  const withWords = sentenceWords.filter((w) => w > 0).length;
  const mean = (z: number[]): number =>
    withWords === 0 ? 0 : z.reduce((s, v, i) => s + (sentenceWords[i] > 0 ? v : 0), 0) / withWords;
  const terms = plan.inputs.map((input, j) => {
    const z = inputs.get(`${input.source}:${input.window}`)!;
    const m = input.relative ? mean(z) : 0;
    return z.map((v) => plan.coef[j] * (v - m));
  });
  return sentences.map((_, i) => terms.reduce((s, t) => s + t[i], plan.intercept));
}

/** ln(q/(1-q)) with q clipped to [1e-7, 1-1e-7] (engine.py logit32). */
export function logit(p: number): number {
  const q = Math.min(Math.max(p, 1e-7), 1 - 1e-7);
  return Math.log(q / (1 - q));
}

/**
 * Forensic windows (manifest `chunking`, engine.py chunk_texts): token windows of `window` tokens every `stride`
 * tokens, the last one aligned to the end; a text of at most `window` tokens is its own single chunk.
 */
export function chunkTexts(norm: string, window = 150, stride = 75): string[] {
  const spans = tokenSpans(norm);
  const n = spans.length;
  if (n <= window) return [norm];
  const starts: number[] = [];
  for (let s = 0; s < n - window; s += stride) starts.push(s);
  if (starts.length === 0 || starts[starts.length - 1] !== n - window) starts.push(n - window);
  return starts.map((s) => {
    const e = s + window;
    const a = spans[s].start;
    const b = e < n ? spans[e].start : norm.length;
    return stripSpacesAndNewlines(norm.slice(a, b));
  });
}

/** engine.py encoder_stack: sigmoid(c0 z(p) + c1 z(pe) + b), z = logit clipped to [-8, 8]. */
export function encoderStack(p: number, pe: number, stack: EncoderStack): number {
  const z = (q: number): number => Math.min(Math.max(logit(q), -8), 8);
  return 1 / (1 + Math.exp(-(stack.coef[0] * z(p) + stack.coef[1] * z(pe) + stack.intercept)));
}

/** What modeProbability read on the way, for the rules after it (the AI band's agreement rule). */
export interface ModeEvidence {
  /** The fine-tuned encoder's own probability, where the mode stacks it. */
  encoder?: number;
  /** The encoder's agreement head (issue 38), where the mode's plan asks it to agree. */
  agreement?: number;
}

/** The calibrated document probability, exactly as the manifest's per-mode procedure (and ml/inkprint_ml/engine.py). */
export async function modeProbability(
  doc: TextFeatures,
  plan: ModePlan,
  scorer: ProbabilityScorer,
  wordLists: WordLists,
  languageModel?: LanguageModelEvidence,
  encoder?: EncoderEvidence,
  evidence: ModeEvidence = {},
): Promise<number> {
  const agg = plan.aggregator;
  const lm = plan.languageModel;
  if (!agg) {
    let p = (await scorer.score(plan.documentModel, [doc]))[0];
    if (plan.encoderStack) {
      if (!encoder) throw new Error(`mode ${plan.mode} needs the fine-tuned encoder, which is not loaded`);
      evidence.encoder = await encoder.probability(doc.norm);
      p = encoderStack(p, evidence.encoder, plan.encoderStack);
      if (asksAgreementHead(plan)) {
        const agreement = await encoder.agreement?.(doc.norm);
        if (agreement === undefined) throw new Error(`mode ${plan.mode} needs the encoder's agreement head`);
        evidence.agreement = agreement;
      }
    }
    // A cascade (ml/inkprint_ml/lm_cascade.py): the language model only where the n-gram probability is in the gate.
    if (!lm?.gate || p < lm.gate[0] || p > lm.gate[1]) return p;
    if (!languageModel) throw new Error(`mode ${plan.mode} needs the language model ${lm.name}, which is not loaded`);
    if (!scorer.scoreVectors) throw new Error(`engine ${scorer.engine} cannot run the stacker "${lm.model}"`);
    const features = await languageModel.features(doc.norm, lm.maxTokens);
    return (await scorer.scoreVectors(lm.model, [[logit(p), ...features]]))[0];
  }
  if (!scorer.scoreVectors) throw new Error(`engine ${scorer.engine} cannot run the aggregator "${agg.model}"`);
  const chunks = chunkTexts(doc.norm, agg.windowTokens, agg.strideTokens);
  const rows = [doc, ...(chunks.length > 1 ? chunks.map((c) => new TextFeatures(c, wordLists)) : [])];
  const ps = await scorer.score(plan.documentModel, rows);
  const z = Array.from(ps, logit);
  const zc = z.length > 1 ? z.slice(1) : z;
  let sum = 0;
  for (const v of zc) sum += v;
  const inputs = [z[0], sum / zc.length, Math.max(...zc), Math.min(...zc)];
  if (!lm) return (await scorer.scoreVectors(agg.model, [inputs]))[0];
  if (!languageModel) throw new Error(`mode ${plan.mode} needs the language model ${lm.name}, which is not loaded`);
  // The stacker reads the aggregator's inputs and the language-model features (ml/inkprint_ml/lm_stack.py).
  const features = await languageModel.features(doc.norm, lm.maxTokens);
  return (await scorer.scoreVectors(lm.model, [[...inputs, ...features]]))[0];
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
  const chunkFeatures =
    chunks.length >= 2 && ctx.plan.chunkModel
      ? chunks.map((c) => new TextFeatures(norm.slice(c.start, c.end), ctx.wordLists))
      : [];
  // Sentence windows: +-k sentences around each sentence, for each configured k.
  const windowFeatures: TextFeatures[][] =
    ctx.plan.sentenceModel &&
    !ctx.plan.sentenceEvidence &&
    sentences.length >= 2 &&
    sentences.length <= MAX_WINDOWED_SENTENCES
      ? ctx.plan.sentenceWindows.map((k) =>
          sentences.map((_, i) => {
            const a = sentences[Math.max(0, i - k)].start;
            const b = sentences[Math.min(sentences.length - 1, i + k)].end;
            return new TextFeatures(norm.slice(a, b), ctx.wordLists);
          }),
        )
      : [];
  const t2 = now();

  const evidence: ModeEvidence = {};
  const docProb =
    doc.words > 0
      ? await modeProbability(doc, ctx.plan, ctx.scorer, ctx.wordLists, ctx.languageModel, ctx.encoder, evidence)
      : 0.5;
  const aiBandHeldBack = aiBandNeedsAgreement(ctx.plan, evidence);
  const chunkProbs =
    chunkFeatures.length > 0 && ctx.plan.chunkModel
      ? Array.from(await ctx.scorer.score(ctx.plan.chunkModel, chunkFeatures))
      : chunks.map(() => docProb);
  let sentenceProbs: number[];
  let sentenceEvidence: number[] | undefined;
  // Sentences' own evidence (issue 42) costs an encoder pass per sentence: only where it can be shown, a document long
  // enough to judge that does not read Human (a Human document's sentences keep their chunk's score).
  const scoreOf = (p: number): number =>
    productScore(p, ctx.humanProbability, ctx.plan.operatingThreshold, ctx.thresholds, ctx.plan.scoreKnots);
  const maxScore = aiLineNeedsAgreement(ctx.plan, evidence)
    ? AI_LINE_HELD_BACK
    : aiBandHeldBack
      ? AI_BAND_HELD_BACK_SCORE
      : undefined;
  const { score: docScore } = documentScore(docProb, scoreOf, maxScore, doc.words, ctx.lengthPolicy);
  const sentencesShown = doc.words >= ctx.lengthPolicy.minWords && docScore > ctx.thresholds.human;
  if (
    ctx.plan.sentenceEvidence &&
    sentencesShown &&
    sentences.length >= 1 &&
    sentences.length <= MAX_WINDOWED_SENTENCES
  ) {
    // Each sentence its own evidence (issue 42): its probability is the sentence stack's, not the chunk's.
    sentenceEvidence = await sentenceLogOdds(
      norm,
      sentences,
      sentenceWords,
      ctx.plan.sentenceEvidence,
      ctx.scorer,
      ctx.wordLists,
      ctx.encoder,
    );
    sentenceProbs = sentenceEvidence.map((z) => 1 / (1 + Math.exp(-z)));
  } else if (windowFeatures.length > 0 && ctx.plan.sentenceModel) {
    const perScale: Float64Array[] = [];
    for (const wf of windowFeatures) perScale.push(await ctx.scorer.score(ctx.plan.sentenceModel, wf));
    sentenceProbs = sentences.map((_, i) => {
      const z = perScale.reduce((s, ps) => s + logit(ps[i]), 0) / perScale.length;
      return 1 / (1 + Math.exp(-z));
    });
  } else {
    // Without window scoring a sentence carries its chunk's probability.
    sentenceProbs = new Array<number>(sentences.length).fill(docProb);
    chunks.forEach((c, ci) => c.sentenceIndices.forEach((s) => (sentenceProbs[s] = chunkProbs[ci])));
  }
  const t3 = now();

  const aiWordsFound = [...new Set(doc.toks.filter((t) => ctx.wordLists.aiWords.has(t)))];
  return buildResult({
    probability: docProb,
    ...(maxScore !== undefined ? { maxScore } : {}),
    scoreOf,
    chunkProbabilities: chunkProbs,
    chunks,
    sentences: sentences.map((s, i) => ({
      start: s.start,
      end: s.end,
      text: s.text,
      words: sentenceWords[i],
      probability: sentenceProbs[i],
      ...(sentenceEvidence ? { logOdds: sentenceEvidence[i] } : {}),
    })),
    ...(ctx.plan.sentenceEvidence
      ? {
          segmentPolicy: {
            switchPenalty: ctx.plan.sentenceEvidence.switchPenalty,
            minSegmentWords: ctx.plan.sentenceEvidence.minSegmentWords,
            documentMinScore: ctx.plan.sentenceEvidence.documentMinScore,
          },
        }
      : {}),
    words: doc.words,
    characters: text.length,
    dense: doc.dense(),
    aiWordsFound,
    language,
    normalizationMessage: describeNormalization(report),
    engineWarning: ctx.engineWarning,
    mode,
    modeLabel: ctx.plan.label,
    engine: ctx.engineName ?? ctx.scorer.engine,
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

/** Where a score the agreement rule holds back stays: just under the AI-Generated band (0.65), in Mixed. */
export const AI_BAND_HELD_BACK_SCORE = MIXED_BAND_TOP;

/**
 * The AI band's agreement rule (issue 38, manifest lm.ai_band_encoder_min and lm.ai_band_agreement_min): with the
 * language model in the mode, a score may reach AI-Generated only when the fine-tuned encoder on its own and its
 * agreement head both agree; true when either does not.
 */
export function aiBandNeedsAgreement(plan: ModePlan, evidence: ModeEvidence): boolean {
  const lm = plan.languageModel;
  return below(evidence.encoder, lm?.aiBandEncoderMin) || below(evidence.agreement, lm?.aiBandAgreementMin);
}

/**
 * The 0.5 line's agreement rule (issue 38, manifest lm.ai_line_agreement_min): a score may cross 0.5 only when the
 * encoder's agreement head (fitted with the genres where human writers were misread as hard negatives,
 * ml/inkprint_ml/encoder_agreement.py) reads at least the min; true when it does not.
 */
export function aiLineNeedsAgreement(plan: ModePlan, evidence: ModeEvidence): boolean {
  return below(evidence.agreement, plan.languageModel?.aiLineAgreementMin);
}

/** Whether the mode's plan asks the encoder's agreement head to agree (either min set): the graph must have it. */
export function asksAgreementHead(plan: ModePlan): boolean {
  const lm = plan.languageModel;
  return lm?.aiLineAgreementMin !== undefined || lm?.aiBandAgreementMin !== undefined;
}

function below(value: number | undefined, min: number | undefined): boolean {
  return min !== undefined && value !== undefined && value < min;
}

function round2(x: number): number {
  return Math.round(x * 100) / 100;
}
