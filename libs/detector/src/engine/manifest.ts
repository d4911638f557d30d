// The model manifest (models/inkprint-detector.json, written by ml/inkprint_ml/card.py) parsed into the
// engine's per-mode plan (manifest-plan.ts). Pure; throws an Error naming the offending field when the engine cannot
// run it. Its blocks: manifest-feature-sets.ts, manifest-mode-blocks.ts, sentence-evidence-block.ts.
import { FEATURE_SETS } from '../core/feature-sets';
import { DEFAULT_THRESHOLDS, DETECTION_MODES, type DetectionMode } from '../core/result';
import { parseFeatureSet, type ParsedSet } from './manifest-feature-sets';
import { num, obj, str } from './manifest-json';
import { parseEncoder, parseEncoderStack, parseKnots, parseLanguageModel } from './manifest-mode-blocks';
import type { DetectorPlan, ModelSpec, ModePlan, SentenceEvidencePlan } from './manifest-plan';
import { parseSentenceEvidence } from './sentence-evidence-block';

const MODE_LABELS: Record<DetectionMode, string> = {
  fast: 'Fast',
  moderate: 'Moderate (chunked)',
  strong: 'Strong (chunked)',
  forensic: 'Forensic (chunked, sampled)',
};

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
