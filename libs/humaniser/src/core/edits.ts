// Word edits the guided search (engine/guided.ts) may try on a (masked) sentence: single-word synonym swaps from the
// WordNet-derived table (src/lexicon/synonyms.json, scripts/build-synonyms.ts), where the tagger agrees on the part
// of speech, inflected to the form they replace. Names (capitalised words inside a sentence), protected spans
// (placeholders), auxiliaries, phrasal verbs and comparatives are never touched. Pure and deterministic.
import nlp from 'compromise';
import synonymData from '../lexicon/synonyms.json';
import vettedData from '../lexicon/synonyms-vetted.json';
import { infinitiveFrame, PAST_IS_BASE, rootOf, tagTerms, takesFrame, type Term } from './nlp';
import { swapRead } from './swaps-read';

export type EditPos = 'noun' | 'verb' | 'adj' | 'adv';

/**
 * The read table (synonyms.json) and, behind its candidates, the wider tier Gemma read in human sentences and a person
 * then read as a list (synonyms-vetted.json, scripts/vet-synonyms.ts).
 */
const TABLE: Record<EditPos, Record<string, string[]>> = (() => {
  const read = synonymData as unknown as Record<EditPos, Record<string, string[]>>;
  const vetted = vettedData as unknown as Record<EditPos, Record<string, string[]>>;
  const out = {} as Record<EditPos, Record<string, string[]>>;
  for (const pos of ['noun', 'verb', 'adj', 'adv'] as EditPos[]) {
    const t: Record<string, string[]> = { ...read[pos] };
    for (const [w, cs] of Object.entries(vetted[pos] ?? {})) {
      const have = Object.prototype.hasOwnProperty.call(t, w) ? t[w] : [];
      t[w] = [...have, ...cs.filter((c) => !have.includes(c))];
    }
    // what ships of the tables: the pairs read in context (core/swaps-read.ts)
    out[pos] = Object.fromEntries(
      Object.entries(t)
        .map(([w, cs]) => [w, cs.filter((c) => swapRead(w, c))] as const)
        .filter(([, cs]) => cs.length > 0),
    );
  }
  return out;
})();

export interface WordEdit {
  /** Character offsets of the replaced word in the sentence. */
  start: number;
  end: number;
  from: string;
  to: string;
  pos: EditPos;
  /** The table's pair: the replaced word's base form and the candidate's (before inflection). */
  lemma: string;
  base: string;
}

/** Where candidates come from: the shipped table (synonymsOf) or, for scripts/vet-synonyms.ts, a wider one. */
export type SynonymLookup = (pos: EditPos, lemma: string) => string[];

/** Every (word, synonym) pair of the guided search's table, for the meaning guard to credit swaps. */
export function editPairs(): [string, string][] {
  const out: [string, string][] = [];
  for (const pos of ['noun', 'verb', 'adj', 'adv'] as EditPos[])
    for (const [w, cs] of Object.entries(TABLE[pos] ?? {})) for (const c of cs) out.push([w, c]);
  return out;
}

export function synonymsOf(pos: EditPos, lemma: string): string[] {
  const t = TABLE[pos];
  return t && Object.prototype.hasOwnProperty.call(t, lemma) ? t[lemma] : [];
}

const PARTICLES = new Set([
  'up',
  'down',
  'out',
  'off',
  'over',
  'in',
  'on',
  'away',
  'back',
  'around',
  'through',
  'about',
]);
const PERFECT = new Set([
  'have',
  'has',
  'had',
  "'ve",
  'having',
  'be',
  'been',
  'being',
  'is',
  'are',
  'was',
  'were',
  'get',
  'got',
]);

/** Past participles the tagger's tables lack (it falls back to the past tense: "have came"). */
const PARTICIPLES: Record<string, string> = { come: 'come', become: 'become', run: 'run', overcome: 'overcome' };

