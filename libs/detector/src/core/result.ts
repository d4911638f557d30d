// Building the Detection result (product spec section 3) from calibrated probabilities. Pure.
import type { DetectedLanguage } from './language';
import { describeSignal, strongestSignals, type Signal } from './heuristic';
import { AI_LINE_HELD_BACK, MIXED_BAND_TOP, REST_HUMAN_MAX, restReadsHuman, WHOLLY_AI_SHARE } from './partly-ai';
import { genreLimitOf } from './genre-limits';
import { buildRationale } from './rationale';
import { round1, round4 } from './rounding';
import { documentScore, shrinkShort, SHORT_TEXT_MAX_SCORE, shortTextScore } from './document-score';
import { aiSegments, type SegmentPolicy } from './segments';

import {
  DEFAULT_DETECTION_MODE,
  DETECTION_MODES,
  isDetectionMode,
  TOO_SHORT_LABEL,
  type DetectionMode,
} from '@inkprint/contracts';

// The mode list is the product's (@inkprint/contracts), shared with the job bus, the API and the web app.
export { DETECTION_MODES, isDetectionMode, type DetectionMode };
export { AI_LINE_HELD_BACK, MIXED_BAND_TOP, REST_HUMAN_MAX, round1, WHOLLY_AI_SHARE };
export { documentScore, shrinkShort, SHORT_TEXT_MAX_SCORE, shortTextScore };
export const DEFAULT_MODE: DetectionMode = DEFAULT_DETECTION_MODE;

export type Verdict = 'Human' | 'Mixed' | 'AI-Generated';
export type ChunkLabel = 'AI' | 'Human' | 'Mixed';

export interface Thresholds {
  /** score <= human => Human */
  human: number;
  /** score >= ai => AI-Generated */
  ai: number;
}
export const DEFAULT_THRESHOLDS: Thresholds = { human: 0.35, ai: 0.65 };

export interface LengthPolicy {
  /** Below this many words no confident verdict is given. */
  minWords: number;
  /** From this many words on, length no longer discounts confidence. */
  reliableWords: number;
  /** Below minWords the score (and probability) never exceed this (default SHORT_TEXT_MAX_SCORE): never 0.5. */
  shortTextMaxScore?: number;
}

export interface DetectionChunk {
  index: number;
  label: ChunkLabel;
  /** The chunk's product score 0..1 (the scale of the document's `score`, which its label reads). */
  score: number;
  /** percent 0..100: the chunk's AI figure, 100 x `score` (one figure per result, issue 43) */
  aiProbability: number;
  /** percent 0..100 */
  confidence: number;
  words: number;
  start: number;
  end: number;
}

export interface SentenceScore {
  index: number;
  start: number;
  end: number;
  text: string;
  words: number;
  /** The sentence's product score 0..1 (the scale of the document's `score`, which its label reads). */
  score: number;
  /** percent 0..100: the sentence's AI figure, 100 x `score` */
  aiProbability: number;
  label: ChunkLabel;
}

export type WarningCode =
  'TEXT_NORMALISED' | 'TEXT_TOO_SHORT' | 'EMPTY_TEXT' | 'LANGUAGE_UNKNOWN' | 'MODEL_UNAVAILABLE' | 'AI_PART_TOO_SHORT';

/** A run of sentences that reads AI-written on their own evidence (issue 42). */
export interface AiSegmentResult {
  /** character offsets in the text, [start, end) */
  start: number;
  end: number;
  words: number;
  /** the segment's sentences, first and last (indices into `sentences`) */
  firstSentence: number;
  lastSentence: number;
}

export interface DetectionWarning {
  message: string;
  codes: WarningCode[];
}

export interface DetectionSignal {
  feature: string;
  label: string;
  value: number;
  humanMean: number;
  direction: 'ai' | 'human';
  description: string;
}

