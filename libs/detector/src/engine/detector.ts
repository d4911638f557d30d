// createDetector: loads the manifest, word lists and ONNX sessions once; falls back to the heuristic engine
// (engine 'heuristic') when the model cannot load. Safe to create one per worker thread.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { EMPTY_WORD_LISTS, parseWordLists, type WordLists } from '../core/word-lists';
import { TextFeatures } from '../core/features';
import { normalize } from '../core/normalize';
import { HEURISTIC_PARAMS } from '../core/heuristic-params';
import {
  DEFAULT_MODE,
  DETECTION_MODES,
  isDetectionMode,
  type DetectionMode,
  type DetectionResult,
} from '../core/result';
import { analyze, asksAgreementHead, modeProbability, type ProbabilityScorer } from './analyze';
import { HeuristicScorer } from './heuristic-scorer';
import { EncoderRunner } from './encoder-runner';
import { LmRunner, lmFilesPresent } from './lm-runner';
import { parseManifest } from './manifest';
import type { DetectorPlan, LanguageModelPlan, ModePlan } from './manifest-plan';
import { OnnxScorer } from './onnx-scorer';

export const MANIFEST_FILE = 'inkprint-detector.json';
export const WORDLISTS_FILE = 'inkprint-wordlists.json';

export interface DetectorOptions {
  /** Folder with the manifest, word lists and ONNX files. Default: the repository's models/ (apps pass INKPRINT_MODELS_DIR). */
  modelsDir?: string;
  /** 'auto' (default): ONNX, heuristic if it cannot load. 'heuristic': never load ONNX. 'onnx': fail instead of falling back. */
  engine?: 'auto' | 'onnx' | 'heuristic';
  /** ONNX intra-op threads per detector (default 1: one detector per core/worker). */
  threads?: number;
  /** Override the manifest's chunk size. */
  chunkSizeWords?: number;
  /**
   * 'auto' (default): use the language model (Gemma 3 270M, `npm run models:fetch`) in the modes whose manifest entry
   * stacks it, when its files are present; 'off': never load it (those modes run on the n-gram models alone).
   * Apps pass INKPRINT_LANGUAGE_MODEL (@inkprint/config engine settings).
   */
  languageModel?: 'auto' | 'off';
}

export interface DetectOptions {
  mode?: DetectionMode;
  /**
   * 'off': this call runs the mode's procedure without the language model (n-gram, and the fine-tuned encoder where
   * the mode stacks it) even where the mode uses the language model (the humaniser's candidate search scores dozens
   * of variants; its before/after evaluation keeps the language model).
   */
  languageModel?: 'off';
  /**
   * 'off' (`probability` only): the mode's n-gram model without the fine-tuned encoder stacked on it (~200 ms a text
   * saved; the humaniser's candidate search, whose few best candidates are then judged with the encoder).
   */
  encoder?: 'off';
}

export interface DetectorInfo {
  engine: string;
  modelVersion: string;
  modelsDir: string | undefined;
  models: string[];
  fallbackReason?: string;
  thresholds: DetectorPlan['thresholds'];
  /**
   * Per mode: the model card's validation operating point on the calibrated probability (manifest modes[m].threshold).
   * It maps to score 0.65 only for manifests without score_knots; with them the 0.5 / 0.65 lines are `scoreKnots`.
   */
  operatingThresholds: Record<DetectionMode, number>;
  humanProbability: number;
  /** Per mode: the product-score knots [probability, score] when the manifest has them (0.5 and 0.65 lines). */
  scoreKnots?: Partial<Record<DetectionMode, [number, number][]>>;
  minWords: number;
  chunkSizeWords: number;
  modelCard?: string;
  /**
   * The language model stacked into some modes: available (its files were found; it loads on the first request of
   * such a mode), or why not.
   */
  languageModel?: { name: string; available: boolean; modes: DetectionMode[]; dir: string; reason?: string };
  loadMs: number;
}

export interface Detector {
  readonly info: DetectorInfo;
  detect(text: string, options?: DetectOptions): Promise<DetectionResult>;
  /** Only the calibrated probability of the mode's procedure (no chunks, sentences or result): parity and eval. */
  probability(text: string, options?: DetectOptions): Promise<{ probability: number; words: number }>;
  /**
   * The language model the mode stacks (shared with detect, loaded on first use), how many tokens the mode scores and,
   * for a cascade, its gate on the probability without the language model (the model runs only inside it); undefined
   * where the mode has none or it is not available. The humaniser's judge reads its surprisal.
   */
  languageModel(
    mode?: DetectionMode,
  ): Promise<{ runner: LmRunner; maxTokens: number; gate?: [number, number] } | undefined>;
  close(): Promise<void>;
}

