// Manner adverbs moved, and fronted places and circumstances moved behind the clause.
import { capitalise, wordCount } from '../document';
import { tagTerms } from '../nlp';
import type { Changes } from '../operators';
import { EMBEDDING, PERSONAL } from './splits';
import { nounPhraseLength, PLACEHOLDER, taggedWords } from './tagger-helpers';
import { isTime, plainClause, SUBORDINATE } from './time';

/** -ly adverbs that are not manner adverbs (focus, frequency, stance, degree, time): their place carries meaning. */
const NOT_MANNER =
  /^(?:only|early|really|nearly|likely|finally|actually|simply|clearly|merely|hardly|barely|scarcely|largely|mostly|mainly|partly|fully|truly|certainly|probably|possibly|definitely|surely|rarely|usually|generally|recently|previously|currently|initially|eventually|ultimately|reportedly|allegedly|apparently|particularly|especially|newly|daily|weekly|monthly|yearly|fairly|highly|deeply|greatly|strongly|widely|closely|entirely|completely|increasingly|significantly|relatively|approximately|roughly|exactly|directly|immediately|briefly|successfully|subsequently|consequently|accordingly|additionally|similarly|originally|formally|officially|publicly|repeatedly|frequently|occasionally|constantly|continually|gradually|suddenly|instantly|quickly|shortly|lately)$/;

/**
 * A manner adverb before the verb moves after the verb's object: "She carefully placed the box on the table." -> "She
 * placed the box on the table carefully." Only for a pronoun or plain noun-phrase subject, a past-tense verb of its
 * own (not an auxiliary), an adverb that describes how (not NOT_MANNER: "only", "suddenly", "recently" …), and a short
 * rest of two to eight words with no clause, infinitive or "and" the adverb could end up attached to.
 */
export function moveMannerAdverb(s: string, changes: Changes): string {
  const end = /([.!])$/.exec(s);
  if (!end || /[,;:"\u201C()]/.test(s) || PLACEHOLDER.test(s) || !/\b[a-z]+ly\s/.test(s)) return s;
  const tagged = taggedWords(s);
  if (!tagged) return s;
  const { words, terms } = tagged;
  const a = terms.findIndex(
    (t, i) => i >= 1 && i <= 5 && t.tags.has('Adverb') && /ly$/.test(t.norm) && !NOT_MANNER.test(t.norm),
  );
  if (a < 1) return s;
  const verb = terms[a + 1];
  if (!verb || !verb.tags.has('PastTense') || /^(?:was|were|had|did|could|would|should|might)$/.test(verb.norm))
    return s;
  const pronoun = a === 1 && PERSONAL.test(terms[0].norm);
  if (!pronoun && nounPhraseLength(terms, 0) !== a) return s;
  const rest = terms.slice(a + 2);
  if (rest.length < 2 || rest.length > 8) return s;
  if (rest.some((t) => EMBEDDING.test(t.norm) || /^(?:and|or|but|to|not|never)$/.test(t.norm) || t.tags.has('Verb')))
    return s;
  changes.reorders++;
  const subject = words.slice(0, a).join(' ');
  return `${subject} ${words[a + 1]} ${words.slice(a + 2).join(' ')} ${words[a]}${end[1]}`;
}

/** Fronted phrases that are connectives, not places or circumstances ("In fact,", "On the other hand,"). */
const CONNECTIVE_PP =
  /^(?:in (?:fact|short|sum|brief|general|particular|addition|contrast|conclusion|turn|effect|practice|theory|other words|the end|any case|this case|that case|some cases|many cases|most cases|the meantime|the long run|the same way|return|response|total|part|reality|essence)|on (?:the other hand|the one hand|the contrary|average|balance|top of that|the whole)|at (?:the same time|first|last|least|most|times|once|the moment|the end of the day)|for (?:example|instance|now|one|this reason|that reason|the most part)|with (?:that|this))$/i;

/** Fronted phrases of reason or relation: "In response to …", "In light of …", "In spite of …". */
const RELATIONAL_PP =
  /^in (?:response|reply|reaction|answer|light|view|spite|return|line|addition|place|favou?r|support|memory|honou?r|protest|recognition|retaliation|solidarity|defiance|preparation|anticipation|accordance|keeping) (?:to|of|for|with)\b/i;

/**
 * A fronted prepositional phrase of place or circumstance moves behind its clause: "In the men's 100m, all eyes are
 * on Usain Bolt." -> "All eyes are on Usain Bolt in the men's 100m." The phrase is three to eight words with a noun
 * and no verb, not a connective (CONNECTIVE_PP); the clause after it is plain (a subject first, a finite verb, no
 * comma, at most twelve words), so the phrase keeps what it qualifies. Times are moveTime's.
 */
export function movePhraseBehind(s: string, changes: Changes): string {
  const end = /([.!])$/.exec(s);
  if (!end) return s;
  const m =
    /^((?:In|On|At|Across|Among|Amid|Inside|Outside|Within|Throughout|Under|Beyond|Behind|Along|Around|Near)\s[^,;:]+?),\s+/.exec(
      s,
    );
  if (!m || CONNECTIVE_PP.test(m[1]) || wordCount(m[1]) < 3 || wordCount(m[1]) > 8 || isTime(m[1])) return s;
  // a reason or relation ("In response to public outcry", "In light of the report") qualifies the clause's action;
  // behind it, it reads as part of the last noun ("… his regret for his remark in response to public outcry")
  if (RELATIONAL_PP.test(m[1])) return s;
  const pt = tagTerms(m[1]);
  if (pt.some((t) => t.tags.has('Verb') || (t.tags.has('Pronoun') && !t.tags.has('Possessive')))) return s;
  if (!pt.slice(1).some((t) => t.tags.has('Noun') || t.tags.has('ProperNoun'))) return s;
  const rest = s.slice(m[0].length, -1);
  // behind a long clause the phrase would attach to its last noun ("… for all internet users in a statement")
  if (wordCount(rest) > 12 || !plainClause(rest) || PLACEHOLDER.test(rest[0]) || SUBORDINATE.test(rest)) return s;
  const first = tagTerms(rest)[0];
  // the clause's subject must open it ("all eyes are …"), not an inverted verb ("sat an old globe")
  if (!first || first.tags.has('Verb') || first.tags.has('Adverb')) return s;
  const phrase = m[1][0].toLowerCase() + m[1].slice(1);
  changes.reorders++;
  return `${capitalise(rest)} ${phrase}${end[1]}`;
}
