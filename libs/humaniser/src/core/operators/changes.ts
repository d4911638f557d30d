// What an operator changed (counts per operator, reported in the result and the notes) and the options every
// sentence operator takes. Randomness only comes from the seeded `Rng` passed in.
import type { Rng } from '../rng';
import type { ToneProfile } from '../tones';

export interface Changes {
  phrases: number;
  hedges: number;
  /** Wordy expressions put plainly ("prior to" -> "before", core/plain-phrases.ts). */
  plain: number;
  transitions: number;
  words: number;
  contractions: number;
  expansions: number;
  dashes: number;
  splits: number;
  merges: number;
  /** Fronted clauses moved to the end or trailing ones moved to the front. */
  reorders: number;
  /** Generic subjects ("individuals can") addressed to the reader ("you can"). */
  person: number;
  /** Words moved to the tone's register ("big" -> "large" for formal, "obtain" -> "get" for casual). */
  register: number;
  /** Short lists folded into a sentence. */
  lists: number;
  /** Passive sentences with an explicit agent made active ("was approved by the Senate" -> "the Senate approved"). */
  voice: number;
}

export function noChanges(): Changes {
  return {
    phrases: 0,
    hedges: 0,
    plain: 0,
    transitions: 0,
    words: 0,
    contractions: 0,
    expansions: 0,
    dashes: 0,
    splits: 0,
    merges: 0,
    reorders: 0,
    person: 0,
    register: 0,
    lists: 0,
    voice: 0,
  };
}

export function addChanges(a: Changes, b: Changes): Changes {
  const out = { ...a };
  for (const k of Object.keys(b) as (keyof Changes)[]) out[k] += b[k];
  return out;
}

export interface OperatorOptions {
  profile: ToneProfile;
  rng: Rng;
  /** Pick the n-th ranked alternative where an operator has several (0 = the default). */
  alt: number;
  /** Swap vocabulary through the lexicon. */
  words: boolean;
  /** Split long sentences. */
  split: boolean;
}
