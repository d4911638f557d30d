// The model manifest (models/inkprint-detector.json, written by ml/inkprint_ml/card.py) parsed into the
// engine's per-mode plan. Pure; throws an Error naming the offending field when the engine cannot run it.
import { FEATURE_SETS, type FeatureFamily, type FeatureSetLayout } from '../core/features';
import {
  DEFAULT_THRESHOLDS,
  DETECTION_MODES,
  isDetectionMode,
  type DetectionMode,
  type LengthPolicy,
  type Thresholds,
} from '../core/result';

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

const MODE_LABELS: Record<DetectionMode, string> = {
  fast: 'Fast',
  moderate: 'Moderate (chunked)',
  strong: 'Strong (chunked)',
  forensic: 'Forensic (chunked, sampled)',
};

type Json = Record<string, unknown>;

function obj(x: unknown): Json | undefined {
  return typeof x === 'object' && x !== null && !Array.isArray(x) ? (x as Json) : undefined;
}
function num(x: unknown): number | undefined {
  return typeof x === 'number' && Number.isFinite(x) ? x : undefined;
}
function str(x: unknown): string | undefined {
  return typeof x === 'string' && x.length > 0 ? x : undefined;
}

type ParsedSet = { kind: 'features'; layout: FeatureSetLayout } | { kind: 'aggregate'; dim: number };

function parseFeatureSet(name: string, x: unknown): ParsedSet {
  const o = obj(x);
  const blocks = Array.isArray(x) ? x : o?.blocks;
  if (Array.isArray(blocks)) {
    const layout: { family: FeatureFamily; dim: number }[] = [];
    let offset = 0;
    for (const b of blocks) {
      const bo = obj(b);
      const fam = bo?.family;
      const dim = num(bo?.dim);
      if ((fam !== 'word' && fam !== 'char' && fam !== 'fw' && fam !== 'dense') || dim === undefined) {
        throw new Error(`manifest: feature set "${name}" has a block the engine does not know (${JSON.stringify(b)})`);
      }
      const declared = num(bo?.offset);
      if (declared !== undefined && declared !== offset)
        throw new Error(`manifest: feature set "${name}" block "${fam}" offset ${declared}, expected ${offset}`);
      layout.push({ family: fam, dim });
      offset += dim;
    }
    const total = num(o?.dim);
    if (total !== undefined && total !== offset)
      throw new Error(`manifest: feature set "${name}" dim ${total} != sum of blocks ${offset}`);
    return { kind: 'features', layout };
  }
  const dim = num(o?.dim);
  if (dim !== undefined && Array.isArray(o?.names)) return { kind: 'aggregate', dim };
  throw new Error(`manifest: feature set "${name}" has no readable layout`);
}

/** modes[m].score_knots: [[p, score], ...] non-decreasing in both, from (0, 0) to (1, 1). */
function parseKnots(mode: string, x: unknown): [number, number][] {
  const bad = (why: string): Error => new Error(`manifest: modes.${mode}.score_knots ${why}`);
  if (!Array.isArray(x) || x.length < 2) throw bad('must be a list of at least two [p, score] pairs');
  const knots = x.map((k): [number, number] => {
    const p = Array.isArray(k) ? num(k[0]) : undefined;
    const s = Array.isArray(k) ? num(k[1]) : undefined;
    if (p === undefined || s === undefined || p < 0 || p > 1 || s < 0 || s > 1)
      throw bad(`has an invalid pair ${JSON.stringify(k)}`);
    return [p, s];
  });
  for (let i = 1; i < knots.length; i++)
    if (knots[i][0] < knots[i - 1][0] || knots[i][1] < knots[i - 1][1]) throw bad('must be non-decreasing');
  if (knots[0][0] !== 0 || knots[knots.length - 1][0] !== 1) throw bad('must start at p = 0 and end at p = 1');
  return knots;
}

