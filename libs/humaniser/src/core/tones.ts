// The eight tone presets of the product spec and what each one asks of the operators.

import { DEFAULT_TONE, isTone, TONES, type Tone } from '@inkprint/contracts';
import { STYLE_TARGETS, type StyleTargets } from './style';

// The tone list is the product's (@inkprint/contracts), shared with the API and the web app.
export { DEFAULT_TONE, isTone, TONES, type Tone };

export interface ToneProfile {
  tone: Exclude<Tone, 'auto'>;
  /** add: contract "do not" -> "don't"; remove: expand; keep: leave as written. */
  contractions: 'add' | 'remove' | 'keep';
  /** Register of the replacements picked by the phrase operator. */
  register: 'casual' | 'neutral' | 'formal';
  /** Sentence-initial "And"/"But" allowed when a long sentence is split at ", and" / ", but". */
  conjunctionStarts: boolean;
  /** Share of eligible long sentences the default plan splits, and of eligible short pairs it merges. */
  split: number;
  merge: number;
  /** Share of stock transitions dropped outright (the rest get a plainer connective). */
  dropTransition: number;
  /** Replace overused vocabulary with plainer WordNet-validated words. */
  plainWords: boolean;
  /** Keep at most this many em dashes per paragraph (the rest become commas, colons or parentheses). */
  dashesPerParagraph: number;
  /** Clause order: move fronted adverbials to the end ('end'), front trailing subordinate clauses ('front'), both, or neither. */
  reorder: 'end' | 'front' | 'both' | 'none';
  /** Address the reader ("individuals can" -> "you can"). */
  address: boolean;
  /** Move words toward a register with the context-safe pairs of the register operator. */
  registerShift: 'formal' | 'informal' | 'none';
  /** Fold a short list of fragments after an introducing colon into one sentence ("a, b and c"). */
  listsToProse: boolean;
  /** The measurable targets the search moves toward and the notes report (core/style.ts). */
  targets: StyleTargets;
}

export const TONE_PROFILES: Record<Exclude<Tone, 'auto'>, ToneProfile> = {
  casual: {
    tone: 'casual',
    contractions: 'add',
    register: 'casual',
    conjunctionStarts: true,
    split: 0.8,
    merge: 0.5,
    dropTransition: 0.6,
    plainWords: true,
    dashesPerParagraph: 1,
    reorder: 'end',
    address: true,
    registerShift: 'informal',
    listsToProse: true,
    targets: STYLE_TARGETS.casual,
  },
  formal: {
    tone: 'formal',
    contractions: 'remove',
    register: 'formal',
    conjunctionStarts: false,
    split: 0.3,
    merge: 0.5,
    dropTransition: 0.7,
    plainWords: true,
    dashesPerParagraph: 0,
    reorder: 'end',
    address: false,
    registerShift: 'formal',
    listsToProse: false,
    targets: STYLE_TARGETS.formal,
  },
  creative: {
    tone: 'creative',
    contractions: 'add',
    register: 'casual',
    conjunctionStarts: true,
    split: 0.8,
    merge: 0.5,
    dropTransition: 0.8,
    plainWords: true,
    dashesPerParagraph: 1,
    reorder: 'both',
    address: false,
    registerShift: 'informal',
    listsToProse: true,
    targets: STYLE_TARGETS.creative,
  },
  neutral: {
    tone: 'neutral',
    contractions: 'keep',
    register: 'neutral',
    conjunctionStarts: true,
    split: 0.6,
    merge: 0.4,
    dropTransition: 0.7,
    plainWords: true,
    dashesPerParagraph: 0,
    reorder: 'end',
    address: false,
    registerShift: 'none',
    listsToProse: false,
    targets: STYLE_TARGETS.neutral,
  },
  persuasive: {
    tone: 'persuasive',
    contractions: 'add',
    register: 'neutral',
    conjunctionStarts: true,
    split: 0.9,
    merge: 0.3,
    dropTransition: 0.6,
    plainWords: true,
    dashesPerParagraph: 1,
    reorder: 'end',
    address: true,
    registerShift: 'none',
    listsToProse: true,
    targets: STYLE_TARGETS.persuasive,
  },
  technical: {
    tone: 'technical',
    contractions: 'remove',
    register: 'formal',
    conjunctionStarts: false,
    split: 0.5,
    merge: 0.2,
    dropTransition: 0.7,
    plainWords: true,
    dashesPerParagraph: 0,
    reorder: 'none',
    address: false,
    registerShift: 'formal',
    listsToProse: false,
    targets: STYLE_TARGETS.technical,
  },
  narrative: {
    tone: 'narrative',
    contractions: 'add',
    register: 'casual',
    conjunctionStarts: true,
    split: 0.7,
    merge: 0.5,
    dropTransition: 0.8,
    plainWords: true,
    dashesPerParagraph: 1,
    reorder: 'front',
    address: false,
    registerShift: 'informal',
    listsToProse: true,
    targets: STYLE_TARGETS.narrative,
  },
};

/**
 * `auto` reads the text and picks the preset a careful writer of it would use: technical for text with code,
 * formulas or dense citations, formal for academic register, casual for first/second-person informal writing,
 * narrative for past-tense storytelling with dialogue, otherwise neutral with contractions (as most human prose).
 */
export function resolveTone(tone: Tone, text: string): ToneProfile {
  if (tone !== 'auto') return TONE_PROFILES[tone];
  const words = Math.max(1, (text.match(/[A-Za-z']+/g) ?? []).length);
  const rate = (re: RegExp): number => (text.match(re) ?? []).length / words;
  const citations = rate(/\([^()]*\b(?:19|20)\d{2}[a-z]?\)|\[\d+(?:[,\u2013-]\s*\d+)*\]/g);
  const code = /```|`[^`]+`|\b[a-z]+[A-Z][a-zA-Z]*\(|=>|\{\s*\}/.test(text);
  const personal = rate(/\b(?:I|I'm|I've|my|me|we|our|you|your)\b/g);
  const contractions = rate(/\b\w+n't\b|\b(?:I|you|we|they|it|that|there)'(?:m|re|s|ve|ll|d)\b/gi);
  const dialogue = rate(/"[^"]+[,.!?]"\s+(?:he|she|they|I)\s+\w+ed\b/g);
  const pastNarration = rate(/\b(?:he|she|they|I)\s+(?:was|had|said|looked|walked|felt|turned)\b/gi);
  if (code || citations > 0.01) return { ...TONE_PROFILES.technical, tone: 'technical' };
  if (dialogue > 0 || pastNarration > 0.015) return TONE_PROFILES.narrative;
  if (personal > 0.02 || contractions > 0.005) return TONE_PROFILES.casual;
  const academic = rate(
    /\b(?:study|studies|analysis|results|method|data|framework|model|hypothesis|propose|empirical|significant)\b/gi,
  );
  if (academic > 0.02) return TONE_PROFILES.formal;
  return {
    ...TONE_PROFILES.neutral,
    contractions: 'add',
    targets: { ...STYLE_TARGETS.neutral, contractions: [0.5, Number.POSITIVE_INFINITY] },
  };
}
