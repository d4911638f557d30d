// The eight tone presets of the product spec, each defined in one place (TONE_DEFINITIONS): its label, what it asks
// of the operators (the preset), its measurable style targets (core/style.ts), the instruction the optional LLM
// provider gets (engine/llm.ts) and the guided search's edit budget (engine/guided.ts). Adding a tone: docs/humaniser.md.

import { DEFAULT_TONE, isTone, TONES, type Tone } from '@inkprint/contracts';
import type { StyleTargets } from './style';

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

/** A tone as the product defines it. */
export interface ToneDefinition {
  /** The tone's label (the web app's tone chips keep their own copy: apps/web/src/features/demo/options.ts). */
  label: string;
  /** What the tone asks of the operators. */
  preset: Omit<ToneProfile, 'tone' | 'targets'>;
  /** The measurable targets the search moves toward and the notes report (core/style.ts). */
  targets: StyleTargets;
  /** How the LLM provider is asked to write (engine/llm.ts buildMessages). */
  llm: string;
  /** Share of the input's words the guided edit search may bring the rewrite to (engine/guided.ts EDIT_BUDGET). */
  editBudget: number;
}

const INF = Number.POSITIVE_INFINITY;

export const TONE_DEFINITIONS: Record<Exclude<Tone, 'auto'>, ToneDefinition> = {
  casual: {
    label: 'Casual',
    preset: {
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
    },
    targets: {
      contractions: [1, INF],
      length: [9, 17],
      spread: [5, INF],
      formality: [-INF, 0.5],
      person: [1, INF],
      hedging: [0, 2],
    },
    llm: 'relaxed and conversational, with contractions and plain words',
    editBudget: 0.3,
  },
  formal: {
    label: 'Formal',
    preset: {
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
    },
    targets: {
      contractions: [0, 0],
      length: [17, 30],
      spread: [4, INF],
      formality: [0.5, INF],
      // academic "we" is formal register too ("we propose"): only second person and chatty first person count against it
      person: [0, 4],
      hedging: [0, 2.5],
    },
    llm: 'formal and precise, no contractions',
    editBudget: 0.18,
  },
  creative: {
    label: 'Creative',
    preset: {
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
    },
    targets: {
      contractions: [0.8, INF],
      length: [8, 16],
      spread: [6, INF],
      formality: [-INF, 0.5],
      person: [0, INF],
      hedging: [0, 1.5],
    },
    llm: 'vivid and varied, with contractions',
    editBudget: 0.3,
  },
  neutral: {
    label: 'Neutral',
    preset: {
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
    },
    targets: {
      contractions: [0, 1.5],
      length: [13, 22],
      spread: [4, INF],
      formality: [-0.5, 1.5],
      person: [0, 1.5],
      hedging: [0, 2],
    },
    llm: 'plain and even-handed',
    editBudget: 0.2,
  },
  persuasive: {
    label: 'Persuasive',
    preset: {
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
    },
    targets: {
      contractions: [0.8, INF],
      length: [9, 18],
      spread: [5, INF],
      formality: [-INF, 1],
      person: [1.5, INF],
      hedging: [0, 1],
    },
    llm: 'direct and convincing, short punchy sentences mixed with longer ones',
    editBudget: 0.25,
  },
  technical: {
    label: 'Technical',
    preset: {
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
    },
    targets: {
      contractions: [0, 0],
      length: [14, 26],
      spread: [4, INF],
      formality: [0, INF],
      person: [0, 4],
      hedging: [0, 3],
    },
    llm: 'exact and technical, no contractions, terms unchanged',
    editBudget: 0.1,
  },
  narrative: {
    label: 'Narrative',
    preset: {
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
    },
    targets: {
      contractions: [0.8, INF],
      length: [10, 20],
      spread: [6, INF],
      formality: [-INF, 0.5],
      person: [0, INF],
      hedging: [0, 1.5],
    },
    llm: 'flowing storytelling, with contractions',
    editBudget: 0.25,
  },
};

/** `auto` picks one of the presets per text (resolveTone); it has a label and an edit budget of its own. */
export const AUTO_TONE = { label: 'Auto', editBudget: 0.25 } as const;

const PRESETS = Object.entries(TONE_DEFINITIONS) as [Exclude<Tone, 'auto'>, ToneDefinition][];

/** Each preset's profile: its tone, what it asks of the operators and its targets. */
export const TONE_PROFILES = Object.fromEntries(
  PRESETS.map(([tone, d]) => [tone, { tone, ...d.preset, targets: d.targets }]),
) as Record<Exclude<Tone, 'auto'>, ToneProfile>;

/** Every tone's label, in the product's order of tones. */
export const TONE_LABELS = Object.fromEntries(
  TONES.map((tone) => [tone, tone === 'auto' ? AUTO_TONE.label : TONE_DEFINITIONS[tone].label]),
) as Record<Tone, string>;

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
    targets: { ...TONE_DEFINITIONS.neutral.targets, contractions: [0.5, Number.POSITIVE_INFINITY] },
  };
}