function parseLanguageModel(
  mode: string,
  x: unknown,
  models: Record<string, ModelSpec>,
  hasAggregator: boolean,
): LanguageModelPlan {
  const o = obj(x);
  const lm = obj(o?.language_model);
  const bad = (why: string): Error => new Error(`manifest: modes.${mode}.lm ${why}`);
  const model = str(o?.model);
  if (!model || models[model]?.kind !== 'aggregate') throw bad('must name an aggregate model');
  let gate: [number, number] | undefined;
  if (o?.gate !== undefined) {
    const g = Array.isArray(o.gate) ? o.gate.map(num) : [];
    if (g.length !== 2 || g[0] === undefined || g[1] === undefined || g[0] < 0 || g[1] > 1 || g[0] > g[1])
      throw bad('gate must be [lo, hi] with 0 <= lo <= hi <= 1');
    if (hasAggregator) throw bad('gate (a cascade) is for modes without an aggregator');
    gate = [g[0], g[1]];
  } else if (!hasAggregator) throw bad('needs the mode to have an aggregator (or a gate: a cascade)');
  const body = str(lm?.body);
  const head = str(lm?.head);
  const tokenizer = str(lm?.tokenizer);
  if (!body || !head || !tokenizer) throw bad('language_model needs body, head and tokenizer files');
  return {
    model,
    ...(gate ? { gate } : {}),
    name: str(lm?.name) ?? 'language-model',
    dir: str(lm?.dir) ?? 'lm',
    body,
    head,
    tokenizer,
    maxTokens: num(lm?.max_tokens) ?? 256,
    headBlock: num(lm?.head_block) ?? 64,
    scoreKnots: parseKnots(`${mode}.lm`, o?.score_knots),
    ...aiBandEncoderMin(mode, o?.ai_band_encoder_min),
  };
}

function aiBandEncoderMin(mode: string, x: unknown): { aiBandEncoderMin?: number } {
  if (x === undefined) return {};
  const v = num(x);
  if (v === undefined || v < 0 || v > 1)
    throw new Error(`manifest: modes.${mode}.lm.ai_band_encoder_min must be a probability`);
  return { aiBandEncoderMin: v };
}

function parseEncoder(x: unknown): EncoderPlan {
  const o = obj(x);
  const file = str(o?.file);
  const tokenizer = str(o?.tokenizer);
  if (!file || !tokenizer) throw new Error('manifest: encoder needs file and tokenizer');
  return { name: str(o?.name) ?? 'encoder', file, tokenizer, maxTokens: num(o?.max_tokens) ?? 256 };
}

function parseEncoderStack(mode: string, x: unknown, hasAggregator: boolean, encoder?: EncoderPlan): EncoderStack {
  const o = obj(x);
  const bad = (why: string): Error => new Error(`manifest: modes.${mode}.encoder_stack ${why}`);
  if (!encoder) throw bad('needs the manifest to name an encoder');
  if (hasAggregator) throw bad('is for modes without an aggregator');
  const c = Array.isArray(o?.coef) ? o.coef.map(num) : [];
  const intercept = num(o?.intercept);
  if (c.length !== 2 || c[0] === undefined || c[1] === undefined || intercept === undefined)
    throw bad('needs coef [a, b] and intercept');
  return { coef: [c[0], c[1]], intercept };
}

const SENTENCE_INPUT = /^(ngram|encoder):([1-9])(-mean)?$/;

function parseSentenceEvidence(
  x: unknown,
  models: Record<string, ModelSpec>,
  encoder?: EncoderPlan,
): { plan: SentenceEvidencePlan; modes: DetectionMode[] } {
  const o = obj(x);
  const bad = (why: string): Error => new Error(`manifest: sentence_evidence ${why}`);
  const ngramModel = str(o?.ngram_model);
  if (!ngramModel || models[ngramModel]?.kind !== 'features') throw bad('needs ngram_model, a features model');
  const names = Array.isArray(o?.inputs) ? o.inputs.map(String) : [];
  const inputs = names.map((n): SentenceInput => {
    const m = SENTENCE_INPUT.exec(n);
    if (!m) throw bad(`input "${n}" is not ngram:k or encoder:k (with -mean)`);
    return { source: m[1] as 'ngram' | 'encoder', window: Number(m[2]), relative: m[3] !== undefined };
  });
  if (inputs.some((i) => i.source === 'encoder') && !encoder) throw bad('reads the encoder, which the manifest lacks');
  const coef = Array.isArray(o?.coef) ? o.coef.map(num) : [];
  const intercept = num(o?.intercept);
  if (
    inputs.length === 0 ||
    coef.length !== inputs.length ||
    coef.some((c) => c === undefined) ||
    intercept === undefined
  )
    throw bad('needs inputs, one coef per input and intercept');
  const modes = Array.isArray(o?.modes) ? o.modes.map(String) : [];
  if (modes.length === 0 || !modes.every(isDetectionMode)) throw bad('needs modes, a list of detection modes');
  return {
    plan: {
      ngramModel,
      inputs,
      coef: coef as number[],
      intercept,
      switchPenalty: num(o?.switch_penalty) ?? 0,
      minSegmentWords: num(o?.min_segment_words) ?? 25,
      documentMinScore: num(o?.document_min_score) ?? 0.5,
    },
    modes: modes as DetectionMode[],
  };
}

