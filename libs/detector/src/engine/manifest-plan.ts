// The engine's per-mode plan: what engine/manifest.ts parses the model manifest (models/inkprint-detector.json) into.
import type { FeatureSetLayout } from '../core/feature-sets';
import type { DetectionMode, LengthPolicy, Thresholds } from '../core/result';

export interface AggregatorPlan {
  /** Model over [doc_logit, mean, max, min of chunk logits] (feature set of dim 4). */
  model: string;
  windowTokens: number;
  strideTokens: number;
}

/**
 * The language-model variant of a mode (manifest modes[m].lm, written by ml/inkprint_ml/lm_cascade.py for moderate and
 * strong, and for forensic with --forensic-base moderate; ml/inkprint_ml/lm_stack.py stacks it on forensic's
 * aggregator instead): used when the Gemma-3-270M files built by
 * `npm run models:fetch` are present, else the mode runs without it.
 */
export interface LanguageModelPlan {
  /**
   * Model over [the aggregator's 4 inputs, the 8 language-model features] (a stacked forensic), or, in a cascade
   * (`gate`), over [logit of the mode's probability, the 8 language-model features].
   */
  model: string;
  /**
   * A cascade: the language model runs only when the mode's n-gram probability p lies in [gate[0], gate[1]];
   * otherwise the probability is p itself. Undefined: it runs on every text (a stacked forensic).
   */
  gate?: [number, number];
  name: string;
  /** Folder of the language-model files, relative to the models folder. */
  dir: string;
  body: string;
  head: string;
  tokenizer: string;
  maxTokens: number;
  headBlock: number;
  scoreKnots: [number, number][];
  /**
   * The AI-Generated band needs independent evidence to agree (manifest modes[m].lm.ai_band_encoder_min, issue 38,
   * ml/experiments/genre_lines.py): a score reaches 0.65 only when the fine-tuned encoder on its own reads at least
   * this probability; otherwise it stays just under the band (Mixed). Undefined: no such rule.
   */
  aiBandEncoderMin?: number;
  /**
   * The encoder's agreement head (manifest modes[m].lm.ai_line_agreement_min / ai_band_agreement_min, issue 38,
   * ml/inkprint_ml/encoder_agreement.py): a score crosses 0.5 only when the head reads at least the line's min, and
   * reaches 0.65 only when it reads at least the band's; otherwise it stays just under. Undefined: no such rule.
   */
  aiLineAgreementMin?: number;
  aiBandAgreementMin?: number;
}

/**
 * The fine-tuned MiniLM detector (manifest `encoder`, ml/inkprint_ml/encoder_detector.py): an int8 ONNX graph over
 * WordPiece ids, shipped in models/ beside the n-gram models.
 */
export interface EncoderPlan {
  name: string;
  /** Graph and tokenizer files, relative to the models folder. */
  file: string;
  tokenizer: string;
  maxTokens: number;
}

/**
 * modes[m].encoder_stack (ml/inkprint_ml/encoder_eval.py): the mode's probability becomes
 * sigmoid(coef[0] * z(p) + coef[1] * z(pe) + intercept), z = logit clipped to [-8, 8], p the n-gram probability and
 * pe the encoder's; the language-model cascade, when there is one, then gates on that probability.
 */
export interface EncoderStack {
  coef: [number, number];
  intercept: number;
}

export interface ModePlan {
  mode: DetectionMode;
  label: string;
  /** Model giving the whole-document probability (or the chunk logits fed to the aggregator). */
  documentModel: string;
  aggregator?: AggregatorPlan;
  /** Model scoring each display chunk (undefined: chunks inherit the document probability). */
  chunkModel?: string;
  /** Sentence scores from windows of +-k sentences (empty: a sentence inherits its chunk's probability). */
  sentenceWindows: number[];
  sentenceModel?: string;
  /** The mode's operating point on the calibrated probability (manifest modes[m].threshold). */
  operatingThreshold: number;
  /**
   * Product-score knots [probability, score] (manifest modes[m].score_knots, chosen by ml/inkprint_ml/calibrate.py on
   * families never trained on); undefined: the legacy map through humanProbability and operatingThreshold.
   */
  scoreKnots?: [number, number][];
  /** The language-model variant (a cascade; or stacked on forensic's aggregator), when the manifest has one. */
  languageModel?: LanguageModelPlan;
  /** The n-gram probability stacked with the fine-tuned encoder's (moderate, strong), when the manifest says so. */
  encoderStack?: EncoderStack;
  /** Each sentence's own evidence and the AI segments (issue 42), in the modes the manifest's block names. */
  sentenceEvidence?: SentenceEvidencePlan;
}

/** One input of the sentence stack: a window of +-`window` sentences scored by the n-gram model or the encoder. */
export interface SentenceInput {
  source: 'ngram' | 'encoder';
  window: number;
  /** true: the window's logit less the mean of that input over the document's sentences (local contrast) */
  relative: boolean;
}

/**
 * manifest `sentence_evidence` (ml/inkprint_ml/sentence_evidence.py, fitted on the mixed-authorship benchmark's tune
 * families): a sentence's log-odds of being AI-written = intercept + sum coef[i] x input[i], each input the clipped
 * logit (|z| <= 8) of a window's probability; the AI segments are the path over those with `switchPenalty` a switch.
 */
export interface SentenceEvidencePlan {
  /** The n-gram model the `ngram` windows are scored with (the one the stack was fitted on). */
  ngramModel: string;
  inputs: SentenceInput[];
  coef: number[];
  intercept: number;
  switchPenalty: number;
  minSegmentWords: number;
  /** manifest `document_min_score`: segments and uncapped sentence scores only from this document score (0.5). */
  documentMinScore: number;
}

export interface ModelSpec {
  file: string;
  featureSet: string;
  /** Input width: the layout's for feature models, the aggregate width for aggregators. */
  dim: number;
  kind: 'features' | 'aggregate';
}

export interface DetectorPlan {
  name: string;
  version: string;
  featureVersion: string;
  wordlistsFile: string;
  modelCard?: string;
  featureSets: Record<string, FeatureSetLayout>;
  models: Record<string, ModelSpec>;
  /** The fine-tuned encoder every `encoderStack` reads (manifest `encoder`). */
  encoder?: EncoderPlan;
  modes: Record<DetectionMode, ModePlan>;
  /** Report bands on the product score (spec: Human <= 0.35, AI-Generated >= 0.65). */
  thresholds: Thresholds;
  /** Calibrated probability at or below which the model card calls a text likely human (maps to score 0.35). */
  humanProbability: number;
  lengthPolicy: LengthPolicy;
  chunkSizeWords: number;
}
