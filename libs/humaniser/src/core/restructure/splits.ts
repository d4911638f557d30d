// Sentences split where the same words make two: absolute phrases, "with" absolutes, compound predicates and
// pronoun participles.
import { capitalise, wordCount } from '../document';
import { hasFiniteVerb, tagTerms } from '../nlp';
import type { Changes } from '../operators';
import { inPast, LIGHT_GERUND, PLACEHOLDER, plainPastOf, repeatedSubject, subjectPhrase } from './tagger-helpers';

/**
 * A trailing absolute phrase ("…, her heart pounding in her chest.") becomes its own sentence: "… Her heart was
 * pounding in her chest." (were for a plural noun). The phrase must open with a possessive and a noun the tagger
 * agrees on, followed by a gerund; the main clause must stand alone (a finite verb).
 */
export function splitAbsolute(s: string, changes: Changes): string {
  const m =
    /,\s+((?:her|his|their|its|my|our|your)\s+)((?:[a-z]+\s+){0,2}?[a-z]+)\s+([a-z]+ing)\b([^,;:]*?)([.!])$/.exec(s);
  if (!m) return s;
  const left = s.slice(0, m.index);
  if (wordCount(left) < 4 || !hasFiniteVerb(left) || /[;:]/.test(left)) return s;
  const phrase = `${m[1]}${m[2]} ${m[3]}${m[4]}`;
  const terms = tagTerms(phrase);
  const nounAt = m[2].split(/\s+/).length; // the word right before the gerund
  const noun = terms[nounAt];
  const gerund = terms[nounAt + 1];
  if (!noun || !gerund || !noun.tags.has('Noun') || noun.tags.has('Verb') || !gerund.tags.has('Gerund')) return s;
  // "its training being essential" is not "was being": auxiliaries stay as they are
  if (/^(?:being|having|getting|doing)$/.test(gerund.norm)) return s;
  if (terms.slice(1, nounAt).some((t) => !t.tags.has('Adjective') && !t.tags.has('Noun'))) return s;
  const be = noun.tags.has('Plural') ? 'were' : 'was';
  changes.splits++;
  return `${left}. ${capitalise(m[1])}${m[2]} ${be} ${m[3]}${m[4]}${m[5]}`;
}

/**
 * A trailing "with" absolute (", with McCartan firing narrowly over.") becomes its own sentence in the past tense of
 * the main clause: "… McCartan fired narrowly over." Only when the main clause's first verb is in the past, the
 * absolute is a plain noun phrase of up to six words and a gerund of an ordinary verb (not being, having, getting,
 * doing, going), and the past form comes from the tagger's conjugation tables.
 */
