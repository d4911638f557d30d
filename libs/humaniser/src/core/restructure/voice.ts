// Passive with an explicit agent made active ("was approved by the Senate" -> "the Senate approved").
import { capitalise } from '../document';
import { tagTerms } from '../nlp';
import type { Changes } from '../operators';
import { lowerStart, nounPhraseLength, pastOf, taggedWords, TO_OBJECT, TO_SUBJECT } from './tagger-helpers';

/**
 * Passive with an explicit agent, in the past: "The bill was approved by the Senate on Tuesday." -> "The Senate
 * approved the bill on Tuesday." The subject must be a plain noun phrase (or a pronoun that changes case), the agent
 * a noun phrase (not "by 2020", "by the end of", "by using").
 */
export function activeVoice(s: string, changes: Changes): string {
  const end = /([.!])$/.exec(s);
  // cheap test first: the tagger (~2 ms a sentence) only for sentences with "was/were … by"
  if (!end || /[;:"\u201C()]/.test(s) || !/\b(?:was|were)\s+(?:\w+\s+)?\w+\s+by\s/i.test(s)) return s;
  const tagged = taggedWords(s);
  if (!tagged) return s;
  const { words, terms } = tagged;
  const aux = terms.findIndex((t) => t.norm === 'was' || t.norm === 'were');
  if (aux < 1 || terms.slice(0, aux).some((t) => t.post.trim())) return s;
  let v = aux + 1;
  const adverb = terms[v]?.tags.has('Adverb') && terms[v].norm.endsWith('ly') ? words[v] : '';
  if (adverb) v++;
  const verb = terms[v];
  if (
    !verb ||
    !verb.tags.has('Verb') ||
    !(verb.tags.has('PastTense') || verb.tags.has('Participle')) ||
    verb.post.trim()
  )
    return s;
  if (terms[v + 1]?.norm !== 'by' || terms[v + 1].post.trim()) return s;
  // the subject: a plain noun phrase or a subject pronoun
  let subject = words.slice(0, aux).join(' ');
  const pronoun = aux === 1 ? TO_OBJECT[terms[0].norm] : undefined;
  if (pronoun) subject = pronoun;
  else if (nounPhraseLength(terms, 0) !== aux) return s;
  else subject = lowerStart(subject, terms[0]);
  // the agent
  const a0 = v + 2;
  let agent: string;
  let a1: number;
  if (TO_SUBJECT[terms[a0]?.norm ?? ''] && terms[a0].norm !== 'it') {
    agent = TO_SUBJECT[terms[a0].norm];
    a1 = a0 + 1;
  } else {
    if (
      !terms[a0] ||
      terms[a0].tags.has('Date') ||
      terms[a0].tags.has('Value') ||
      /^(?:far|then|now)$/.test(terms[a0].norm)
    )
      return s;
    if (terms.slice(a0, a0 + 3).some((t) => t.norm === 'end' || t.norm === 'time' || t.tags.has('Date'))) return s;
    a1 = nounPhraseLength(terms, a0);
    if (a1 === a0) return s;
    // a bare singular noun after "by" is a means ("by hand", "by car", "by email"), not an agent
    const head = terms[a0];
    if (
      !head.tags.has('Determiner') &&
      !head.tags.has('ProperNoun') &&
      !head.tags.has('Plural') &&
      !head.tags.has('Adjective')
    )
      return s;
    agent = words.slice(a0, a1).join(' ').replace(/[,]$/, '');
  }
  const past = pastOf(verb.norm);
  if (!past || (past === verb.norm && !/ed$/.test(past))) return s;
  if (/[A-Z]/.test(past)) return s;
  const rest = words.slice(a1).join(' ');
  // what follows the agent must still belong to the whole clause: nothing, a comma-separated part that is not a
  // relative clause, or a time ("on Tuesday"); "by a teacher from Leeds" would lose "from Leeds" to the object
  if (/^,?\s*(?:which|who|whom|whose|that)\b/i.test(rest.replace(/^,/, ', '))) return s;
  if (rest && !/^,/.test(rest) && !/^(?:on|in|at|during|last|this|earlier|later|yesterday|today)\b/i.test(rest))
    return s;
  if (rest && !/^,/.test(rest) && !tagTerms(rest).some((t) => t.tags.has('Date'))) return s;
  const restTail = rest ? (/^[,]/.test(rest) ? rest : ` ${rest}`) : '';
  // the agent's trailing comma ("by the Senate, which …") stays after the object
  const comma = /,$/.test(words[a1 - 1]) ? ',' : '';
  const verbPhrase = adverb ? `${adverb} ${past}` : past;
  changes.voice++;
  return `${capitalise(agent)} ${verbPhrase} ${subject}${comma}${restTail}${end[1]}`;
}