export interface DetectionResult {
  /**
   * Product score 0..1 that the report bands apply to (<= 0.35 Human, >= 0.65 AI-Generated): a monotone map of the
   * calibrated probability that puts the model's operating points on the band edges (docs/detector.md, "Score").
   * Pulled towards 0.5 for texts below the minimum length.
   */
  score: number;
  /**
   * The result's one AI figure in percent, 0..100: 100 x `score`, as the demo, the batch table, the report, the PDF and
   * the rationale show it (issue 43). The calibrated probability behind it is `Detector.probability()`.
   */
  aiProbability: number;
  humanProbability: number;
  /** How much the verdict can be trusted, percent 0..100 (see docs/detector.md, "Confidence"). */
  confidence: number;
  verdict: Verdict;
  finalLabel: string;
  mode: DetectionMode;
  modeLabel: string;
  rationale: string;
  words: number;
  characters: number;
  language: DetectedLanguage;
  chunkSizeWords: number;
  chunks: DetectionChunk[];
  sentences: SentenceScore[];
  /**
   * The AI-written parts (issue 42): runs of sentences whose own evidence reads AI, with a penalty on switching, in the
   * modes with sentence evidence; empty when none, when the document reads Human, or when too short to judge.
   */
  segments?: AiSegmentResult[];
  /** Share of the words inside `segments`, 0..1 (0 when there are none); with `segments`. */
  aiWordShare?: number;
  signals: DetectionSignal[];
  timings: { durationMs: number; normalizeMs: number; featuresMs: number; inferenceMs: number };
  warning?: DetectionWarning;
  engine: string;
}

export function classify(p: number, t: Thresholds): ChunkLabel {
  if (p >= t.ai) return 'AI';
  if (p <= t.human) return 'Human';
  return 'Mixed';
}

/** Length reliability in 0..1: grows linearly to 0.5 at minWords, then to 1 at reliableWords. */
export function lengthReliability(words: number, policy: LengthPolicy): number {
  if (words <= 0) return 0;
  if (words < policy.minWords) return (0.5 * words) / policy.minWords;
  const span = Math.max(1, policy.reliableWords - policy.minWords);
  return Math.min(1, 0.5 + (0.5 * (words - policy.minWords)) / span);
}

/**
 * Confidence (percent): strength of the calibrated probability |2p - 1| times the reliability of the evidence
 * (length, agreement between chunks, language, engine). 0 = no information, 100 = certain.
 */
export function confidencePercent(p: number, reliability: number): number {
  return round1(100 * Math.abs(2 * p - 1) * Math.max(0, Math.min(1, reliability)));
}

export interface ResultInput {
  /** Calibrated document probability from the engine. */
  probability: number;
  /** Maps a calibrated probability onto the product score the report bands apply to (default: identity). */
  scoreOf?: (p: number) => number;
  /**
   * The highest document score the evidence allows (the AI band's agreement rule: independent evidence did not agree,
   * so the score stays in Mixed); the rationale says so.
   */
  maxScore?: number;
  chunkProbabilities: readonly number[];
  chunks: readonly { start: number; end: number; words: number }[];
  sentences: readonly {
    start: number;
    end: number;
    text: string;
    words: number;
    probability: number;
    /** The sentence's own log-odds (sentence evidence, issue 42): its score is then its own probability. */
    logOdds?: number;
  }[];
  /** How sentences' own evidence becomes AI segments; without it, or without logOdds, there are no segments. */
  segmentPolicy?: SegmentPolicy & {
    /**
     * The document score from which AI parts are marked and sentences show their own evidence uncapped (the demo's
     * 0.5 line, where a human writer is wrongly accused at most as often as the document score allows). Below it a
     * sentence never reads above its document.
     */
    documentMinScore: number;
  };
  words: number;
  characters: number;
  dense: ArrayLike<number>;
  aiWordsFound: readonly string[];
  language: DetectedLanguage;
  normalizationMessage?: string;
  engineWarning?: string;
  mode: DetectionMode;
  modeLabel: string;
  engine: string;
  /** Reliability factor of the engine itself: 1 for the trained model, lower for the heuristic. */
  engineReliability: number;
  thresholds: Thresholds;
  lengthPolicy: LengthPolicy;
  chunkSizeWords: number;
  timings: DetectionResult['timings'];
}

const VERDICT_LABEL: Record<Verdict, string> = {
  Human: 'Human Written',
  Mixed: 'Mixed',
  'AI-Generated': 'AI Generated',
};

