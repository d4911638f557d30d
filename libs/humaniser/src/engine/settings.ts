// A humaniser's settings, read once from its options: the detector that guides and evaluates, the meaning guard's
// sentence encoder, the search and judge budgets, the objective's weights.
import { createDetector, type DetectionMode, type Detector } from '@inkprint/detector';
import { JUDGE_CANDIDATES } from './judge';
import type { LlmConfig } from './llm';
import { MeaningEncoder, type EncoderState } from './meaning';
import { CHANGE_WEIGHT, STYLE_WEIGHT, type ObjectiveWeights } from './objective';
import { LM_PROPOSALS_DEFAULT, MAX_CHARS, type HumaniserOptions } from './options';

export interface EngineSettings extends ObjectiveWeights {
  detector: Detector;
  /** Created here (closed with the humaniser) rather than passed in. */
  ownsDetector: boolean;
  mode: DetectionMode;
  llm: LlmConfig | undefined;
  maxChars: number;
  /** Detector calls the plan's search may spend per text beyond the first. */
  budget: number;
  judgeMode: 'auto' | 'off';
  judgeCandidates: number;
  guidedOn: boolean;
  guidedCalls: number | undefined;
  /** In-context proposals (Gemma's alternatives) in the guided search. */
  lmProposals: boolean;
  meaning: EncoderState;
  /** Loaded here (released with the humaniser) rather than passed in. */
  ownsEncoder: boolean;
}

export async function engineSettings(options: HumaniserOptions): Promise<EngineSettings> {
  const ownsDetector = !options.detector;
  const detector = options.detector ?? (await createDetector(options.detectorOptions ?? {}));
  const mode = options.mode ?? 'moderate';
  const llm = options.llm === false ? undefined : options.llm;
  const maxChars = options.maxChars ?? MAX_CHARS;
  const budget = options.searchBudget ?? 60;
  const styleWeight = options.styleWeight ?? STYLE_WEIGHT;
  const changeWeight = options.changeWeight ?? CHANGE_WEIGHT;
  const judgeMode = options.judge ?? 'auto';
  const judgeCandidates = Math.max(1, options.judgeCandidates ?? JUDGE_CANDIDATES);
  const guidedOn = options.guided ?? true;
  const guidedCalls = options.guidedCalls;
  const lmProposals = options.lmProposals ?? LM_PROPOSALS_DEFAULT;
  const meaning: EncoderState =
    options.encoder === false
      ? { reason: 'the sentence encoder is turned off' }
      : options.encoder
        ? { encoder: options.encoder }
        : detector.info.engine === 'heuristic'
          ? {
              reason: 'the detector runs without ONNX (heuristic engine), so the sentence encoder is not loaded either',
            }
          : await MeaningEncoder.load();
  const ownsEncoder = options.encoder === undefined && meaning.encoder !== undefined;
  return {
    detector,
    ownsDetector,
    mode,
    llm,
    maxChars,
    budget,
    styleWeight,
    changeWeight,
    judgeMode,
    judgeCandidates,
    guidedOn,
    guidedCalls,
    lmProposals,
    meaning,
    ownsEncoder,
  };
}
