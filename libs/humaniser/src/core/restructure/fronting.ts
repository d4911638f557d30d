// Appositives and participle phrases fronted.
import { capitalise, decapitalise, wordCount } from '../document';
import { hasFiniteVerb, tagTerms } from '../nlp';
import { capitalOfSentenceOnly, type Changes } from '../operators';
import { EMBEDDING, PERSONAL, RESULT } from './splits';
import { LIGHT_GERUND, PLACEHOLDER } from './tagger-helpers';

/**
 * A name with an indefinite appositive moves the appositive in front, as news writing does: "James Guy, a world
 * champion in the 200m freestyle, made it through to the semi-finals." -> "A world champion in the 200m freestyle,
 * James Guy made it through to the semi-finals." The name is one to four capitalised words the tagger reads as a
 * proper noun, the appositive opens with "a" or "an" and holds no clause, and a verb follows it.
 */
export function frontAppositive(s: string, changes: Changes): string {
  const m =
    /^((?:[A-Z][\p{L}'\u2019-]+\s){0,3}[A-Z][\p{L}'\u2019-]+),\s+((?:a|an)\s[^,;:()"\u201C]+?),\s+(\S[^]*)$/u.exec(s);
  if (
    !m ||
    !/[.!]$/.test(s) ||
    /^(?:The|A|An|This|That|These|Those|It|He|She|They|We|I|In|On|At|But|And|So)\b/.test(m[1])
  )
    return s;
  const name = tagTerms(m[1]);
  if (!name.length || !name.every((t) => t.tags.has('ProperNoun') || t.tags.has('Person') || t.tags.has('Place')))
    return s;
  const app = m[2];
  if (wordCount(app) < 2 || wordCount(app) > 12 || /\b(?:who|which|that|whose|and|but)\b/.test(app)) return s;
  const at = tagTerms(app);
  if (at.some((t) => t.tags.has('Verb') && !t.tags.has('Gerund') && !t.tags.has('Participle'))) return s;
  const rest = tagTerms(m[3].split(/[,;:]/)[0]);
  const lead = rest.findIndex((t) => t.tags.has('Verb'));
  if (lead < 0 || lead > 1 || (lead === 1 && !rest[0].tags.has('Adverb'))) return s;
  changes.reorders++;
  return `${capitalise(app)}, ${m[1]} ${m[3]}`;
}

/**
 * Participles of what happens after the main action, not during it ("The mug slipped from my fingers, shattering on the
 * floor": in front, "Shattering on the floor, the mug slipped" has it break first; read 2026-11-29 night).
 */
const AFTERMATH =
  /^(?:shattering|crashing|landing|splashing|spilling|tumbling|falling|breaking|bursting|exploding|scattering|collapsing|sinking|rolling|dropping|hitting|slamming|smashing|ricocheting|settling|coming)$/;

const FUTURE_FRAME =
  /\b(?:will|would|shall|can|could|may|might|must|should)\b|\b(?:is|are|was|were|be)\s+(?:expected|set|due|likely|unlikely|scheduled|poised|going|about|planning|hoping)\s+to\b/i;

/**
 * A trailing participle clause that describes what the subject was doing moves in front: "Elara stood in the attic,
 * clutching the letter." -> "Clutching the letter, Elara stood in the attic." The main clause must open with its
 * subject (a pronoun, a name or a noun phrase) and have a finite verb and no comma of its own; the participle must be
 * one the tagger reads as a gerund and not one that names a result or a consequence (RESULT: "…, sending a jolt",
 * "…, marking the first time"), which would dangle in front. A subject other than a personal pronoun must be the
 * actor itself: not "it"/"this", not a possessive's part ("her fingers", "his silence"), and the phrase may then hold
 * no pronoun that would point forward to it.
 */
export function frontParticiple(s: string, changes: Changes): string {
  const m = /,\s+([a-z]+ing)\s+([^,;:()"\u201C]+?)([.!])$/.exec(s);
  if (!m || RESULT.test(m[1]) || LIGHT_GERUND.test(m[1]) || AFTERMATH.test(m[1])) return s;
  const left = s.slice(0, m.index);
  // the "-ing" word is an item of a list the clause ends with ("The air was thick with laughter, clinking glasses and
  // energetic chatter": in front, "Clinking glasses and energetic chatter, the air was thick with laughter")
  if (/\bwith\s+(?:[\p{L}'\u2019-]+\s+){0,2}[\p{L}'\u2019-]+$/u.test(left) && /\band\b/.test(m[2])) return s;
  if (/[.!?]\s|[,;:"\u201C()]/.test(left) || wordCount(left) < 4 || wordCount(m[2]) > 16) return s;
  // the phrase moves whole (a relative clause or an "and" inside it goes with it); a clause opener may attach to the
  // main verb instead, so it stays
  if (PLACEHOLDER.test(left[0]) || /\b(?:but|as|while|when|because|so|until|before|after)\b/.test(m[2])) return s;
  const lt = tagTerms(left);
  const first = lt[0];
  if (!first || first.tags.has('Gerund') || first.tags.has('Conjunction') || first.tags.has('Preposition')) return s;
  if (!['Determiner', 'Pronoun', 'Noun', 'ProperNoun', 'Possessive', 'Adjective'].some((t) => first.tags.has(t)))
    return s;
  if (!hasFiniteVerb(left) || lt.some((t, i) => i > 0 && EMBEDDING.test(t.norm))) return s;
  // behind a modal or "is expected to …" the participle belongs to the action to come ("The defense is expected to
  // present its case, arguing that …": in front, "Arguing that …, the defense is expected to" has it arguing now)
  if (FUTURE_FRAME.test(left)) return s;
  const pronounSubject = PERSONAL.test(first.norm);
  if (!pronounSubject) {
    // the fronted phrase must describe the subject itself: not "it" or "this", not a possessive's body part or
    // quality ("her fingers", "his silence", "Sarah's gaze": "Initiating the transfer, her fingers flew" dangles), and
    // no pronoun in the phrase that would now point forward to the subject ("Transforming it …, the landscape …")
    if (/^(?:it|this|that|there|these|those)$/.test(first.norm)) return s;
    const verbAt = lt.findIndex((t) => t.tags.has('Verb'));
    if (
      lt.slice(0, verbAt < 0 ? lt.length : verbAt).some((t) => t.tags.has('Possessive') || /['\u2019]s$/.test(t.text))
    )
      return s;
    if (/\b(?:it|its|itself|him|his|himself|her|herself|them|their|themselves|they|he|she)\b/i.test(m[2])) return s;
    // "-ing with …" of a thing names what moves in or on it, not what it does ("The green sky had darkened, swirling
    // with ominous clouds": in front, "Swirling with ominous clouds, the green sky had darkened" makes the sky the
    // doer of what the clouds do); only a person's ("Trembling with fear, Maria stood …") goes in front
    if (/^with\b/.test(m[2]) && !first.tags.has('Person') && !first.tags.has('ProperNoun')) return s;
  }
  const gt = tagTerms(`${m[1]} ${m[2]}`)[0];
  if (!gt || !gt.tags.has('Gerund')) return s;
  // the subject keeps its capital when it is a name; an ordinary word that opened the sentence is lower-cased, and a
  // capitalised word the tagger cannot place refuses the move
  const named =
    (first.tags.has('ProperNoun') || first.tags.has('Person') || first.tags.has('Place')) && !capitalOfSentenceOnly(lt);
  const head = pronounSubject
    ? first.norm === 'i'
      ? left
      : left[0].toLowerCase() + left.slice(1)
    : (decapitalise(left) ?? (named ? left : undefined));
  if (head === undefined) return s;
  changes.reorders++;
  return `${capitalise(m[1])} ${m[2]}, ${head}${m[3]}`;
}
