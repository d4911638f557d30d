// Clause order.
// Machine prose opens a large share of its sentences with a fronted adverbial ("By prioritizing tasks, ...", "While
// X, ..."); people vary that. The tagger decides where the fronted part ends (the first comma after which a main
// clause with a subject and a finite verb starts) and whether a trailing clause has its own verb.
import { capitalise, decapitalise, wordCount } from '../document';
import { hasFiniteVerb, tagTerms, type Term } from '../nlp';
import type { Changes } from './changes';

const FRONTED =
  /^(Although|Though|Because|Since|When|Whenever|While|Whereas|If|Unless|After|Before|Once|Until|By|Through|Without|With|Despite|During|Given|Whether|As|Using|Building on|Thanks to|In this (?:paper|study|work|essay|article|review))\s/;
const CONTRAST = /^(?:although|though|while|whereas|whether|despite)$/;
/** Fronted parts that are phrases, not clauses: no verb of their own is needed. */
const PHRASE_LEAD = /^(?:with|despite|during|given|as|using|building on|thanks to|in this \w+)$/;
const SUBJECT_TAGS = ['Determiner', 'Pronoun', 'Noun', 'Adjective', 'Possessive'];

function startsMainClause(text: string): boolean {
  const terms = tagTerms(text);
  const first = terms[0];
  if (!first || first.tags.has('Gerund') || first.tags.has('Conjunction') || first.tags.has('Preposition'))
    return false;
  if (!SUBJECT_TAGS.some((t) => first.tags.has(t)) && !/^\uE000/.test(text)) return false;
  // subject and verb before the next comma: otherwise this is the rest of a list ("b, c, and d, this store has")
  return hasFiniteVerb(text.split(/[,;:]/)[0]);
}