type VerbTable = Record<'Infinitive' | 'PastTense' | 'PresentTense' | 'Gerund' | 'Participle', string>;
const verbTables = new Map<string, VerbTable>();
function verbTable(base: string): VerbTable {
  let t = verbTables.get(base);
  if (!t) {
    // a phrase ("make sure", "look for") inflects its first word
    const [first, ...rest] = base.split(' ');
    const tail = rest.length ? ` ${rest.join(' ')}` : '';
    const c = ((nlp(first).verbs().conjugate() as Record<string, string>[])[0] ?? {}) as Partial<VerbTable>;
    t = {
      Infinitive: base,
      PastTense: (c.PastTense ?? `${first}ed`) + tail,
      PresentTense: (c.PresentTense ?? `${first}s`) + tail,
      // the tagger's gerund of some -e verbs keeps the e ("completeing")
      Gerund: (c.Gerund ?? `${first}ing`).replace(/([^eioy])eing$/, '$1ing') + tail,
      Participle: (PARTICIPLES[first] ?? c.Participle ?? c.PastTense ?? `${first}ed`) + tail,
    };
    verbTables.set(base, t);
  }
  return t;
}

const plurals = new Map<string, string>();
function plural(noun: string): string {
  let p = plurals.get(noun);
  if (p === undefined) {
    p = nlp(noun).nouns().toPlural().text().toLowerCase() || `${noun}s`;
    if (plurals.size > 20_000) plurals.clear();
    plurals.set(noun, p);
  }
  return p;
}

