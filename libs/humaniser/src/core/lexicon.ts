// The compact, WordNet-validated synonym lexicon (built by scripts/build-lexicon.ts) and the part-of-speech check
// that decides whether a swap fits the context.
import lexiconData from '../lexicon/lexicon.json';

export type LexPos = 'noun' | 'verb' | 'adj' | 'adv';

export interface LexCandidate {
  w: string;
  /** How WordNet links it: synonym (same synset), hypernym (more general), similar (adjective cluster). */
  rel: string;
  /** Sense number of the source word the link attaches to (1 = most common sense). */
  sense: number;
  /** SemCor tag count: how common the word is. */
  freq: number;
}

export interface LexEntry {
  pos: LexPos;
  form: string;
  lemma: string;
  candidates: LexCandidate[];
  ambiguous?: boolean;
}

const ENTRIES = (lexiconData as unknown as { entries: Record<string, LexEntry[]> }).entries;

export function lexiconEntries(word: string): LexEntry[] | undefined {
  return Object.prototype.hasOwnProperty.call(ENTRIES, word) ? ENTRIES[word] : undefined;
}

/** Every (word, candidate) pair of the lexicon, both ways: used by the meaning guard to credit swaps. */
export function lexiconPairs(): Iterable<[string, string]> {
  const pairs: [string, string][] = [];
  for (const [word, entries] of Object.entries(ENTRIES))
    for (const e of entries) for (const c of e.candidates) pairs.push([word, c.w]);
  return pairs;
}

const DETERMINERS = new Set([
  'a',
  'an',
  'the',
  'this',
  'that',
  'these',
  'those',
  'my',
  'your',
  'his',
  'her',
  'its',
  'our',
  'their',
  'some',
  'any',
  'no',
  'each',
  'every',
  'such',
  'of',
  'many',
  'several',
]);
const VERB_CUES = new Set([
  'to',
  'will',
  'would',
  'can',
  'could',
  'should',
  'may',
  'might',
  'must',
  'we',
  'they',
  'i',
  'you',
  'he',
  'she',
  'it',
  'not',
  'also',
  'help',
  'helps',
  'often',
  'which',
  'who',
  'that',
  'and',
  'or',
  'further',
  'better',
  'also',
  'further',
]);
const BE = new Set([
  'is',
  'are',
  'was',
  'were',
  'be',
  'been',
  'being',
  'am',
  "it's",
  'very',
  'more',
  'most',
  'so',
  'too',
  'quite',
  'rather',
  'really',
  'truly',
  'how',
  'less',
]);

/**
 * Does the context confirm the entry's part of speech? Only checked for ambiguous forms ("craft", "journey").
 * `prev`/`next` are the neighbouring lower-case words ('' at an edge).
 */
export function posFits(entry: LexEntry, prev: string, next: string): boolean {
  if (!entry.ambiguous) {
    // even unambiguous -ing/-ed verb forms are adjectives after a determiner ("a lasting effect"): let nouns/adjs pass
    if (entry.pos === 'verb' && (entry.form === 'ing' || entry.form === 'ed') && DETERMINERS.has(prev)) return false;
    return true;
  }
  switch (entry.pos) {
    case 'noun':
      return DETERMINERS.has(prev) || /(?:al|ful|ous|ive|ing|ed|est|er)$/.test(prev);
    case 'verb':
      if (entry.form === 'ed' || entry.form === 'ing')
        return !DETERMINERS.has(prev) && (BE.has(prev) || VERB_CUES.has(prev) || DETERMINERS.has(next));
      return VERB_CUES.has(prev) && (DETERMINERS.has(next) || next === '');
    case 'adj':
      return DETERMINERS.has(prev) || BE.has(prev);
    case 'adv':
      return true;
  }
}

/** Candidates in the order a careful writer would reach for them: closest sense link first, then commonest. */
export function rankCandidates(entry: LexEntry): LexCandidate[] {
  const relRank: Record<string, number> = { synonym: 0, similar: 1, hypernym: 2 };
  return [...entry.candidates]
    .filter((c) => c.sense <= 3 && c.freq >= 5)
    .sort((a, b) => a.sense - b.sense || (relRank[a.rel] ?? 3) - (relRank[b.rel] ?? 3) || b.freq - a.freq);
}