export function buildResult(input: ResultInput): DetectionResult {
  const { thresholds: t, lengthPolicy } = input;
  const tooShort = input.words < lengthPolicy.minWords;
  const scoreOf = input.scoreOf ?? ((q: number) => q);
  const min = lengthPolicy.minWords;
  // score: the product score (report bands), pulled to the middle for short texts; every figure the result shows reads it.
  const document = documentScore(input.probability, scoreOf, input.maxScore, input.words, lengthPolicy);
  const heldBack = document.heldBack;
  let score = document.score;
  // AI segments (issue 42) only where the document itself reads AI at the demo's 0.5 line and is long enough to judge:
  // a human writer is not shown 'AI parts' the document's own evidence does not support. On human student, learner and
  // academic writing the sentence evidence alone marks an AI part in a third of the documents; behind the document's
  // line, at most as often as the document score accuses (ml/experiments/results/mixed-sentences.md).
  const withEvidence =
    input.segmentPolicy && input.sentences.length > 0 && input.sentences.every((s) => s.logOdds !== undefined);
  const segmentsShown = !tooShort && input.segmentPolicy !== undefined && score >= input.segmentPolicy.documentMinScore;
  const found =
    withEvidence && segmentsShown
      ? aiSegments(
          input.sentences.map((s) => ({ start: s.start, end: s.end, words: s.words, logOdds: s.logOdds! })),
          input.segmentPolicy!,
        )
      : { segments: [], aiWordShare: 0, unresolved: false };
  // A document only part of which reads AI-written, the rest reading human on its own sentences' evidence, is mixed
  // authorship, not AI-generated as a whole (issue 42): its score stays in the Mixed band (at most 0.649, as the
  // agreement rule holds it), so the report, the PDF, the verdict and the rationale say the same. Both conditions:
  // on pure AI text the path alone leaves part of the text human in 1 of 2 documents (moderate), the rest's reading
  // in 1 of 43 (ml/experiments/results/mixed-sentences.md).
  const partlyAi = found.segments.length > 0 && found.aiWordShare < WHOLLY_AI_SHARE && restReadsHuman(input, found);
  if (partlyAi) score = Math.min(score, MIXED_BAND_TOP);

  const chunkWords = (i: number): number => input.chunks[i]?.words ?? input.words;
  const chunkProbabilities = input.chunkProbabilities.map((cp, i) => shrinkShort(cp, chunkWords(i), min));
  const chunkLabels = input.chunkProbabilities.map((cp, i) =>
    classify(shrinkShort(scoreOf(cp), chunkWords(i), min), t),
  );
  const chunksDisagree = chunkLabels.includes('AI') && chunkLabels.includes('Human');
  let verdict: Verdict = score >= t.ai ? 'AI-Generated' : score <= t.human ? 'Human' : 'Mixed';
  if (chunksDisagree) verdict = 'Mixed';

  // Agreement: 1 when all chunks say the same as the document, down to 0.5 when they spread widely.
  let agreement = 1;
  if (chunkProbabilities.length >= 2) {
    const mean = chunkProbabilities.reduce((s, x) => s + x, 0) / chunkProbabilities.length;
    const sd = Math.sqrt(chunkProbabilities.reduce((s, x) => s + (x - mean) ** 2, 0) / chunkProbabilities.length);
    agreement = Math.max(0.5, 1 - sd);
  }
  const languageFactor = input.language === 'English' ? 1 : 0.6;
  const reliability =
    lengthReliability(input.words, lengthPolicy) * agreement * languageFactor * input.engineReliability;
  // Distance of the product score from the decision midpoint: the score already places the model's operating
  // points on the band edges, so a calibrated 0.9 that is below a 0.97 operating point is not "confident".
  const confidence = confidencePercent(score, reliability);

  const chunks: DetectionChunk[] = input.chunks.map((c, i) => {
    const cs = shrinkShort(scoreOf(input.chunkProbabilities[i] ?? input.probability), c.words, min);
    const r = lengthReliability(c.words, lengthPolicy) * languageFactor * input.engineReliability;
    return {
      index: i,
      label: chunkLabels[i] ?? classify(cs, t),
      score: round4(cs),
      aiProbability: round1(100 * round4(cs)),
      confidence: confidencePercent(cs, r),
      words: c.words,
      start: c.start,
      end: c.end,
    };
  });
  // A sentence with its own evidence shows its own probability; otherwise its chunk's score, mapped like the document.
  // Below the segment line (documentMinScore, 0.5) a sentence never reads above its document: the sentence evidence
  // is noisier than the document's, and alone it would show a human writer's sentence as AI (issue 42).
  const sentenceScore = (s: ResultInput['sentences'][number]): number =>
    s.logOdds === undefined ? scoreOf(s.probability) : segmentsShown ? s.probability : Math.min(s.probability, score);
  const sentences: SentenceScore[] = input.sentences.map((s, i) => {
    const score = sentenceScore(s);
    return {
      index: i,
      start: s.start,
      end: s.end,
      text: s.text,
      words: s.words,
      score: round4(score),
      aiProbability: round1(100 * round4(score)),
      label: classify(score, t),
    };
  });
  const towards: 'ai' | 'human' = score >= 0.5 ? 'ai' : 'human';
  const { supporting, opposing } = strongestSignals(input.dense, towards);
  const signals = [...supporting, ...opposing].map(toDetectionSignal);

  const warnings: { code: WarningCode; message: string }[] = [];
  if (input.normalizationMessage) warnings.push({ code: 'TEXT_NORMALISED', message: input.normalizationMessage });
  if (input.words === 0) warnings.push({ code: 'EMPTY_TEXT', message: 'The text contains no words to score.' });
  else if (tooShort)
    warnings.push({
      code: 'TEXT_TOO_SHORT',
      message: `The text has ${input.words} words; at least ${lengthPolicy.minWords} are needed for a reliable verdict, so this result is low-confidence.`,
    });
  if (input.language === 'Unknown' && input.words > 0)
    warnings.push({
      code: 'LANGUAGE_UNKNOWN',
      message:
        'The text does not look like English; the detector is trained on English, so the score is less reliable.',
    });
  if (input.engineWarning) warnings.push({ code: 'MODEL_UNAVAILABLE', message: input.engineWarning });
  if (found.unresolved)
    warnings.push({
      code: 'AI_PART_TOO_SHORT',
      message: `Some sentences read AI-written, but in a run of fewer than ${input.segmentPolicy!.minSegmentWords} words, shorter than the evidence can resolve, so no AI part is marked there.`,
    });

  // The label every screen, table, CSV and PDF shows for a text without a verdict (issue 43 item 2).
  const finalLabel = tooShort ? TOO_SHORT_LABEL : VERDICT_LABEL[verdict];
  return {
    score: round4(score),
    // One AI figure per result (issue 43): the percentage is the score the verdict, the bars, the report, the PDF and
    // the rationale read, not the calibrated probability behind it (detector.probability() gives that).
    aiProbability: round1(100 * round4(score)),
    humanProbability: round1(100 - 100 * round4(score)),
    confidence,
    verdict,
    finalLabel,
    mode: input.mode,
    modeLabel: input.modeLabel,
    rationale: buildRationale({
      ...input,
      p: score,
      verdict,
      parts: found.segments.length > 0 ? { segments: found.segments, share: found.aiWordShare, partlyAi } : undefined,
      tooShort,
      heldBack: heldBack && !tooShort,
      chunkLabels,
      supporting,
      opposing,
      genreLimit:
        input.language === 'English'
          ? genreLimitOf({ text: input.sentences.map((s) => s.text).join(' '), words: input.words, score, tooShort })
          : null,
    }),
    words: input.words,
    characters: input.characters,
    language: input.language,
    chunkSizeWords: input.chunkSizeWords,
    chunks,
    sentences,
    // Only in the modes with sentence evidence (manifest sentence_evidence): other results keep their shape.
    ...(input.segmentPolicy ? { segments: found.segments, aiWordShare: round4(found.aiWordShare) } : {}),
    signals,
    timings: input.timings,
    ...(warnings.length > 0
      ? { warning: { message: warnings.map((w) => w.message).join(' '), codes: warnings.map((w) => w.code) } }
      : {}),
    engine: input.engine,
  };
}

function toDetectionSignal(s: Signal): DetectionSignal {
  return {
    feature: s.feature,
    label: s.label,
    value: s.value,
    humanMean: s.humanMean,
    direction: s.direction,
    description: describeSignal(s),
  };
}