/** Walks up from this file to find a `models/` folder holding the word lists (works from src/ and dist/). */
export function findModelsDir(start = __dirname): string | undefined {
  let dir = start;
  for (let i = 0; i < 8; i++) {
    const candidate = path.join(dir, 'models');
    if (fs.existsSync(path.join(candidate, WORDLISTS_FILE))) return candidate;
    const up = path.dirname(dir);
    if (up === dir) break;
    dir = up;
  }
  return undefined;
}

function readJson(file: string): unknown {
  return JSON.parse(fs.readFileSync(file, 'utf8'));
}

/** Plan for the heuristic engine when there is no readable manifest: default thresholds and modes. */
function fallbackPlan(): DetectorPlan {
  return parseManifest({
    name: 'heuristic',
    version: HEURISTIC_PARAMS.version,
    models: { fast: { file: '-', feature_set: 'fast' }, full: { file: '-', feature_set: 'full' } },
  });
}

export async function createDetector(options: DetectorOptions = {}): Promise<Detector> {
  const started = performance.now();
  const modelsDir = options.modelsDir ?? findModelsDir();
  const want = options.engine ?? 'auto';
  let plan: DetectorPlan | undefined;
  let wordLists: WordLists = EMPTY_WORD_LISTS;
  let scorer: ProbabilityScorer | undefined;
  let encoder: EncoderRunner | undefined;
  const problems: string[] = [];

  try {
    if (!modelsDir) throw new Error('no models/ folder found (pass modelsDir; apps read INKPRINT_MODELS_DIR)');
    try {
      plan = parseManifest(readJson(path.join(modelsDir, MANIFEST_FILE)));
    } catch (e) {
      problems.push(`manifest: ${(e as Error).message}`);
    }
    wordLists = parseWordLists(readJson(path.join(modelsDir, plan?.wordlistsFile ?? WORDLISTS_FILE)));
    if (plan && want !== 'heuristic') {
      const p = plan;
      const files = Object.entries(p.models).map(([name, spec]) => ({
        name,
        path: path.resolve(modelsDir, spec.file),
        dim: spec.dim,
        ...(spec.kind === 'features' ? { layout: p.featureSets[spec.featureSet] } : {}),
      }));
      // The fine-tuned encoder ships in models/ like the n-gram graphs: a mode that stacks it cannot run without it.
      if (p.encoder)
        encoder = await EncoderRunner.load(
          path.resolve(modelsDir, p.encoder.file),
          path.resolve(modelsDir, p.encoder.tokenizer),
          p.encoder.maxTokens,
          options.threads ?? 1,
        );
      // A manifest whose modes ask the encoder's agreement head to agree needs a graph that has it (issue 38).
      if (Object.values(p.modes).some(asksAgreementHead) && !encoder?.hasAgreement)
        throw new Error(`${p.encoder?.file ?? 'the encoder'} has no agreement head, which the manifest's modes need`);
      scorer = await OnnxScorer.load(
        `${p.name.replace(/-detector$/, '')}-onnx-v${p.version.split('.')[0]}`,
        files,
        options.threads ?? 1,
      );
    }
  } catch (e) {
    problems.push((e as Error).message);
  }
  if (!scorer && want === 'onnx') throw new Error(`ONNX detector could not load: ${problems.join('; ')}`);

  let fallbackReason: string | undefined;
  if (!scorer) {
    scorer = new HeuristicScorer();
    if (want !== 'heuristic') fallbackReason = problems.join('; ') || 'model unavailable';
    // The model's operating points do not apply to the heuristic: its own bands are the plain 0.35 / 0.65;
    // the manifest's minimum length and chunking still do.
    const own = fallbackPlan();
    plan = plan
      ? { ...own, lengthPolicy: plan.lengthPolicy, chunkSizeWords: plan.chunkSizeWords, modelCard: plan.modelCard }
      : own;
  }
  // The language model: found at creation, loaded on the first request of a mode that uses it (moderate, strong and
  // forensic run it in a cascade, only on texts their n-gram probability cannot settle; a manifest may also stack it
  // on forensic's aggregator; about 1 GB of weights, so detectors that only run fast never pay for it), then kept.
  const lmPlan = plan ? languageModelPlans(plan)[0]?.[1] : undefined;
  const lmInfo =
    plan && modelsDir
      ? languageModelOf(plan, modelsDir, options.languageModel ?? 'auto', scorer instanceof OnnxScorer)
      : undefined;
  const lmDir = lmInfo?.available ? lmInfo.dir : undefined;
  // Per mode, the plan without the language model; and, where it is available, the plan with it (its stacker's knots).
  const basePlans = plan ? withoutLanguageModel(plan.modes) : undefined;
  if (plan && basePlans) plan = { ...plan, modes: lmDir ? withLanguageModel(plan.modes) : basePlans };
  let lmLoading: Promise<LmRunner | undefined> | undefined;
  const loadLanguageModel = (): Promise<LmRunner | undefined> => {
    if (!lmDir || !lmInfo || !lmPlan) return Promise.resolve(undefined);
    lmLoading ??= LmRunner.load(lmDir, options.threads ?? 1, lmPlan).catch((e: unknown) => {
      // A broken download must not take forensic mode down: it runs without the language model from then on.
      if (lmInfo) Object.assign(lmInfo, { available: false, reason: `could not load: ${(e as Error).message}` });
      return undefined;
    });
    return lmLoading;
  };
  const activePlan = plan ?? fallbackPlan();
  const wordListsMissing = wordLists === EMPTY_WORD_LISTS;
  const engineWarning = fallbackReason
    ? `The detection model could not be loaded, so a simpler stylometric heuristic produced this score${wordListsMissing ? ' (without its word lists)' : ''}; treat it with caution.`
    : undefined;
  const chunkSizeWords = options.chunkSizeWords ?? activePlan.chunkSizeWords;
  const activeScorer = scorer;
  // The engine names the evidence a detection used: the n-gram models, then the fine-tuned encoder where the mode
  // stacks it, then the language model where the mode runs it (a cascade names it whether or not the gate opened).
  const encoderName = encoder && plan?.encoder && activeScorer instanceof OnnxScorer ? plan.encoder.name : undefined;
  const engineOf = (withEncoder: boolean, withLanguageModel: boolean): string =>
    [
      activeScorer.engine,
      ...(withEncoder && encoderName ? [encoderName] : []),
      ...(withLanguageModel && lmInfo ? [lmInfo.name] : []),
    ].join('+');

  const info: DetectorInfo = {
    engine: engineOf(true, lmDir !== undefined), // everything loaded
    modelVersion: activeScorer instanceof OnnxScorer ? activePlan.version : HEURISTIC_PARAMS.version,
    modelsDir,
    models: activeScorer instanceof OnnxScorer ? activeScorer.modelNames() : [],
    ...(fallbackReason ? { fallbackReason } : {}),
    thresholds: activePlan.thresholds,
    operatingThresholds: Object.fromEntries(
      DETECTION_MODES.map((m) => [m, activePlan.modes[m].operatingThreshold]),
    ) as Record<DetectionMode, number>,
    humanProbability: activePlan.humanProbability,
    ...(DETECTION_MODES.some((m) => activePlan.modes[m].scoreKnots)
      ? {
          scoreKnots: Object.fromEntries(
            DETECTION_MODES.flatMap((m) =>
              activePlan.modes[m].scoreKnots ? [[m, activePlan.modes[m].scoreKnots]] : [],
            ),
          ),
        }
      : {}),
    minWords: activePlan.lengthPolicy.minWords,
    chunkSizeWords,
    ...(activePlan.modelCard ? { modelCard: activePlan.modelCard } : {}),
    ...(lmInfo ? { languageModel: lmInfo } : {}),
    loadMs: Math.round((performance.now() - started) * 100) / 100,
  };

  /** The mode's plan: with the language model when the mode stacks it and it loads, else the n-gram plan. */
  const planFor = async (
    mode: DetectionMode,
    setting?: 'off',
  ): Promise<{ plan: ModePlan; languageModel?: LmRunner }> => {
    const modePlan = activePlan.modes[mode];
    if (!modePlan.languageModel || !basePlans) return { plan: modePlan };
    if (setting === 'off') return { plan: basePlans[mode] };
    const languageModel = await loadLanguageModel();
    return languageModel ? { plan: modePlan, languageModel } : { plan: basePlans[mode] };
  };

  return {
    info,
    async detect(text: string, opts: DetectOptions = {}): Promise<DetectionResult> {
      const mode = opts.mode ?? DEFAULT_MODE;
      if (!isDetectionMode(mode)) throw new Error(`unknown mode "${String(mode)}" (fast, moderate, strong, forensic)`);
      if (typeof text !== 'string') throw new Error('text must be a string');
      const { plan: modePlan, languageModel } = await planFor(mode, opts.languageModel);
      return analyze(text, mode, {
        scorer: activeScorer,
        ...(encoder ? { encoder } : {}),
        engineName: engineOf(modePlan.encoderStack !== undefined, languageModel !== undefined),
        ...(languageModel ? { languageModel } : {}),
        wordLists,
        plan: modePlan,
        thresholds: activePlan.thresholds,
        humanProbability: activePlan.humanProbability,
        lengthPolicy: activePlan.lengthPolicy,
        chunkSizeWords,
        engineWarning,
      });
    },
    async probability(text: string, opts: DetectOptions = {}): Promise<{ probability: number; words: number }> {
      const mode = opts.mode ?? DEFAULT_MODE;
      if (!isDetectionMode(mode)) throw new Error(`unknown mode "${String(mode)}" (fast, moderate, strong, forensic)`);
      const doc = new TextFeatures(normalize(text), wordLists);
      const { plan: modePlan, languageModel } = await planFor(mode, opts.languageModel);
      const plan = opts.encoder === 'off' ? withoutEncoder(modePlan) : modePlan;
      return {
        probability: await modeProbability(doc, plan, activeScorer, wordLists, languageModel, encoder),
        words: doc.words,
      };
    },
    async languageModel(mode: DetectionMode = DEFAULT_MODE) {
      const lm = activePlan.modes[mode]?.languageModel;
      const runner = lm ? await loadLanguageModel() : undefined;
      return runner && lm ? { runner, maxTokens: lm.maxTokens, ...(lm.gate ? { gate: lm.gate } : {}) } : undefined;
    },
    async close(): Promise<void> {
      if (activeScorer instanceof OnnxScorer) await activeScorer.release();
      await encoder?.release();
      await (await lmLoading)?.release();
    },
  };
}