/** "By doing X, people can Y." -> "People can Y by doing X." (the fronted part moves to the end). */
export function moveFrontedClause(s: string, changes: Changes): string {
  // a plain connective in front ("So by doing X, Y.") stays in front: "So Y by doing X."
  const lead = /^(So|But|And|Also|Still|Yet|Then)(,?\s+)/.exec(s);
  if (lead) {
    const inner = capitalise(s.slice(lead[0].length));
    const moved = moveFrontedClause(inner, changes);
    if (moved === inner) return s;
    const first = /^[A-Za-z]+/.exec(moved)?.[0] ?? '';
    const wasLower = new RegExp(`\\b${first.toLowerCase()}\\b`).test(s);
    return lead[1] + lead[2] + (wasLower ? first.toLowerCase() + moved.slice(first.length) : moved);
  }
  const m = FRONTED.exec(s);
  const end = /([.!])$/.exec(s);
  if (!m || !end || /[;:"\u201C]/.test(s)) return s;
  const sub = m[1].toLowerCase();
  const gerundLead = sub === 'by' || sub === 'through' || sub === 'without';
  if (gerundLead && !tagTerms(s)[1]?.tags.has('Gerund')) return s;
  const re = /,\s+/g;
  for (let c = re.exec(s); c; c = re.exec(s)) {
    const fronted = s.slice(0, c.index);
    const main = s.slice(c.index + c[0].length, s.length - 1);
    if (wordCount(fronted) < 3 || wordCount(main) < 4) continue;
    // only a gerund lead may hold a list ("By doing a, b, and c, …"); a main clause with commas of its own would leave
    // the moved part after its last aside ("…, she continued, her voice growing wistful after you've lived …")
    if (!gerundLead && /,/.test(fronted)) return s;
    if (/,/.test(main)) continue;
    if (EMBEDS_CLAUSE.test(main) && !gerundLead) return s;
    if (!startsMainClause(main)) continue;
    if (!gerundLead && !PHRASE_LEAD.test(sub) && !hasFiniteVerb(fronted.slice(m[0].length))) return s;
    // a phrase ("With several players out of contract", "As an AI assistant"; not a clause: "As I peered out") moved
    // behind a long main clause, or one
    // with a clause or a coordination of its own, attaches to its last noun ("… promotion next season with several
    // key players out of contract"; "… ongoing projects as an AI assistant"): only behind a short plain clause
    if (
      (gerundLead || (PHRASE_LEAD.test(sub) && (sub !== 'as' || !hasFiniteVerb(fronted.slice(m[0].length))))) &&
      (wordCount(main) > 12 || /\b(?:and|or|but|as|when|while|because|if|since|until|so|who|which|that)\b/i.test(main))
    )
      return s;
    // a pronoun in the main clause's subject that the fronted part introduced would now point forward: leave it;
    // also a possessive one, and behind an "as" clause with its own verb ("As Sarah's eyes traced the markings, her
    // mind raced." is not "Her mind raced as Sarah's eyes traced the markings.")
    const phrase = PHRASE_LEAD.test(sub) && (sub !== 'as' || !hasFiniteVerb(fronted.slice(m[0].length)));
    if (/^(?:he|she|they|it|this|these)\b/i.test(main) && !gerundLead && !PHRASE_LEAD.test(sub)) return s;
    if (/^(?:he|she|they|his|her|their)\b/i.test(main) && !gerundLead && !phrase) return s;
    // nor a demonstrative anywhere in it ("Although … on backup servers, officials rarely trawl these servers.")
    if (/\b(?:these|those|such)\b/i.test(main)) return s;
    // "… the lives of many as the community mourns": behind "many", "well" or "such" an "as" reads as a comparison
    if (sub === 'as' && /\b(?:many|much|well|soon|long|far|such|same|as)$/i.test(main)) return s;
    const head = capitalise(main);
    const tail = sub + fronted.slice(m[1].length);
    changes.reorders++;
    return `${head}${CONTRAST.test(sub) ? ', ' : ' '}${tail}${end[1]}`;
  }
  return s;
}

/** An ordinary noun the tagger is sure of: not a name, a person, a place or a possessive ("Samson's"). */
export function isCommonNoun(t: Term | undefined): boolean {
  if (!t || !t.tags.has('Noun') || /['\u2019]s$/.test(t.text)) return false;
  return !['ProperNoun', 'Person', 'Place', 'Organization', 'Possessive', 'Acronym'].some((x) => t.tags.has(x));
}

/**
 * A sentence's first word the tagger reads as part of a name only because of its capital: "Hotel management has
 * declined …" (ProperNoun/Organization, followed by an ordinary lower-case noun). Moved behind something else it would
 * keep a capital it should not have, and lower-casing it could be wrong for a real name: the move is refused.
 */
export function capitalOfSentenceOnly(terms: Term[]): boolean {
  const [first, second] = terms;
  if (!first || !/^[A-Z][a-z]+$/.test(first.text) || !first.tags.has('ProperNoun')) return false;
  if (['Person', 'Place', 'FirstName', 'Acronym'].some((x) => first.tags.has(x))) return false;
  return !!second && /^[a-z]/.test(second.text) && second.tags.has('Noun');
}

/** A clause that reports or embeds another ("said the shop had closed", "that", "which", "who"). */
const EMBEDS_CLAUSE =
  /\b(?:that|which|who|whom|whose|said|says|say|stated|states|indicated|indicates|announced|reported|believes?|believed|thinks?|thought|knew|knows?|hopes?|hoped|claims?|claimed|argues?|argued|explained|added|noted|warned|suggests?|suggested|showed|shows|shown|revealed|confirmed|expects?|expected)\b/i;

/** Third-person object and possessive pronouns and demonstratives: what refers back to something named before. */
const OBJECT_3 = /\b(?:it|him|her|them|his|its|their|hers|theirs|this|these|those)\b/i;
const ROLE_AS =
  /\b(?:known|seen|regarded|described|used|valued|viewed|treated|considered|recognized|recognised|hailed|branded|labelled|labeled|dubbed|billed|listed|named|chosen|elected|appointed|served|acted|worked|posed|ranked|rated|remembered|celebrated|identified|classed|classified|cast)$/i;

const TRAILING = /\s(because|when|whenever|if|although|though|while|unless|after|before|until|once|since|as)\s/g;

/** "The team left early because the road was closed." -> "Because the road was closed, the team left early." */
export function frontTrailingClause(s: string, changes: Changes): string {
  const end = /([.!])$/.exec(s);
  if (!end || FRONTED.test(s) || /[;:"\u201C()]/.test(s)) return s;
  let m: RegExpExecArray | null = null;
  TRAILING.lastIndex = 0;
  for (let x = TRAILING.exec(s); x; x = TRAILING.exec(s)) m = x;
  if (!m) return s;
  const head = s.slice(0, m.index).replace(/,$/, '');
  const tail = s.slice(m.index + m[0].length, s.length - 1);
  if (/,/.test(tail) || /,/.test(head) || wordCount(head) < 5 || wordCount(tail) < 3) return s;
  if (/\b(?:even|only|just|right|long|soon|as|so|and|or|but|such|same|well|much|many|far)$/i.test(head)) return s;
  // "as" also compares ("as tall as"): only a temporal or causal "as" after a whole clause
  if (m[1] === 'as' && /\bas\s+\w+$/i.test(head)) return s;
  // "as a fiction writer", "as an AI model": a role, not a clause ("… a persona as a fiction writer called X")
  if (m[1] === 'as' && /^(?:a|an)\s/i.test(tail)) return s;
  if (!hasFiniteVerb(head) || !hasFiniteVerb(tail) || !startsMainClause(tail)) return s;
  // "the strongest since 1998 and is expected to …": a year after "since" is a time phrase, not a clause's subject
  if (/^[\uE000-\uF8FF]/.test(tail) && /^(?:since|until|before|after|once)$/.test(m[1])) return s;
  // an object or possessive pronoun in the clause that named something of the head would point forward once fronted
  // ("… intensifies as critics argue that it undermines …", "… between her toes as she dipped them …"); a subject
  // pronoun fronted before its name is ordinary story prose ("As she looked at David, Samson's heart pounded.")
  if (OBJECT_3.test(tail)) return s;
  // "valued as treasures", "known as": "as" after such a participle names a role, not a clause
  if (m[1] === 'as' && ROLE_AS.test(head)) return s;
  // a head that reports or embeds a clause ("the coroner said a report will be issued when …"): the trailing clause
  // may belong to the embedded one, and fronting it would change what it qualifies
  if (EMBEDS_CLAUSE.test(head)) return s;
  let lowered = decapitalise(head);
  if (lowered === undefined && !/^[A-Z][a-z]+\b/.test(head)) return s;
  if (lowered === undefined) {
    const terms = tagTerms(head);
    if (capitalOfSentenceOnly(terms)) return s;
    // an ordinary noun that opened the sentence ("Suppliers and manufacturers …") is lower-cased; names keep capitals
    if (isCommonNoun(terms[0])) lowered = head[0].toLowerCase() + head.slice(1);
  }
  changes.reorders++;
  return `${capitalise(m[1])} ${tail}, ${lowered ?? head}${end[1]}`;
}
