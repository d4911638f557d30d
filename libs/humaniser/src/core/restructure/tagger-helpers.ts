// What the structural operators share: noun phrases, pronoun case, past forms from the tagger's tables.
import nlp from 'compromise';
import { capitalise, decapitalise } from '../document';
import { tagTerms, type Term } from '../nlp';
import { isCommonNoun } from '../operators';

export const PLACEHOLDER = /[\uE000-\uF8FF]/;
const NP_TAGS = ['Determiner', 'Adjective', 'Noun', 'ProperNoun', 'Possessive', 'Value', 'Acronym'];
const isNpTerm = (t: Term): boolean =>
  NP_TAGS.some((x) => t.tags.has(x)) && !t.tags.has('Verb') && !t.tags.has('Pronoun') && !t.tags.has('Preposition');
/** Object pronouns that become subjects (and back); "her" is left out: it may be a possessive. */
export const TO_SUBJECT: Record<string, string> = { him: 'he', them: 'they', us: 'we', me: 'I', it: 'it' };
export const TO_OBJECT: Record<string, string> = { he: 'him', she: 'her', they: 'them', we: 'us', i: 'me', it: 'it' };

/** A noun phrase moved from the start of a sentence: its first word lower-cased unless it is a name or an acronym. */
export function lowerStart(phrase: string, first: Term): string {
  const lowered = decapitalise(phrase);
  if (lowered !== undefined) return lowered;
  if (!/^[A-Z][a-z]+\b/.test(phrase) || (!isCommonNoun(first) && !first.tags.has('Adjective'))) return phrase;
  return phrase[0].toLowerCase() + phrase.slice(1);
}

/** The active past tense of a passive participle ("written" -> "wrote"), from the tagger's tables. */
export function pastOf(participle: string): string | undefined {
  const table = (nlp(participle).verbs().conjugate() as Record<string, string>[])[0];
  return table?.PastTense;
}

/** Gerunds too light to carry a sentence of their own or a fronted phrase ("being", "having" …). */
export const LIGHT_GERUND = /^(?:being|having|getting|doing|going)$/;

/** A gerund's simple past as a plain lower-case word ("firing" -> "fired"), or undefined where the tables have none. */
export function plainPastOf(gerund: string): string | undefined {
  const past = pastOf(gerund);
  if (!past || /[A-Z\s]/.test(past) || past.endsWith('ing')) return undefined;
  // the tables fall back to the bare word for a verb they lack ("steeling" -> "steel"): the tagger must read a past
  // ("she steel herself" is a noun), or it is one of the verbs whose past is their base ("cast", "set")
  return tagTerms(`she ${past}`)[1]?.tags.has('PastTense') || SAME_PAST.test(past) ? past : undefined;
}

const SAME_PAST = /^(?:cast|set|put|cut|hit|let|shut|spread|split|burst|cost|hurt|quit|thrust|broadcast|upset|shed)$/;

/** A clause's verb in the past ("walked", "was", "had"). */
export function inPast(verb: Term): boolean {
  return verb.tags.has('PastTense') || /^(?:was|were|had)$/.test(verb.norm);
}

/** A personal pronoun repeated as a new sentence's subject ("she" -> "She", "i" -> "I"). */
export function repeatedSubject(pronoun: string): string {
  return pronoun === 'i' ? 'I' : capitalise(pronoun);
}

/** How many leading words of `words` (tagged) form a plain noun phrase ("the Senate", "local residents"). */
export function nounPhraseLength(terms: Term[], from: number): number {
  let k = from;
  while (k < terms.length && isNpTerm(terms[k])) {
    k++;
    if (terms[k - 1].post.trim()) break;
  }
  // "of" + another noun phrase belongs to it ("the mayor of the town")
  if (k > from && k < terms.length && terms[k - 1].post.trim() === '' && terms[k].norm === 'of') {
    const more = nounPhraseLength(terms, k + 1);
    if (more > k + 1) return more;
  }
  return terms.slice(from, k).some((t) => t.tags.has('Noun') || t.tags.has('Value')) ? k : from;
}
/** A plain noun phrase for a new sentence's subject: nouns, names, adjectives, numbers, determiners, possessives. */
export function subjectPhrase(terms: Term[], from: number, to: number): boolean {
  if (to <= from || to - from > 6) return false;
  const np = terms.slice(from, to);
  if (np.some((t) => t.post.trim() || (!isNpTerm(t) && !(t.tags.has('Possessive') && !t.tags.has('Verb')))))
    return false;
  const head = np[np.length - 1];
  return (head.tags.has('Noun') || head.tags.has('ProperNoun')) && !head.tags.has('Pronoun');
}

/**
 * A sentence's words without its final mark, and the tagger's terms for them; null where the tagger splits the words
 * otherwise than the spaces do (term i must be word i for a rewrite to put the words back together).
 */
export function taggedWords(s: string): { words: string[]; terms: Term[] } | null {
  const body = s.slice(0, -1);
  const words = body.split(/\s+/);
  const terms = tagTerms(body);
  return terms.length === words.length ? { words, terms } : null;
}
