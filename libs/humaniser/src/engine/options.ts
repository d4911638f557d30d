// What a humaniser is created with and what one request asks for, and the errors a request can fail with.
import type { DetectionMode, Detector, DetectorOptions } from '@inkprint/detector';
import type { Tone } from '../core/tones';
import type { LlmConfig } from './llm';
import type { MeaningEncoder } from './meaning';

export const MAX_CHARS = 20_000;

export type HumaniserErrorCode = 'INVALID_INPUT' | 'INVALID_TONE' | 'HUMANISER_CHAR_LIMIT';

export class HumaniserError extends Error {
  constructor(
    readonly code: HumaniserErrorCode,
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'HumaniserError';
  }
}

export interface HumaniserOptions {
  /** A detector to reuse (loading one is expensive); otherwise one is created with `detectorOptions`. */
  detector?: Detector;
  detectorOptions?: DetectorOptions;
  /** Detector mode that scores candidates and the result (default moderate). */
  mode?: DetectionMode;
  /** OpenAI-compatible chat endpoint; default from HUMANISER_LLM_URL (unset: built-in engine only); false: never. */
  llm?: LlmConfig | false;
  /** Largest input in characters (default 20,000, the largest plan's limit). */
  maxChars?: number;
  /** Detector calls the search may spend per text beyond the first (default 60). */
  searchBudget?: number;
  /** Weight of the distance to the tone's style targets in the search objective (default STYLE_WEIGHT). */
  styleWeight?: number;
  /** Reward for the share of words changed in the search and judge objectives (default CHANGE_WEIGHT; 0: none). */
  changeWeight?: number;
  /**
   * The sentence encoder of the meaning guard: a loaded one to reuse, or false for word overlap only. Default: loads
   * models/encoder (npm run models:fetch); without it the guard uses word overlap alone and the notes say so.
   */
  encoder?: MeaningEncoder | false;
  /**
   * 'auto' (default): when the detector's mode has its language model, the best JUDGE_CANDIDATES candidates are judged
   * by it (fluency, and the language-model-backed probability); 'off': the n-gram search's best is taken.
   */
  judge?: 'auto' | 'off';
  /** Candidates the judge weighs (default JUDGE_CANDIDATES). */
  judgeCandidates?: number;
  /**
   * The guided edit search (engine/guided.ts): word swaps where the guide detector sees the most machine evidence, up
   * to the tone's edit budget (EDIT_BUDGET). Default true; false: the plan's search alone.
   */
  guided?: boolean;
  /** Guide calls the guided search may spend per text (default GUIDED_CALLS). */
  guidedCalls?: number;
  /**
   * In-context proposals in the guided search (engine/lm-proposals.ts, issue 40): Gemma 3 270M's own alternatives at
   * the sentence's most predictable words, kept when they share a WordNet sense, read within the fluency bound and
   * keep the sentence's meaning. Needs the detector mode's language model and its top-k graph (npm run
   * models:fetch); without them the table's swaps alone. Default LM_PROPOSALS_DEFAULT.
   */
  lmProposals?: boolean;
}

/** Whether the guided search asks Gemma for in-context proposals unless told otherwise. */
export const LM_PROPOSALS_DEFAULT = false;

export interface HumaniseOptions {
  tone?: Tone | string;
  /**
   * Seed of the rewrite. Unset: the first request for a text and tone uses the default seed, and asking again for
   * the same text and tone on the same instance ('Regenerate') uses the next seed and avoids the rewrites already
   * returned.
   */
  seed?: string | number;
}
