// Measurable style: what a tone asks of the text, measured on the text. Each tone has targets (contractions,
// sentence length mean and spread, formality, first/second person, hedging); the search moves the rewrite toward
// them and the notes report which ones the result meets. All rates are per 100 words.
import { splitMasked, wordCount } from './document';
import { lexiconEntries } from './lexicon';
import { MID_TRANSITIONS, PHRASE_RULES, TRANSITION_RULES } from './phrases';
import { TONE_DEFINITIONS, type Tone } from './tones';

export interface StyleStats {
  words: number;
  sentences: number;
  /** Contractions per 100 words. */
  contractions: number;
  /** Mean and standard deviation of sentence length in words. */
  meanLength: number;
  spread: number;
  /** Formal-lexicon words minus informal-lexicon words, per 100 words (> 0 reads formal). */
  formality: number;
  /** First- and second-person pronouns per 100 words. */
  person: number;
  /** Hedges (may, might, perhaps, possibly, arguably, potentially, somewhat, likely ...) per 100 words. */
  hedging: number;
}

export type StyleKey = 'contractions' | 'length' | 'spread' | 'formality' | 'person' | 'hedging';

/** A target range per measure ([min, max], either end open with +-Infinity). */
export type StyleTargets = Record<StyleKey, [number, number]>;

/** Each preset's targets, as its definition gives them (core/tones.ts TONE_DEFINITIONS). */
export const STYLE_TARGETS = Object.fromEntries(
  Object.entries(TONE_DEFINITIONS).map(([tone, d]) => [tone, d.targets]),
) as Record<Exclude<Tone, 'auto'>, StyleTargets>;

const STYLE_LABELS: Record<StyleKey, string> = {
  contractions: 'contractions',
  length: 'sentence length',
  spread: 'length variety',
  formality: 'formality',
  person: 'first/second person',
  hedging: 'hedging',
};

// "'s" counts only after pronouns ("it's", "that's"): after a noun it is a possessive ("Kingma's"), not a contraction
const CONTRACTION =
  /\b(?:[A-Za-z]+(?:n't|'(?:re|ve|ll|d|m))|(?:it|that|there|what|who|he|she|here|let|where|how)'s)\b/gi;
const FORMAL =
  /\b(?:however|therefore|thus|hence|moreover|furthermore|additionally|consequently|numerous|approximately|utili[sz]e[sd]?|utili[sz]ing|obtain(?:s|ed|ing)?|purchase[sd]?|assist(?:s|ed|ing)?|commence[sd]?|regarding|individuals|sufficient|prior to|subsequently|whereas|demonstrat(?:e|es|ed|ing)|requir(?:e|es|ed|ing)|perhaps|large|children|additional|cannot|do not|does not|is not|are not|it is)\b/gi;
const INFORMAL =
  /\b(?:a lot|lots of|gets?|got|really|pretty|stuff|things?|kind of|sort of|okay|ok|big|kids|plus|anyway|maybe|just|so|but|yeah|tons of)\b/gi;
const PERSON =
  /\b(?:I|me|my|mine|we|us|our|ours|you|your|yours|yourself|I'm|I've|we're|we've|you're|you've|you'll|let's)\b/gi;
const HEDGE =
  /\b(?:may|might|perhaps|possibly|arguably|potentially|somewhat|likely|probably|seems?|appears? to|tends? to|could)\b/gi;

function rate(text: string, re: RegExp, words: number): number {
  return ((text.match(re) ?? []).length / Math.max(1, words)) * 100;
}

/** Measures a plain (unmasked) text; paragraphs and list items count as sentence boundaries. */
export function measureStyle(text: string): StyleStats {
  const lengths: number[] = [];
  for (const line of text.split(/\n+/)) {
    if (!line.trim()) continue;
    for (const s of splitMasked(line.trim()).sentences) {
      const n = wordCount(s);
      if (n > 0) lengths.push(n);
    }
  }
  const words = lengths.reduce((a, b) => a + b, 0);
  const mean = lengths.length ? words / lengths.length : 0;
  const spread = lengths.length > 1 ? Math.sqrt(lengths.reduce((a, n) => a + (n - mean) ** 2, 0) / lengths.length) : 0;
  return {
    words,
    sentences: lengths.length,
    contractions: rate(text, CONTRACTION, words),
    meanLength: mean,
    spread,
    formality: rate(text, FORMAL, words) - rate(text, INFORMAL, words),
    person: rate(text, PERSON, words),
    hedging: rate(text, HEDGE, words),
  };
}

function value(stats: StyleStats, key: StyleKey): number {
  switch (key) {
    case 'contractions':
      return stats.contractions;
    case 'length':
      return stats.meanLength;
    case 'spread':
      return stats.spread;
    case 'formality':
      return stats.formality;
    case 'person':
      return stats.person;
    case 'hedging':
      return stats.hedging;
  }
}

// distance units: how far outside its range a measure may be before it counts as fully missed
const SCALE: Record<StyleKey, number> = { contractions: 1, length: 4, spread: 3, formality: 2, person: 1, hedging: 1 };

/** How far a text is from a tone's targets: 0 when every target is met, about 1 per target missed by its scale. */
export function styleDistance(stats: StyleStats, targets: StyleTargets): number {
  let d = 0;
  for (const key of Object.keys(targets) as StyleKey[]) {
    const [lo, hi] = targets[key];
    const v = value(stats, key);
    const off = v < lo ? lo - v : v > hi ? v - hi : 0;
    d += Math.min(1.5, off / SCALE[key]);
  }
  return d;
}

export interface StyleReport {
  stats: StyleStats;
  met: StyleKey[];
  missed: StyleKey[];
}

export function styleReport(text: string, targets: StyleTargets): StyleReport {
  const stats = measureStyle(text);
  const met: StyleKey[] = [];
  const missed: StyleKey[] = [];
  for (const key of Object.keys(targets) as StyleKey[]) {
    const [lo, hi] = targets[key];
    const v = value(stats, key);
    // a measure with too few sentences to speak of (spread of one sentence) is not held against the text
    if (key === 'spread' && stats.sentences < 3) continue;
    (v >= lo - 1e-9 && v <= hi + 1e-9 ? met : missed).push(key);
  }
  return { stats, met, missed };
}

export function styleLabel(key: StyleKey): string {
  return STYLE_LABELS[key];
}

/**
 * Machine markers per 100 words: the stock phrases, hedging boilerplate, sentence-opening transitions and inflated
 * vocabulary the operators exist to remove (core/phrases.ts, the lexicon). What a reader notices first, and a
 * signal independent of our detector's model: the search counts what is left of them.
 */
export function machineMarkers(text: string): number {
  let n = 0;
  for (const rule of PHRASE_RULES) {
    rule.re.lastIndex = 0;
    n += (text.match(rule.re) ?? []).length;
  }
  n += (text.match(MID_TRANSITIONS) ?? []).length;
  const words = text.match(/[A-Za-z][a-z]*(?:-[a-z]+)*/g) ?? [];
  for (const sentence of text.split(/(?<=[.!?])\s+|\n+/))
    if (TRANSITION_RULES.some((r) => !r.keepMeaning && r.re.test(sentence.trim()))) n++;
  for (const w of words) if (/^[a-z]/.test(w) && lexiconEntries(w)) n++;
  return (n / Math.max(1, words.length)) * 100;
}
