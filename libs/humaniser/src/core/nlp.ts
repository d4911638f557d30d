// The parsing layer: part-of-speech tags, clauses and verb inflection from `compromise` (MIT, a rule-and-lexicon
// English tagger, ~2 ms per sentence). Operators ask it questions ("is this word a verb here?", "does this clause
// have a finite verb?", "what is the past tense of 'look'?") instead of guessing from word shapes.
//
// Sentences reach the operators masked: protected spans are private-use placeholders (core/protect.ts). Before
// tagging, each placeholder becomes a neutral noun ("Item") so the tagger sees a well-formed sentence; tags are
// returned per word of the masked sentence.
import nlp from 'compromise';

export interface Term {
  text: string;
  /** Lower-case word without punctuation. */
  norm: string;
  tags: Set<string>;
  /** Punctuation after the word (",", ".", ...). */
  post: string;
}

const PLACEHOLDER = /[\uE000-\uF8FF]+/g;
const cache = new Map<string, Term[]>();

/** Tags of every word of a (masked) sentence, in order. Cached: variants of one sentence share most words. */
export function tagTerms(sentence: string): Term[] {
  const hit = cache.get(sentence);
  if (hit) return hit;
  const plain = sentence.replace(PLACEHOLDER, 'Item');
  const json = nlp(plain).json() as { terms: { text: string; normal?: string; tags: string[]; post: string }[] }[];
  const out: Term[] = [];
  for (const s of json)
    for (const t of s.terms)
      out.push({ text: t.text, norm: (t.normal ?? t.text).toLowerCase(), tags: new Set(t.tags), post: t.post ?? '' });
  if (cache.size > 5000) cache.clear();
  cache.set(sentence, out);
  return out;
}

export type VerbForm = 'base' | 's' | 'ed' | 'ing';

const conjugations = new Map<string, Record<string, string>>();

/** Inflects a base verb ("look" -> "looks", "looked", "looking") with the tagger's conjugation tables. */
export function conjugate(base: string, form: VerbForm): string {
  if (form === 'base') return base;
  let c = conjugations.get(base);
  if (!c) {
    const [first, ...rest] = base.split(' ');
    const table = (nlp(first).verbs().conjugate() as Record<string, string>[])[0] ?? {};
    const tail = rest.length ? ` ${rest.join(' ')}` : '';
    c = {
      s: (table.PresentTense ?? `${first}s`) + tail,
      ed: (table.PastTense ?? `${first}ed`) + tail,
      ing: (table.Gerund ?? `${first}ing`) + tail,
    };
    conjugations.set(base, c);
  }
  return c[form];
}

/** Does the word at `index` of the sentence carry this tag (Noun, Verb, Adjective, Adverb, Plural, Gerund ...)? */
export function hasTag(terms: Term[], index: number, tag: string): boolean {
  return Boolean(terms[index]?.tags.has(tag));
}

/** The tagger's part of speech for a lexicon entry's class. */
export function posTag(pos: 'noun' | 'verb' | 'adj' | 'adv'): string {
  return pos === 'noun' ? 'Noun' : pos === 'verb' ? 'Verb' : pos === 'adj' ? 'Adjective' : 'Adverb';
}

/** Does the text contain a finite verb (not only gerunds, participles or infinitives)? */
export function hasFiniteVerb(text: string): boolean {
  const terms = tagTerms(text);
  return terms.some(
    (t, i) =>
      t.tags.has('Verb') &&
      !t.tags.has('Gerund') &&
      !(t.tags.has('Infinitive') && terms[i - 1]?.norm === 'to') &&
      !(t.tags.has('Participle') && !terms.slice(0, i).some((x) => x.tags.has('Auxiliary') || x.tags.has('Copula'))),
  );
}

/** Verbs that take a "to" infinitive right after them ("begin to", "decide to"). */
const TO_VERBS = new Set(
  (
    'start begin try attempt want wish hope plan decide seem appear need help fail manage refuse agree promise ' +
    'continue intend choose prepare learn expect aim seek strive offer vow pledge tend like love hate prefer ' +
    'struggle dare afford arrange claim pretend threaten deserve hesitate long yearn opt resolve'
  ).split(' '),
);
/** Verbs that take an object and then a "to" infinitive ("urge people to", "allow the team to"). */
const OBJECT_TO_VERBS = new Set(
  (
    'ask tell urge allow enable encourage force help invite persuade remind warn expect want permit compel oblige ' +
    'cause get order instruct advise teach train push press require prompt drive lead inspire challenge'
  ).split(' '),
);

/**
 * Whether the verb at `i` has a "to" infinitive after it, right after ('direct': "chose to let") or after its object
 * ('object': "require all officers to wear"), before any punctuation or other verb.
 */
export function infinitiveFrame(terms: Term[], i: number): 'direct' | 'object' | undefined {
  if (/[,;:.!?]/.test(terms[i]?.post ?? '')) return undefined;
  for (let k = i + 1; k + 1 < terms.length && k <= i + 6; k++) {
    if (terms[k].norm === 'to' && terms[k + 1].tags.has('Verb') && !/[,;:.!?]/.test(terms[k].post))
      return k === i + 1 ? 'direct' : 'object';
    if (terms[k].tags.has('Verb') || /[,;:.!?]/.test(terms[k].post)) return undefined;
  }
  return undefined;
}

/**
 * A swap of a verb whose complement is the infinitive after it keeps the frame only when the candidate takes it too:
 * "choosing to let" is not "picking to let", and "would require all officers to wear" is not "would need all officers
 * to wear". Where the source verb does not take that frame the infinitive is one of purpose ("leverage tools to
 * foster" -> "use tools to foster") and any candidate keeps it.
 */
export function takesFrame(source: string, candidate: string, frame: 'direct' | 'object' | undefined): boolean {
  if (!frame) return true;
  const verbs = frame === 'direct' ? TO_VERBS : OBJECT_TO_VERBS;
  return !verbs.has(source) || verbs.has(candidate);
}

const roots = new Map<string, string>();
/** A word's base form as compromise gives it (infinitive of a verb, singular of a noun), remembered per word. */
export function rootOf(word: string, pos: 'verb' | 'noun'): string {
  const k = `${pos}:${word}`;
  let r = roots.get(k);
  if (r === undefined) {
    const doc = nlp(word);
    r = (pos === 'verb' ? doc.verbs().toInfinitive().text() : doc.nouns().toSingular().text()).toLowerCase() || word;
    roots.set(k, r);
  }
  return r;
}

/** Verbs whose past (and participle) is their base form: "put", "cut", "set" … */
export const PAST_IS_BASE: ReadonlySet<string> = new Set(
  'put cut set hit let spread cost shut hurt quit burst cast bet bid split thrust shed upset broadcast forecast read'.split(
    ' ',
  ),
);