/** Parse models/inkprint-detector.json. */
export function parseManifest(raw: unknown): DetectorPlan {
  const m = obj(raw);
  if (!m) throw new Error('manifest: expected a JSON object');
  const sets: Record<string, ParsedSet> = {};
  for (const [k, layout] of Object.entries(FEATURE_SETS)) sets[k] = { kind: 'features', layout };
  for (const [k, v] of Object.entries(obj(m.feature_sets) ?? {})) sets[k] = parseFeatureSet(k, v);

  const modelsRaw = obj(m.models);
  if (!modelsRaw || Object.keys(modelsRaw).length === 0) throw new Error('manifest: "models" is missing or empty');
  const models: Record<string, ModelSpec> = {};
  for (const [k, v] of Object.entries(modelsRaw)) {
    const o = obj(v);
    const file = str(o?.file);
    const featureSet = str(o?.feature_set) ?? (k === 'fast' ? 'fast' : 'full');
    if (!file) throw new Error(`manifest: model "${k}" has no file`);
    const set = sets[featureSet];
    if (!set) throw new Error(`manifest: model "${k}" uses unknown feature set "${featureSet}"`);
    const dim = set.kind === 'features' ? set.layout.reduce((s, b) => s + b.dim, 0) : set.dim;
    models[k] = { file, featureSet, dim, kind: set.kind };
  }
  const featureModels = Object.keys(models).filter((k) => models[k].kind === 'features');
  if (featureModels.length === 0) throw new Error('manifest: no model reads text features');
  const byName = (n: string): string | undefined => (models[n]?.kind === 'features' ? n : undefined);
  const fastName = byName('fast') ?? featureModels.find((n) => models[n].featureSet === 'fast') ?? featureModels[0];
  const fullName = featureModels.find((n) => models[n].featureSet !== 'fast') ?? fastName;

  const encoder = m.encoder !== undefined ? parseEncoder(m.encoder) : undefined;
  const chunking = obj(m.chunking);
  const windowTokens = num(chunking?.window_tokens) ?? 150;
  const strideTokens = num(chunking?.stride_tokens) ?? 75;
  // One block, or a list of blocks each naming its modes (moderate's without the encoder, forensic's with it).
  const sentenceEvidence = (
    m.sentence_evidence === undefined
      ? []
      : Array.isArray(m.sentence_evidence)
        ? m.sentence_evidence
        : [m.sentence_evidence]
  ).map((b) => parseSentenceEvidence(b, models, encoder));
  const evidenceOf = (mode: DetectionMode): SentenceEvidencePlan | undefined => {
    const found = sentenceEvidence.filter((b) => b.modes.includes(mode));
    if (found.length > 1) throw new Error(`manifest: sentence_evidence names mode "${mode}" twice`);
    return found[0]?.plan;
  };
  const modesRaw = obj(m.modes) ?? {};
  const modes = {} as Record<DetectionMode, ModePlan>;
  for (const mode of DETECTION_MODES) {
    const o = obj(modesRaw[mode]);
    const lmModel = str(obj(o?.lm)?.model);
    let names: string[];
    if (Array.isArray(o?.models)) names = o.models.map(String);
    else if (o) throw new Error(`manifest: modes.${mode}.models must be a list`);
    else names = [byName(mode) ?? (mode === 'fast' ? fastName : fullName)];
    for (const n of names) if (!models[n]) throw new Error(`manifest: mode "${mode}" refers to unknown model "${n}"`);
    const docModel = names.find((n) => models[n].kind === 'features');
    if (!docModel) throw new Error(`manifest: mode "${mode}" has no model reading text features`);
    const agg = names.find((n) => models[n].kind === 'aggregate' && n !== lmModel);
    const rich = mode === 'strong' || mode === 'forensic';
    modes[mode] = {
      mode,
      label: MODE_LABELS[mode],
      documentModel: docModel,
      ...(agg ? { aggregator: { model: agg, windowTokens, strideTokens } } : {}),
      chunkModel: docModel,
      sentenceWindows: mode === 'forensic' ? [1, 2] : rich ? [1] : [],
      ...(rich ? { sentenceModel: docModel } : {}),
      operatingThreshold: num(o?.threshold) ?? DEFAULT_THRESHOLDS.ai,
      ...(o?.score_knots !== undefined ? { scoreKnots: parseKnots(mode, o.score_knots) } : {}),
      ...(o?.lm !== undefined ? { languageModel: parseLanguageModel(mode, o.lm, models, agg !== undefined) } : {}),
      ...(o?.encoder_stack !== undefined
        ? { encoderStack: parseEncoderStack(mode, o.encoder_stack, agg !== undefined, encoder) }
        : {}),
      ...(evidenceOf(mode) ? { sentenceEvidence: evidenceOf(mode) } : {}),
    };
  }
  // "p <= 0.2: 'likely human'" in verdict_bands: the probability that maps to the Human band edge.
  const bands = obj(m.verdict_bands);
  const noteHuman = /p\s*<=\s*([0-9.]+)\s*:\s*'likely human'/.exec(String(bands?.note ?? ''))?.[1];
  const humanProbability = num(bands?.human_max) ?? (noteHuman ? Number(noteHuman) : DEFAULT_THRESHOLDS.human);
  const minWords = num(m.min_words) ?? 50;
  const shortTextMaxScore = num(m.short_text_max_score);
  return {
    name: str(m.name) ?? 'inkprint-detector',
    version: String(m.version ?? '1'),
    featureVersion: String(m.feature_version ?? '1'),
    wordlistsFile: str(m.wordlists) ?? 'inkprint-wordlists.json',
    modelCard: str(m.model_card) ?? 'models/inkprint-detector.card.md',
    featureSets: Object.fromEntries(
      Object.entries(sets).flatMap(([k, s]) => (s.kind === 'features' ? [[k, s.layout]] : [])),
    ),
    models,
    ...(encoder ? { encoder } : {}),
    modes,
    thresholds: DEFAULT_THRESHOLDS,
    humanProbability,
    lengthPolicy: {
      minWords,
      reliableWords: Math.max(200, minWords * 4),
      ...(shortTextMaxScore !== undefined ? { shortTextMaxScore } : {}),
    },
    chunkSizeWords: windowTokens,
  };
}