/** The modes whose manifest entry uses the language model, each with its plan (they share one model). */
function languageModelPlans(plan: DetectorPlan): Array<readonly [DetectionMode, LanguageModelPlan]> {
  return DETECTION_MODES.flatMap((m) => {
    const lm = plan.modes[m].languageModel;
    return lm ? [[m, lm] as const] : [];
  });
}

/**
 * Whether the language model of a manifest's modes can be used, and why not (files missing, turned off, the n-gram
 * models not loaded), from the files alone: nothing is loaded. `undefined` when no mode uses one.
 */
export function languageModelOf(
  plan: DetectorPlan,
  modelsDir: string,
  setting: 'auto' | 'off',
  ngramLoaded = true,
): DetectorInfo['languageModel'] {
  const lmPlans = languageModelPlans(plan);
  if (lmPlans.length === 0) return undefined;
  const lm: LanguageModelPlan = lmPlans[0][1];
  const dir = path.resolve(modelsDir, lm.dir);
  let reason: string | undefined;
  if (!ngramLoaded) reason = 'the n-gram models did not load';
  else if (setting === 'off') reason = 'turned off (languageModel: off, INKPRINT_LANGUAGE_MODEL=off in the apps)';
  else if (!lmFilesPresent(dir, lm)) reason = `files not found in ${dir} (run npm run models:fetch)${startStatus(dir)}`;
  return { name: lm.name, available: !reason, modes: lmPlans.map(([m]) => m), dir, ...(reason ? { reason } : {}) };
}

