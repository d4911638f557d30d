// What a rewrite returns: the result, how the judge chose it, and the candidates the steps pass along.
import type { Detector } from '@inkprint/detector';
import type { Changes } from '../core/operators';
import type { Choice, Plan } from '../core/plan';
import type { Similarity } from '../core/similarity';
import type { StyleKey, StyleStats } from '../core/style';
import type { Tone, ToneProfile } from '../core/tones';
import type { HumaniserEvaluation } from './evaluation';
import type { GuidedReport } from './guided';
import type { MeaningEncoder, MeaningScore } from './meaning';
import type { HumaniseOptions } from './options';

export interface HumaniseResult {
  /** The rewritten text. */
  humanised: string;
  /** One short line for the user saying what changed. */
  notes: string;
  original: string;
  /** Words of the input (detector tokenisation). */
  words: number;
  tone: Tone;
  /** The preset `auto` resolved to (equals `tone` otherwise). */
  appliedTone: Exclude<Tone, 'auto'>;
  /** The detector's evaluation of the rewrite (spec: verdict 'Humanised' at <= 0.5; badge humanised/borderline/ai). */
  evaluation: HumaniserEvaluation;
  /** The same evaluation of the input. */
  before: HumaniserEvaluation;
  similarity: Similarity & { threshold: number };
  /**
   * The sentence encoder's figures for the rewrite (cosine per sentence and paragraph, the thresholds), or why it was
   * not used (`encoder: null`: meaning was checked by word overlap only).
   */
  meaning: MeaningScore | { encoder: null; reason: string };
  /** How the rewrite was chosen among candidates. */
  judge: JudgeReport;
  changes: Changes;
  engine: 'builtin' | 'llm';
  timings: { durationMs: number; detectorCalls: number };
  /** The tone's style targets and which of them the rewrite meets (core/style.ts). */
  style: { met: StyleKey[]; missed: StyleKey[]; before: StyleStats; after: StyleStats };
  /** Share of the input's words that are not in the rewrite at the same place (word-level edit distance / words). */
  changedWords: number;
  /** Seed the rewrite used ('' = the default). */
  seed: string;
  /**
   * What the guided edit search did (absent when it was off): the guide it queried (the moderate detector with its
   * language model off; never the forensic mode or the independent detector that judge the result), the sentences it
   * edited and the swaps it kept, and the sentences of the result the guide still reads as AI (probability >= 0.5 for
   * the sentence alone).
   */
  guided?: GuidedReport & { used: boolean; stillAi: string[] };
}

export interface Humaniser {
  humanise(text: string, options?: HumaniseOptions): Promise<HumaniseResult>;
  readonly detector: Detector;
  /** The meaning guard's sentence encoder, when loaded. */
  readonly meaning: MeaningEncoder | undefined;
  close(): Promise<void>;
}

export interface JudgeReport {
  /** 'language-model': Gemma's fluency check and the language-model-backed detector; 'n-gram': the search's detector. */
  by: 'language-model' | 'n-gram';
  /** Distinct guarded candidates weighed (the LLM provider's rewrite included). */
  candidates: number;
  /** Why the language model did not judge (by 'n-gram'). */
  reason?: string;
  /**
   * Gemma's mean log-probability per token of the chosen rewrite over the tokens the mode scores, the human floor it
   * had to reach, and the input's figure when it was needed (an input below the floor itself).
   */
  fluency?: { before?: number; after: number; floor: number };
  /** Candidates refused as less fluent than human text / the input allows. */
  disfluent?: number;
  /**
   * Candidates behind the search's best left unweighed because the detector would have needed a language-model pass
   * of their own (their first tokens differ and the cascade's gate holds them).
   */
  unread?: number;
}

/** A rewrite that passed the guards, on its way to the judge. */
export interface Candidate {
  text: string;
  changes: Changes;
  sim: Similarity;
  choice?: Choice;
  /** The plan the choice refers to (the guided search's extended copy) and its variants' cosines. */
  plan?: Plan;
  cos?: Map<string, number>;
  engine: 'builtin' | 'llm';
  logp?: number;
}

/** One request as the steps see it: the text, its tone and seed, the plan, and what the steps share. */
export interface RewriteRequest {
  text: string;
  tone: Tone;
  profile: ToneProfile;
  /** The seed label the caller asked for or the history gave ('' = the default) and the seed it makes. */
  seedLabel: string;
  seed: string;
  plan: Plan;
  /** Sentences the plan removed (assistant framing): the guards do not look for them in the rewrite. */
  ignore: string[];
  /** Rewrites returned before for this text and tone (never chosen again). */
  avoid: Set<string>;
  /** Detector calls spent so far. */
  counter: { calls: number };
}
