// Reported speech: the report moved behind what was said, and "that" dropped after a reporting verb.
import { capitalise, wordCount } from '../document';
import { hasFiniteVerb, tagTerms } from '../nlp';
import type { Changes } from '../operators';
import { lowerStart, nounPhraseLength, PLACEHOLDER } from './tagger-helpers';

const ZERO_THAT = /^(?:said|says|told|believes|believe|believed|thinks|think|thought)$/;
const REPORTING =
  /^(said|says|added|explained|noted|announced|reported|stated|warned|argued|claimed|insisted|believes|believe|believed|thinks|think|thought|told reporters)$/;

/**
 * Reported speech with the report behind it: "The company said (that) its profits fell." -> "Its profits fell, the
 * company said." The reporter is a plain noun phrase or a pronoun of up to six words; the report a clause with its
 * own subject and finite verb.
 */
export function moveReport(s: string, changes: Changes): string {
  const end = /([.!])$/.exec(s);
  if (!end || /[;:"\u201C()]/.test(s) || PLACEHOLDER.test(s)) return s;
  // cheap test first: a reporting verb among the first eight words
  if (!s.split(/\s+/, 8).some((w) => REPORTING.test(w.toLowerCase()) || w.toLowerCase() === 'told')) return s;
  const words = s.slice(0, -1).split(/\s+/);
  const terms = tagTerms(s.slice(0, -1));
  if (terms.length !== words.length) return s;
  // "announced plans to …", "reported a fall in …": only "said", "told reporters" and the thinking verbs take a
  // clause without "that"; the others must have "that" before the report
  const at = terms.findIndex(
    (t, i) => i <= 6 && (REPORTING.test(t.norm) || (t.norm === 'told' && terms[i + 1]?.norm === 'reporters')),
  );
  if (at < 1) return s;
  const span = terms[at].norm === 'told' ? 2 : 1;
  const pronoun = at === 1 && /^(?:he|she|they|we|i)$/.test(terms[0].norm);
  if (!pronoun && nounPhraseLength(terms, 0) !== at) return s;
  if (terms.slice(0, at + span).some((t) => t.post.trim())) return s;
  let k = at + span;
  if (terms[k]?.norm === 'that') k++;
  else if (!ZERO_THAT.test(terms[at].norm)) return s;
  const clause = words.slice(k).join(' ');
  if (wordCount(clause) < 5 || !hasFiniteVerb(clause.split(/[,;]/)[0])) return s;
  const first = tagTerms(clause)[0];
  if (!first || !(first.tags.has('Determiner') || first.tags.has('Pronoun') || first.tags.has('Noun'))) return s;
  if (first.tags.has('Gerund') || /^(?:to|that|what|how|why|whether|if)$/.test(first.norm)) return s;
  // a title before a name ("Senator Claire McCaskill") keeps its capital
  const titled = words.slice(0, at).filter((w) => /^[A-Z]/.test(w)).length >= 2;
  const named = words.slice(0, at).join(' ');
  const reporter = pronoun ? terms[0].norm.replace(/^i$/, 'I') : titled ? named : lowerStart(named, terms[0]);
  const verb = words.slice(at, at + span).join(' ');
  changes.reorders++;
  return `${capitalise(clause)}, ${reporter} ${verb}${end[1]}`;
}

const THAT_AFTER =
  /\b(said|says|believe|believes|believed|think|thinks|thought|found|announced|suggests|suggested|claims|claimed|argued|argues|noted|reported|revealed|knew|know|knows|hope|hoped|hopes|felt|feel|feels|realized|realised|realize|realise|added|explained|stated|insisted|admitted|agreed|learned|discovered|decided|noticed|remembered|promised|assured|told \w+|showed|shows)\s+that\s+(?=(?:the|a|an|this|these|those|his|her|its|their|our|my|your|he|she|it|they|we|I|you|there|some|many|most|all|no|[A-Z][a-z]+)\b)/g;

/**
 * "that" after a reporting or thinking verb, where a full clause follows, is left out in plain English ("She said
 * that the shop had closed." -> "She said the shop had closed."); formal tones keep it.
 */
export function dropThat(s: string, changes: Changes): string {
  return s.replace(THAT_AFTER, (m: string, verb: string, offset: number) => {
    const rest = s.slice(offset + m.length);
    const head = rest.split(/[,;:.]/)[0];
    if (!hasFiniteVerb(head) || wordCount(head) < 3) return m;
    // "that" as a determiner: "knew that man was …" is not a clause after "that"
    const t = tagTerms(head);
    if (t[0]?.tags.has('Noun') && !t[0].tags.has('ProperNoun') && !t[0].tags.has('Pronoun')) return m;
    changes.words++;
    return `${verb} `;
  });
}

const SPEECH_VERB =
  '(?:said|says|added|explained|continued|replied|asked|answered|whispered|murmured|shouted|insisted)';
/** After a quotation: the speech verb, then a name of up to four capitalised words, a pronoun or "the <noun>". */
const SAID_SPEAKER = new RegExp(
  `([\\uE000-\\uF8FF]+\\s+)${'(' + SPEECH_VERB + ')'} ((?:[A-Z][A-Za-z'’-]+(?:\\s+[A-Z][A-Za-z'’-]+){0,3})|he|she|they|we|I|(?:the|a) [a-z]+)(?=[.,!?]|\\s+(?:in|on|at|after|before|during|when|as|with|from|to)\\b)`,
);

/**
 * The speaker before the speech verb after a quotation, as most writers put it now: '"…," said McCoist in a press
 * conference.' -> '"…," McCoist said in a press conference.'; '"…," whispered Sarah.' -> '"…," Sarah whispered.'
 * Only a name, a pronoun or "the/a <noun>" right after the verb and followed by punctuation or a preposition ("said
 * Celtic manager Ronny Deila" and "said the club's chairman" stay), and only after a quotation that holds its own
 * comma: '"…", said McCoist' keeps its order (LanguageTool reads '"…", McCoist said' as a misplaced comma). A quotation
 * is a placeholder here (core/protect).
 */
export function speakerFirst(s: string, changes: Changes): string {
  const m = SAID_SPEAKER.exec(s);
  if (!m) return s;
  // a comma after the name opens its appositive, which would then follow the verb ('"…," said Emma Llano, a
  // spokesperson for …' -> '"…," Emma Llano said, a spokesperson for …', read in the held-out rewrites 2026-11-29 night)
  if (/^,\s+(?:a|an|the|who|whose|[a-z]+'s)\b/.test(s.slice(m.index + m[0].length))) return s;
  changes.reorders++;
  return `${s.slice(0, m.index)}${m[1]}${m[3]} ${m[2]}${s.slice(m.index + m[0].length)}`;
}