/** The synonym candidates of term `i`, already inflected to its form (empty when the term must not change). */
function candidatesFor(
  terms: Term[],
  i: number,
  synonymsOf: SynonymLookup,
): { pos: EditPos; lemma: string; bases: string[]; to: string[] } | undefined {
  const t = terms[i];
  const word = t.text.replace(/^[^A-Za-z]+|[^A-Za-z'-]+$/g, '');
  const lower = word.toLowerCase();
  if (!/^[A-Za-z]{3,}$/.test(word)) return undefined;
  // names and acronyms: any capital except a sentence-initial one
  if (/[A-Z]/.test(word.slice(1)) || (i > 0 && /^[A-Z]/.test(word))) return undefined;
  const tags = t.tags;
  if (tags.has('ProperNoun') || tags.has('Pronoun') || tags.has('Auxiliary') || tags.has('Copula')) return undefined;
  if (tags.has('Modal') || tags.has('Negative') || tags.has('Comparative') || tags.has('Superlative')) return undefined;
  const next = terms[i + 1]?.norm;
  const plain = (pos: EditPos): { pos: EditPos; lemma: string; bases: string[]; to: string[] } => {
    const bases = synonymsOf(pos, lower);
    return { pos, lemma: lower, bases, to: bases };
  };
  if (tags.has('Adverb')) {
    // a degree adverb inside an adjective phrase ("a closely contested match", "deeply personal") has another sense
    // than the manner adverb the table pairs ("closely" -> "carefully")
    const after = terms[i + 1];
    const before = terms[i - 1];
    if (
      after &&
      (after.tags.has('Adjective') ||
        (after.tags.has('Verb') && before && (before.tags.has('Determiner') || before.tags.has('Adjective'))))
    )
      return undefined;
    return plain('adv');
  }
  // "most powerful" -> "most strong": a degree word asks for the adjective it has
  if (tags.has('Adjective'))
    return /^(?:most|more|less|least)$/.test(terms[i - 1]?.norm ?? '') ? undefined : plain('adj');
  if (tags.has('Verb')) {
    // a particle or "for" makes a phrasal or prepositional verb ("allow for" is not "permit for")
    if (next && (PARTICLES.has(next) || next === 'for')) return undefined;
    // nor with "to" before a noun ("applying to university" -> "using to university"), and "of" right after a verb
    // is a noun the tagger misread ("the potential use of" -> "the potential apply of"); a gerund after it is the
    // verb's own complement ("should consider taking" -> "weigh taking")
    if (next === 'of' || (next === 'to' && !terms[i + 2]?.tags.has('Verb'))) return undefined;
    if (terms[i + 1]?.tags.has('Gerund')) return undefined;
    // a participle used as an adjective ("a shattered heart", "her trembling hands") is not a verb to inflect
    const before = terms[i - 1];
    if (before && (before.tags.has('Determiner') || before.tags.has('Possessive') || before.tags.has('Adjective')))
      return undefined;
    const base = tags.has('Infinitive') ? lower : rootOf(lower, 'verb');
    // a verb with a "to" infinitive after it keeps that frame ("choosing to let" is not "picking to let"); "local and
    // state officials": a verb between an adjective's "and" and a noun is a noun the tagger misread ("and say")
    const frame = infinitiveFrame(terms, i);
    const coordinated =
      /^(?:and|or)$/.test(terms[i - 1]?.norm ?? '') &&
      !!terms[i - 2]?.tags.has('Adjective') &&
      !!terms[i + 1]?.tags.has('Noun');
    if (coordinated) return undefined;
    const syns = synonymsOf('verb', base).filter((c) => takesFrame(base, c, frame));
    if (!syns.length) return { pos: 'verb', lemma: base, bases: [], to: [] };
    const own = verbTable(base);
    // an auxiliary up to three words back ("may have arrived", "had completely shattered") makes it a participle
    const prev =
      terms
        .slice(Math.max(0, i - 3), i)
        .reverse()
        .find((x) => PERFECT.has(x.norm) || /[,;:.]/.test(x.post))?.norm ?? '';
    // a plural noun the tagger read as a verb: "FOI requests highlights", "rights advocates will"
    const after = terms[i + 1];
    if (lower.endsWith('s') && after && (after.tags.has('Verb') || after.tags.has('Modal'))) return undefined;
    let form: keyof VerbTable | undefined;
    if (lower === base) form = 'Infinitive';
    else if (lower === own.Gerund) form = 'Gerund';
    else if (lower === own.PresentTense) form = 'PresentTense';
    else if (lower === own.Participle && (lower !== own.PastTense || PERFECT.has(prev))) form = 'Participle';
    else if (lower === own.PastTense) form = 'PastTense';
    if (!form) return undefined;
    // a past the tagger's tables get wrong ("crawl" as the past of "crawl": "doubt crept" -> "doubt crawl") is no
    // candidate
    const past = form === 'PastTense' || form === 'Participle';
    const kept = syns.filter((s) => !past || verbTable(s)[form] !== s || PAST_IS_BASE.has(s) || PARTICIPLES[s] === s);
    return { pos: 'verb', lemma: base, bases: kept, to: kept.map((s) => verbTable(s)[form]) };
  }
  if (tags.has('Noun')) {
    if (tags.has('Possessive') || word.includes("'")) return undefined;
    // "the fabric of reality", "the infinite possibilities of existence": a noun between "the" (and adjectives) and
    // "of" + a bare noun is a fixed or figurative phrase, where a synonym breaks the idiom ("the cloth of reality")
    let j = i - 1;
    while (j >= 0 && terms[j].tags.has('Adjective')) j--;
    const of = terms[i + 1];
    const obj = terms[i + 2];
    if (
      terms[j]?.norm === 'the' &&
      of?.norm === 'of' &&
      !/[,;:]/.test(t.post) &&
      obj?.tags.has('Noun') &&
      !obj.tags.has('Pronoun') &&
      !obj.tags.has('ProperNoun')
    )
      return undefined;
    // "sponsorship opportunities", "road race": the head of a noun compound is fixed ("sponsorship chances")
    const mod = terms[i - 1];
    if (mod?.tags.has('Noun') && !mod.tags.has('Pronoun') && !mod.tags.has('Possessive') && !mod.post.trim())
      return undefined;
    // "federal assistance efforts": a noun that modifies the noun after it is part of a compound ("federal help
    // efforts", read 2026-11-29, night)
    const headNoun = terms[i + 1];
    if (headNoun?.tags.has('Noun') && !headNoun.tags.has('Pronoun') && !t.post.trim()) return undefined;
    // "in anticipation of", "in search of", "on behalf of": a bare noun between a preposition and "of" is an idiom
    if (/^(?:in|on|at|by|for)$/.test(terms[i - 1]?.norm ?? '') && of?.norm === 'of') return undefined;
    // an -ing noun stands after a determiner, a possessive, an adjective or a noun ("a family gathering"); elsewhere
    // it is a verb the tagger misread ("with many gathering behind her" -> "meeting")
    const prior = terms[i - 1];
    if (
      /ing$/.test(lower) &&
      (!prior ||
        !['Determiner', 'Possessive', 'Adjective', 'Noun'].some((x) => prior.tags.has(x)) ||
        /^(?:many|some|most|few|several|all|both|others|none|each)$/.test(prior.norm))
    )
      return undefined;
    const isPlural = tags.has('Plural');
    const base = isPlural ? rootOf(lower, 'noun') : lower;
    if (isPlural && plural(base) !== lower) return undefined;
    const syns = synonymsOf('noun', base);
    return { pos: 'noun', lemma: base, bases: syns, to: syns.map((s) => (isPlural ? plural(s) : s)) };
  }
  return undefined;
}

/**
 * The single-word swaps the table offers for a masked sentence, each with its offsets, in sentence order and, per
 * word, in the table's order (the candidate most used in that sense first). At most `perWord` candidates per word.
 */
export function proposeEdits(sentence: string, perWord = 2, lookup: SynonymLookup = synonymsOf): WordEdit[] {
  const terms = tagTerms(sentence);
  const out: WordEdit[] = [];
  let cursor = 0;
  terms.forEach((t, i) => {
    if (!t.text) return;
    if (t.text === 'Item') {
      // a placeholder stood here while tagging: skip past it
      const m = /[\uE000-\uF8FF]+/.exec(sentence.slice(cursor));
      if (m) cursor += m.index + m[0].length;
      return;
    }
    const word = t.text.replace(/^[^A-Za-z]+|[^A-Za-z'-]+$/g, '');
    if (!word) return;
    const re = new RegExp(
      `(?<![A-Za-z'\u2019-])${word.replace(/[.*+?^${}()|[\]\\/'-]/g, '\\$&')}(?![A-Za-z'\u2019-])`,
      'g',
    );
    re.lastIndex = cursor;
    const m = re.exec(sentence);
    if (!m) return;
    cursor = m.index + word.length;
    const c = candidatesFor(terms, i, lookup);
    if (!c) return;
    const seen = new Set<string>();
    for (const [ci, to0] of c.to.entries()) {
      if (seen.size >= perWord) break;
      const to = /^[A-Z]/.test(word) ? to0[0].toUpperCase() + to0.slice(1) : to0;
      if (to.toLowerCase() === word.toLowerCase() || seen.has(to)) continue;
      // the candidate must not already be a neighbour (a doubled word)
      const around = sentence.slice(Math.max(0, m.index - 30), m.index + word.length + 30).toLowerCase();
      if (new RegExp(`\\b${to0}\\b`).test(around)) continue;
      seen.add(to);
      out.push({
        start: m.index,
        end: m.index + word.length,
        from: word,
        to,
        pos: c.pos,
        lemma: c.lemma,
        base: c.bases[ci],
      });
    }
  });
  return out;
}

const article = (word: string): 'a' | 'an' =>
  /^(?:hour|honest|honou?r|heir)/i.test(word) || (/^[aeiou]/i.test(word) && !/^(?:uni|use|usu|eu|one|once)/i.test(word))
    ? 'an'
    : 'a';

/**
 * Applies non-overlapping edits (right to left) and repairs a/an before a swapped word only ("an FOI request"
 * elsewhere in the sentence stays as written).
 */
export function applyEdits(sentence: string, edits: WordEdit[]): string {
  let s = sentence;
  for (const e of [...edits].sort((a, b) => b.start - a.start)) {
    let before = s.slice(0, e.start);
    const m = /\b(a|an|A|An)(\s+)$/.exec(before);
    if (m) {
      const want = article(e.to);
      const fixed = m[1][0] === 'A' ? want[0].toUpperCase() + want.slice(1) : want;
      before = before.slice(0, m.index) + fixed + m[2];
    }
    s = before + e.to + s.slice(e.end);
  }
  return s;
}
