// The model manifest (models/inkprint-detector.json, written by ml/) parsed into the engine's plan.
// Parsing is pure and tolerant of missing optional fields; anything the engine cannot run is an error.
import { FEATURE_SETS, type FeatureFamily, type FeatureSetLayout } from '../core/features';
import { DEFAULT_THRESHOLDS, DETECTION_MODES, type DetectionMode, type LengthPolicy, type Thresholds } from '../core/result';

export interface ModelRef {
  /** key in `models` */
  model: string;
  weight: number;
}

export interface ModePlan {
  mode: DetectionMode;
  label: string;
  /** Document probability: weighted mean of these models' logits. */
  models: ModelRef[];
  /** Models scoring each chunk (empty: chunks inherit the document probability). */
  chunkModels: ModelRef[];
  /** How each sentence gets its score: inherit its chunk's, or score a window of +-k sentences around it. */
  sentenceWindows: number[];
  sentenceModels: ModelRef[];
  /** Weight of the length-weighted chunk mean in the document logit (0: the whole-document score only). */
  chunkBlend: number;
}

export interface ModelSpec {
  file: string;
  featureSet: string;
}

export interface DetectorPlan {
  name: string;
  version: string;
  featureVersion: string;
  wordlistsFile: string;
  modelCard?: string;
  featureSets: Record<string, FeatureSetLayout>;
  models: Record<string, ModelSpec>;
  modes: Record<DetectionMode, ModePlan>;
  thresholds: Thresholds;
  /** Threshold used for "flagged as AI" in eval (FPR at the default operating point). */
  operatingThreshold: number;
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
function pick(o: Json | undefined, ...keys: string[]): unknown {
  if (!o) return undefined;
  for (const k of keys) if (o[k] !== undefined) return o[k];
  return undefined;
}

function parseLayout(x: unknown): FeatureSetLayout | undefined {
  const blocks = Array.isArray(x) ? x : (pick(obj(x), 'blocks', 'layout') as unknown);
  if (!Array.isArray(blocks)) return undefined;
  const out: { family: FeatureFamily; dim: number }[] = [];
  for (const b of blocks) {
    const fam = Array.isArray(b) ? b[0] : pick(obj(b), 'family', 'name', 'block');
    const dim = Array.isArray(b) ? b[1] : pick(obj(b), 'dim', 'size');
    if ((fam !== 'word' && fam !== 'char' && fam !== 'dense') || typeof dim !== 'number') return undefined;
    out.push({ family: fam, dim });
  }
  return out;
}

function parseRefs(x: unknown, models: Record<string, ModelSpec>): ModelRef[] | undefined {
  if (x === undefined || x === null) return undefined;
  const list = Array.isArray(x) ? x : [x];
  const refs: ModelRef[] = [];
  for (const item of list) {
    const name = typeof item === 'string' ? item : str(pick(obj(item), 'model', 'name'));
    const weight = typeof item === 'string' ? 1 : (num(pick(obj(item), 'weight')) ?? 1);
    if (!name || !models[name]) throw new Error(`manifest: mode refers to unknown model "${String(name)}"`);
    refs.push({ model: name, weight });
  }
  return refs;
}

/** Parse models/inkprint-detector.json. Throws an Error naming the offending field. */
export function parseManifest(raw: unknown): DetectorPlan {
  const m = obj(raw);
  if (!m) throw new Error('manifest: expected a JSON object');
  const featureSets: Record<string, FeatureSetLayout> = { ...FEATURE_SETS };
  const fsRaw = obj(pick(m, 'feature_sets', 'featureSets'));
  for (const [k, v] of Object.entries(fsRaw ?? {})) {
    const layout = parseLayout(v);
    if (layout) featureSets[k] = layout;
    else if (!featureSets[k]) throw new Error(`manifest: feature set "${k}" has no readable layout`);
  }
  const models: Record<string, ModelSpec> = {};
  const modelsRaw = obj(pick(m, 'models'));
  if (!modelsRaw) throw new Error('manifest: "models" is missing');
  for (const [k, v] of Object.entries(modelsRaw)) {
    const o = obj(v);
    const file = str(typeof v === 'string' ? v : pick(o, 'file', 'path', 'onnx'));
    const featureSet = str(pick(o, 'feature_set', 'featureSet', 'features')) ?? (k.includes('fast') ? 'fast' : 'full');
    if (!file) throw new Error(`manifest: model "${k}" has no file`);
    if (!featureSets[featureSet]) throw new Error(`manifest: model "${k}" uses unknown feature set "${featureSet}"`);
    models[k] = { file, featureSet };
  }
  const names = Object.keys(models);
  if (names.length === 0) throw new Error('manifest: no models');
  const fastName = names.find((n) => models[n].featureSet === 'fast') ?? names[0];
  const fullName = names.find((n) => models[n].featureSet !== 'fast') ?? fastName;

  const modesRaw = obj(pick(m, 'modes')) ?? {};
  const defaults: Record<DetectionMode, Omit<ModePlan, 'mode' | 'label'>> = {
    fast: { models: [{ model: fastName, weight: 1 }], chunkModels: [{ model: fastName, weight: 1 }], sentenceWindows: [], sentenceModels: [], chunkBlend: 0 },
    moderate: { models: [{ model: fullName, weight: 1 }], chunkModels: [{ model: fullName, weight: 1 }], sentenceWindows: [], sentenceModels: [], chunkBlend: 0 },
    strong: {
      models: [{ model: fullName, weight: 1 }],
      chunkModels: [{ model: fullName, weight: 1 }],
      sentenceWindows: [1],
      sentenceModels: [{ model: fullName, weight: 1 }],
      chunkBlend: 0,
    },
    forensic: {
      models: [{ model: fullName, weight: 2 }, { model: fastName, weight: 1 }],
      chunkModels: [{ model: fullName, weight: 2 }, { model: fastName, weight: 1 }],
      sentenceWindows: [1, 2],
      sentenceModels: [{ model: fullName, weight: 1 }],
      chunkBlend: 0.25,
    },
  };
  const modes = {} as Record<DetectionMode, ModePlan>;
  for (const mode of DETECTION_MODES) {
    const o = obj(modesRaw[mode]);
    const d = defaults[mode];
    const docModels = parseRefs(pick(o, 'models', 'model', 'ensemble'), models) ?? d.models;
    const windowsRaw = pick(o, 'sentence_windows', 'sentenceWindows', 'sentence_window');
    const windows = Array.isArray(windowsRaw) ? windowsRaw.filter((w): w is number => typeof w === 'number') : typeof windowsRaw === 'number' ? [windowsRaw] : d.sentenceWindows;
    modes[mode] = {
      mode,
      label: str(pick(o, 'label', 'mode_label', 'modeLabel')) ?? MODE_LABELS[mode],
      models: docModels,
      chunkModels: parseRefs(pick(o, 'chunk_models', 'chunkModels', 'chunk_model'), models) ?? (o ? docModels : d.chunkModels),
      sentenceWindows: windows,
      sentenceModels: parseRefs(pick(o, 'sentence_models', 'sentenceModels', 'sentence_model'), models) ?? (o ? docModels.slice(0, 1) : d.sentenceModels),
      chunkBlend: num(pick(o, 'chunk_blend', 'chunkBlend')) ?? d.chunkBlend,
    };
  }
  const th = obj(pick(m, 'thresholds'));
  const thresholds: Thresholds = {
    human: num(pick(th, 'human', 'human_max', 'humanMax')) ?? DEFAULT_THRESHOLDS.human,
    ai: num(pick(th, 'ai', 'ai_min', 'aiMin')) ?? DEFAULT_THRESHOLDS.ai,
  };
  if (!(thresholds.human < thresholds.ai)) throw new Error('manifest: thresholds.human must be below thresholds.ai');
  const minWords = num(pick(m, 'min_words', 'minWords', 'minimum_words')) ?? num(pick(obj(pick(m, 'length')), 'min_words')) ?? 50;
  return {
    name: str(pick(m, 'name')) ?? 'inkprint-detector',
    version: String(pick(m, 'version', 'model_version') ?? '1'),
    featureVersion: String(pick(m, 'feature_version', 'featureVersion') ?? '1'),
    wordlistsFile: str(pick(m, 'wordlists', 'wordlists_file')) ?? 'inkprint-wordlists.json',
    modelCard: str(pick(m, 'model_card', 'modelCard', 'card')),
    featureSets,
    models,
    modes,
    thresholds,
    operatingThreshold: num(pick(th, 'default', 'operating', 'operating_point', 'flag')) ?? thresholds.ai,
    lengthPolicy: { minWords, reliableWords: num(pick(m, 'reliable_words', 'reliableWords')) ?? Math.max(minWords * 4, 200) },
    chunkSizeWords: num(pick(m, 'chunk_size_words', 'chunkSizeWords', 'chunk_words')) ?? 200,
  };
}

/** The plan used by the heuristic engine when no manifest can be read. */
export const HEURISTIC_PLAN_DEFAULTS = {
  thresholds: DEFAULT_THRESHOLDS,
  lengthPolicy: { minWords: 50, reliableWords: 200 },
  chunkSizeWords: 200,
} as const;