/**
 * The language model as the apps would find it (`INKPRINT_MODELS_DIR` or the repository's models/, and the
 * INKPRINT_LANGUAGE_MODEL setting), for start-up lines and `/health`, without creating a detector.
 */
export function languageModelStatus(
  options: Pick<DetectorOptions, 'modelsDir' | 'languageModel'> = {},
): DetectorInfo['languageModel'] {
  const modelsDir = options.modelsDir ?? findModelsDir();
  if (!modelsDir) return undefined;
  try {
    return languageModelOf(
      parseManifest(readJson(path.join(modelsDir, MANIFEST_FILE))),
      modelsDir,
      options.languageModel ?? 'auto',
    );
  } catch {
    return undefined;
  }
}

/**
 * Why `npm start` (scripts/start-lm.sh, its prestart) left the language model out, from models/lm/.start-status:
 * '' when it fetched it or never ran.
 */
function startStatus(dir: string): string {
  try {
    const line = fs.readFileSync(path.join(dir, '.start-status'), 'utf8').trim();
    return line && line !== 'ok' ? `; npm start: ${line}` : '';
  } catch {
    return '';
  }
}

/** Every mode without its language-model variant (the n-gram procedure and knots). */
/** The plan without its encoder stack (DetectOptions.encoder 'off'). */
function withoutEncoder(plan: ModePlan): ModePlan {
  if (!plan.encoderStack) return plan;
  const { encoderStack: _dropped, ...rest } = plan;
  return rest;
}

function withoutLanguageModel(modes: Record<DetectionMode, ModePlan>): Record<DetectionMode, ModePlan> {
  return Object.fromEntries(
    DETECTION_MODES.map((m) => {
      const { languageModel: _unused, ...rest } = modes[m];
      return [m, rest];
    }),
  ) as Record<DetectionMode, ModePlan>;
}

/** Every mode with its language-model variant in force (its stacker's score knots) where it has one. */
function withLanguageModel(modes: Record<DetectionMode, ModePlan>): Record<DetectionMode, ModePlan> {
  return Object.fromEntries(
    DETECTION_MODES.map((m) => {
      const lm = modes[m].languageModel;
      return [m, lm ? { ...modes[m], scoreKnots: lm.scoreKnots } : modes[m]];
    }),
  ) as Record<DetectionMode, ModePlan>;
}
