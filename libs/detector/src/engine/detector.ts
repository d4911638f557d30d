// createDetector: loads the manifest, word lists and ONNX sessions once; falls back to the heuristic engine
// (engine 'heuristic') when the model cannot load. Safe to create one per worker thread.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { EMPTY_WORD_LISTS, TextFeatures, parseWordLists, type WordLists } from '../core/features';
import { normalize } from '../core/normalize';
import { HEURISTIC_PARAMS } from '../core/heuristic-params';
import {
  DEFAULT_MODE,
  DETECTION_MODES,
  isDetectionMode,
  type DetectionMode,
  type DetectionResult,
} from '../core/result';
import { analyze, modeProbability, type ProbabilityScorer } from './analyze';
import { HeuristicScorer } from './heuristic-scorer';
import { parseManifest, type DetectorPlan } from './manifest';
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
}

export interface DetectOptions {
  mode?: DetectionMode;
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
  loadMs: number;
}

export interface Detector {
  readonly info: DetectorInfo;
  detect(text: string, options?: DetectOptions): Promise<DetectionResult>;
  /** Only the calibrated probability of the mode's procedure (no chunks, sentences or result): parity and eval. */
  probability(text: string, options?: DetectOptions): Promise<{ probability: number; words: number }>;
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
  const activePlan = plan ?? fallbackPlan();
  const wordListsMissing = wordLists === EMPTY_WORD_LISTS;
  const engineWarning = fallbackReason
    ? `The detection model could not be loaded, so a simpler stylometric heuristic produced this score${wordListsMissing ? ' (without its word lists)' : ''}; treat it with caution.`
    : undefined;
  const chunkSizeWords = options.chunkSizeWords ?? activePlan.chunkSizeWords;
  const activeScorer = scorer;

  const info: DetectorInfo = {
    engine: activeScorer.engine,
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
    loadMs: Math.round((performance.now() - started) * 100) / 100,
  };

  return {
    info,
    detect(text: string, opts: DetectOptions = {}): Promise<DetectionResult> {
      const mode = opts.mode ?? DEFAULT_MODE;
      if (!isDetectionMode(mode))
        return Promise.reject(new Error(`unknown mode "${String(mode)}" (fast, moderate, strong, forensic)`));
      if (typeof text !== 'string') return Promise.reject(new Error('text must be a string'));
      return analyze(text, mode, {
        scorer: activeScorer,
        wordLists,
        plan: activePlan.modes[mode],
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
      return {
        probability: await modeProbability(doc, activePlan.modes[mode], activeScorer, wordLists),
        words: doc.words,
      };
    },
    async close(): Promise<void> {
      if (activeScorer instanceof OnnxScorer) await activeScorer.release();
    },
  };
}
