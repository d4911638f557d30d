// Time phrases moved to the front or behind the clause.
import { capitalise, wordCount } from '../document';
import { hasFiniteVerb, tagTerms } from '../nlp';
import type { Changes } from '../operators';
import { lowerStart, PLACEHOLDER } from './tagger-helpers';

const TIME_PREP = /^(?:on|in|at|during|last|this|earlier|later|since|until|after|before|yesterday|today|tonight)$/i;
/** Is this phrase a time ("on Tuesday", "last year", "in 2019", "earlier this month")? */
export function isTime(phrase: string): boolean {
  const words = phrase.split(/\s+/);
  if (!TIME_PREP.test(words[0]) || words.length > 5) return false;
  // a protected number right after "in"/"since"/"until"/"during" is a year ("in 2019"); "by 5%" is not a time
  if (words.length === 2 && /^(?:in|since|until|during)$/i.test(words[0]) && /^[\uE000-\uF8FF]+$/.test(words[1]))
    return true;
  const terms = tagTerms(phrase);
  const unit =
    /^(?:minute|hour|half|morning|afternoon|evening|night|day|week|weekend|month|year|decade|century|season)s?$/i;
  // "last"/"this" are a time only with a time word right after them ("last year", "this Tuesday"): "last game of the
  // season" is a noun phrase that merely ends in one
  if (/^(?:last|this)$/i.test(words[0]) && !(unit.test(words[1] ?? '') || terms[1]?.tags.has('Date'))) return false;
  return (
    (terms.some((t) => t.tags.has('Date')) || unit.test(words[words.length - 1])) &&
    !terms.some((t) => t.tags.has('Verb'))
  );
}

export const SUBORDINATE =
  /\b(?:since|when|whenever|after|before|because|while|as|until|if|unless|although|though|who|whom|whose|which|that|where|so)\b/i;

/** A clause that can stand after a fronted time: a subject first, a finite verb, no comma (scope stays plain). */
export function plainClause(text: string): boolean {
  if (/[,;:()"\u201C]/.test(text) || wordCount(text) < 4 || wordCount(text) > 24) return false;
  const first = tagTerms(text)[0];
  if (!first || first.tags.has('Conjunction') || first.tags.has('Preposition') || first.tags.has('Gerund'))
    return false;
  return hasFiniteVerb(text);
}

/**
 * Time phrases change places: "The council approved the plan on Tuesday." -> "On Tuesday, the council approved the
 * plan." (`toFront`), and "In 2019, the company moved to Leeds." -> "The company moved to Leeds in 2019." Only with a
 * plain main clause (no comma: with more clauses the time's scope would be unclear).
 */
export function moveTime(s: string, toFront: boolean, changes: Changes): string {
  const end = /([.!])$/.exec(s);
  if (!end) return s;
  const body = s.slice(0, -1);
  if (toFront) {
    const m =
      /\s((?:on|in|at|during|last|this|earlier|later|since|until|yesterday|today|tonight)(?:\s[^\s,;:]+){0,4})$/i.exec(
        body,
      );
    if (!m) return s;
    // the shortest trailing time phrase ("last year", not "rose sharply last year")
    const words = m[1].split(/\s+/);
    let phrase = '';
    for (let k = words.length - 1; k >= 0; k--) {
      const p = words.slice(k).join(' ');
      if (TIME_PREP.test(words[k]) && isTime(p)) {
        phrase = p;
        break;
      }
    }
    if (!phrase) return s;
    const head = body.slice(0, body.length - phrase.length).trimEnd();
    // a determiner or possessive right before it makes the phrase part of a noun phrase ("our last game")
    if (/\b(?:the|a|an|our|my|your|his|her|its|their|this|that|these|those|and|or)$/i.test(head)) return s;
    // with a second clause in the sentence the time may belong to it ("… since their troubles began in 2012")
    if (!plainClause(head) || SUBORDINATE.test(head)) return s;
    const terms = tagTerms(head);
    changes.reorders++;
    return `${capitalise(phrase)}, ${lowerStart(head, terms[0])}${end[1]}`;
  }
  const m = /^([A-Z][a-z]*(?:\s[^\s,;:]+){0,4}),\s+/.exec(body);
  if (!m || !isTime(m[1])) return s;
  const rest = body.slice(m[0].length);
  // a protected span (emphasis, a quote) would open the sentence: its capital cannot be checked
  if (!plainClause(rest) || PLACEHOLDER.test(rest[0])) return s;
  const phrase = /^[A-Z][a-z]+\b/.test(m[1]) && !/^(?:I)$/.test(m[1]) ? m[1][0].toLowerCase() + m[1].slice(1) : m[1];
  // "On Tuesday" -> "on Tuesday"; a name after the preposition keeps its capital
  changes.reorders++;
  return `${capitalise(rest)} ${phrase}${end[1]}`;
}