export function splitWithAbsolute(s: string, changes: Changes): string {
  const m = /,\s+with\s+([^,;:()"\u201C]+?)([.!])$/.exec(s);
  if (!m || PLACEHOLDER.test(m[1].split(/\s+/)[0] ?? '')) return s;
  const left = s.slice(0, m.index);
  if (/[.!?]\s/.test(left)) return s;
  if (wordCount(left) < 5 || /[;:]/.test(left) || !hasFiniteVerb(left)) return s;
  const firstVerb = tagTerms(left).find((t) => t.tags.has('Verb'));
  if (!firstVerb || !inPast(firstVerb)) return s;
  const words = m[1].split(/\s+/);
  const terms = tagTerms(m[1]);
  if (terms.length !== words.length) return s;
  const g = terms.findIndex((t) => t.tags.has('Gerund'));
  if (g < 1 || !subjectPhrase(terms, 0, g) || words.length - g < 2) return s;
  if (LIGHT_GERUND.test(terms[g].norm) || terms[g].post.trim()) return s;
  const past = plainPastOf(terms[g].norm);
  if (!past) return s;
  const subject = words.slice(0, g).join(' ');
  changes.splits++;
  return `${left}. ${capitalise(subject)} ${past} ${words.slice(g + 1).join(' ')}${m[2]}`;
}

export const PERSONAL = /^(?:he|she|they|i|we)$/;
export const EMBEDDING =
  /^(?:that|who|whom|whose|which|when|while|because|if|as|since|after|before|until|where|although)$/;

/**
 * Two past-tense actions of one pronoun subject become two sentences: "She walked into the kitchen and poured a glass
 * of water." -> "She walked into the kitchen. She poured a glass of water." The subject must be a personal pronoun (it
 * is repeated, so it cannot change whom it names), the sentence must have exactly one "and", read as a past-tense verb
 * right after it, no other clause in the first half, and both halves long enough to stand.
 */
export function splitCompoundPredicate(s: string, changes: Changes): string {
  const end = /([.!])$/.exec(s);
  if (!end || /[;:"\u201C()]/.test(s) || PLACEHOLDER.test(s)) return s;
  if (!/^(?:He|She|They|I|We)\s\S+\s.*\band\s/.test(s)) return s;
  const body = s.slice(0, -1);
  if (/[.!?]\s/.test(body)) return s;
  const words = body.split(/\s+/);
  const terms = tagTerms(body);
  if (terms.length !== words.length || !PERSONAL.test(terms[0].norm)) return s;
  let v = 1;
  if (terms[v]?.tags.has('Adverb') && !terms[v].post.trim()) v++;
  if (!terms[v]?.tags.has('PastTense') || terms[v].post.trim()) return s;
  const ands = terms.flatMap((t, i) => (t.norm === 'and' ? [i] : []));
  if (ands.length !== 1) return s;
  const a = ands[0];
  const next = terms[a + 1];
  if (!next || !next.tags.has('PastTense') || next.tags.has('Participle') || next.tags.has('Noun')) return s;
  if (a < 4 || words.length - a - 1 < 3) return s;
  const first = terms.slice(v + 1, a);
  // a second clause in the first half ("he said she left and …") or a second verb of its own: the "and" may join it
  if (first.some((t) => EMBEDDING.test(t.norm) || (t.tags.has('Pronoun') && PERSONAL.test(t.norm)))) return s;
  if (first.some((t) => t.tags.has('PastTense') && !t.tags.has('Participle'))) return s;
  if (/,/.test(words.slice(0, a).join(' ').slice(0, -1))) return s;
  const left = words.slice(0, a).join(' ').replace(/,$/, '');
  changes.splits++;
  return `${left}. ${repeatedSubject(terms[0].norm)} ${words.slice(a + 1).join(' ')}${end[1]}`;
}

/** Participles that name what the first action caused ("…, sending a jolt through the house"): not the subject's act. */
export const RESULT =
  /^(?:sending|casting|necessitating|requiring|demanding|needing|causing|creating|leaving|making|giving|bringing|forcing|prompting|triggering|resulting|rendering|allowing|enabling|producing|setting|drawing|earning|costing|ending|securing|marking|ensuring|highlighting|underscoring|emphasizing|emphasising|reflecting|signaling|signalling|leading|adding|contributing|paving|putting|becoming|showing|demonstrating|indicating|suggesting|revealing|sparking|fueling|fuelling|boosting|extending|taking|reaching|finishing|completing|moving|lifting|pushing|dropping|following|threatening|affecting|impacting|offering|providing|including|ranging|totalling|totaling|meaning|proving)$/;

/**
 * A trailing participle clause of a pronoun subject becomes its own sentence with the subject repeated: "She ignored
 * the call, quickening her pace." -> "She ignored the call. She quickened her pace." Only for a personal pronoun
 * subject whose first verb is in the past, a gerund of an ordinary verb the tagger reads as one, and a second part of
 * at least three words without another clause; the past form comes from the tagger's conjugation tables.
 */
export function splitPronounParticiple(s: string, changes: Changes): string {
  const m = /,\s+([a-z]+ing)\s+([^,;:()"\u201C]+?)([.!])$/.exec(s);
  if (!m || PLACEHOLDER.test(s)) return s;
  const left = s.slice(0, m.index);
  if (/[.!?]\s|[,;:]/.test(left) || wordCount(left) < 4) return s;
  const lt = tagTerms(left);
  if (!lt[0] || !PERSONAL.test(lt[0].norm)) return s;
  const verb = lt.find((t, i) => i > 0 && t.tags.has('Verb'));
  if (!verb || !inPast(verb)) return s;
  if (lt.slice(1).some((t) => EMBEDDING.test(t.norm) || PERSONAL.test(t.norm))) return s;
  const rest = m[2];
  if (wordCount(rest) < 2 || /\b(?:and|but|or|while|as|when|which|who|that)\b/.test(rest)) return s;
  const gt = tagTerms(`${m[1]} ${rest}`)[0];
  if (!gt || !gt.tags.has('Gerund') || LIGHT_GERUND.test(m[1]) || RESULT.test(m[1])) return s;
  const past = plainPastOf(m[1]);
  if (!past) return s;
  changes.splits++;
  return `${left}. ${repeatedSubject(lt[0].norm)} ${past} ${rest}${m[3]}`;
}

const SPEECH =
  /^(?:said|says|added|told|asked|replied|explained|stated|wrote|noted|pleaded|whispered|shouted|continued)$/;

/** Gerunds whose subject is the whole event ("…, marking the first time"), or that are prepositions ("including"). */
const NOT_JOINED =
  /^(?:marking|signaling|signalling|indicating|suggesting|reflecting|meaning|proving|including|ranging|totalling|totaling|following|according|regarding|considering|concerning|resulting|highlighting|underscoring|emphasizing|emphasising|showing|demonstrating|ensuring|allowing|enabling|leading|creating|paving|contributing|threatening|affecting|impacting|offering|providing|raising|posing|setting)$/;

/**
 * A trailing participle clause joined to its clause's verb with "and", in the past: "Flames danced merrily, casting a
 * warm glow on their faces." -> "Flames danced merrily and cast a warm glow on their faces." Only after a plain
 * clause (no comma, "and"/"but"/"or", embedded clause or auxiliary) whose first verb is in the simple past, with a
 * gerund of an ordinary verb the tagger reads as one and a past form from its tables; not for gerunds whose subject
 * is the whole event or that are prepositions (NOT_JOINED), nor the ones splitParticiple makes a "This" sentence of.
 */
export function joinParticiple(s: string, changes: Changes): string {
  const m = /,\s+([a-z]+ing)\s+([^,;:()"\u201C]+?)([.!])$/.exec(s);
  if (!m || NOT_JOINED.test(m[1]) || LIGHT_GERUND.test(m[1])) return s;
  const left = s.slice(0, m.index);
  if (/[.!?]\s|[,;:]|\b(?:and|but|or|nor)\b/i.test(left) || wordCount(left) < 3 || wordCount(m[2]) < 2) return s;
  // "Her fingers flew across the keyboard, initiating the transfer": the participle's doer is the person, not the
  // body part the clause is about, so "and initiated" would give it to the fingers
  if (/^(?:his|her|their|my|our|its|your)\s/i.test(left) || /^[A-Z][a-z]+['’]s\s/.test(left)) return s;
  const lt = tagTerms(left);
  if (lt.some((t, i) => (i > 0 && EMBEDDING.test(t.norm)) || t.tags.has('Auxiliary') || t.tags.has('Modal'))) return s;
  const verb = lt.find((t) => t.tags.has('Verb'));
  if (!verb || !inPast(verb) || /^(?:was|were|had)$/.test(verb.norm) || verb.tags.has('Gerund')) return s;
  // after a speech verb the participle comments on what was said ("Trump said, referring to …"), not a second act
  if (lt.some((t) => SPEECH.test(t.norm))) return s;
  const gt = tagTerms(`${m[1]} ${m[2]}`)[0];
  if (!gt || !gt.tags.has('Gerund')) return s;
  // plainPastOf checks the past with the tagger ("steeling" -> "steel" is refused)
  const past = plainPastOf(m[1]);
  if (!past) return s;
  changes.reorders++;
  return `${left} and ${past} ${m[2]}${m[3]}`;
}