/**
 * Maps a calibrated probability onto the product score the report bands and the 0.5 line read. With `knots` (the
 * manifest's score_knots: p at 0.5 and 0.65 chosen on human text of families never trained on) it is the
 * piecewise-linear map through them (ml/inkprint_ml/engine.py product_score). Without: the legacy map p =
 * humanProbability -> 0.35 and p = operatingThreshold -> 0.65, linear in between and to 0 / 1 at the ends. Monotone
 * either way, so AUROC is unchanged; `aiProbability` keeps the calibrated probability itself.
 */
export function productScore(
  p: number,
  humanProbability: number,
  operatingThreshold: number,
  t: Thresholds = DEFAULT_THRESHOLDS,
  knots?: readonly (readonly [number, number])[],
): number {
  if (knots && knots.length >= 2) {
    for (let i = 1; i < knots.length; i++) {
      const [p0, s0] = knots[i - 1];
      const [p1, s1] = knots[i];
      if (p <= p1) return p1 <= p0 ? s0 : s0 + ((p - p0) / (p1 - p0)) * (s1 - s0);
    }
    return knots[knots.length - 1][1];
  }
  const h = Math.min(humanProbability, operatingThreshold - 1e-6);
  const a = operatingThreshold;
  if (p <= h) return h > 0 ? (p / h) * t.human : t.human;
  if (p < a) return t.human + ((p - h) / (a - h)) * (t.ai - t.human);
  return a < 1 ? t.ai + ((p - a) / (1 - a)) * (1 - t.ai) : 1;
}
