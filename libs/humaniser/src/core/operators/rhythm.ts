// Sentence rhythm: long sentences split (at "; ", ", and/but/so <clause>", trailing participle and "which"
// clauses), short plain neighbours merged.
import { capitalise, COMMON_OPENERS, decapitalise, wordCount } from '../document';
import { hasFiniteVerb, PAST_IS_BASE, tagTerms } from '../nlp';
import type { Changes, OperatorOptions } from './changes';

const SUBJECT_START =
  /^(?:I|we|they|he|she|it|this|that|these|those|there|the|a|an|many|some|most|our|their|his|her|its|my|your|you|people|each|every|one|both|no|such|other|others|\uE000)\b/i;

/**
 * What a merged second sentence may open with: a personal subject pronoun, or "the" (a thing of the same scene); not
 * "it" or "this", often a dummy or a summary ("…, and it was time to put her plan into action").
 */
const MERGE_OPENER = /^(?:I|we|they|he|she|the)$/i;

const PRONOUN_SUBJECT = /^(?:I|we|they|he|she|it|you|there)\b/i;
/** Irregular past-tense verbs (the -ed ones are found by their ending); shared by FINITE_VERB and PAST. */
const IRREGULAR_PAST =
  'went|came|saw|took|made|gave|found|left|said|told|became|began|brought|built|caught|chose|drove|fell|felt|fought|grew|held|kept|knew|led|lost|met|paid|ran|rose|sent|sold|spoke|spent|stood|struck|taught|thought|threw|won|wrote|broke';
const FINITE_VERB = new RegExp(
  `\\b(?:is|are|was|were|am|has|have|had|will|would|can|could|should|shall|may|might|must|does|do|did|[a-z]{3,}ed|${IRREGULAR_PAST})\\b`,
  'i',
);

/**
 * Does the text after ", and" open an independent clause? A personal pronoun does; a noun phrase ("the quality of
 * the dinner") needs a finite verb before the next comma, or it is the last item of a list and splitting there would
 * leave a fragment ("…by the attentive Connor. The exquisite quality of their dining experience.").
 */
function isClause(right: string): boolean {
  if (PRONOUN_SUBJECT.test(right)) return true;
  const head = right.split(/[,;:]/)[0];
  return FINITE_VERB.test(head) && hasFiniteVerb(head);
}

/** Candidate points to split a long sentence into two: "; ", ", and <subject> <verb>", ", but …", ", so …", ", yet …". */
export function splitPoints(s: string, minLeft = 8): { at: number; len: number; conj: string }[] {
  const out: { at: number; len: number; conj: string }[] = [];
  const re = /(;\s+)|(,\s+(and|but|so|yet)\s+)/g;
  for (let m = re.exec(s); m; m = re.exec(s)) {
    const left = s.slice(0, m.index);
    const right = s.slice(m.index + m[0].length);
    if (wordCount(left) < minLeft || wordCount(right) < 6) continue;
    if (!m[1] && !(SUBJECT_START.test(right) && isClause(right))) continue;
    // inside parentheses or an unclosed quote: leave it
    if ((left.match(/\(/g) ?? []).length !== (left.match(/\)/g) ?? []).length) continue;
    out.push({ at: m.index, len: m[0].length, conj: (m[3] ?? '').toLowerCase() });
  }
  return out;
}

export function splitSentence(s: string, o: OperatorOptions, changes: Changes): string {
  if (!o.split) return s;
  const participle = wordCount(s) >= 14 ? splitParticiple(s, changes) : s;
  if (participle !== s) return participle;
  const relative = wordCount(s) >= 16 ? splitRelative(s, changes) : s;
  if (relative !== s) return relative;
  // tones that want short sentences split earlier (their target mean length + a few words)
  const longest = Math.min(22, Math.ceil(o.profile.targets.length[1]) + 3);
  const short = longest < 22;
  // two clauses joined by a semicolon are two sentences for a tone that wants short ones
  if (wordCount(s) < longest && !(short && /;\s/.test(s) && wordCount(s) >= 12)) return s;
  const points = splitPoints(s, short ? 5 : 8);
  if (points.length === 0) return s;
  // the point closest to the middle gives two sentences of useful length
  const mid = s.length / 2;
  const p = [...points].sort((a, b) => Math.abs(a.at - mid) - Math.abs(b.at - mid))[0];
  const left = s.slice(0, p.at).replace(/[,;:\s]+$/, '');
  const right = s.slice(p.at + p.len);
  let head: string;
  if (p.conj === '' || p.conj === 'and') {
    head = o.profile.conjunctionStarts && p.conj === 'and' && o.rng.chance(0.35) ? 'And ' : '';
  } else if (p.conj === 'but' || p.conj === 'yet') {
    head = o.profile.conjunctionStarts ? 'But ' : 'Yet ';
  } else head = o.profile.conjunctionStarts ? 'So ' : 'As a result, ';
  const rightText = head ? head + (decapitalise(right) ?? right) : capitalise(right);
  changes.splits++;
  return `${left}. ${rightText}`;
}

// A trailing participle clause (", highlighting the need for X.") is one of the most recognisable machine habits;
// a careful writer makes it its own sentence with "This" as the subject, in the main clause's tense.
const PARTICIPLES: Record<string, [string, string]> = {
  highlighting: ['highlights', 'highlighted'],
  underscoring: ['underscores', 'underscored'],
  emphasizing: ['emphasizes', 'emphasized'],
  emphasising: ['emphasises', 'emphasised'],
  showing: ['shows', 'showed'],
  making: ['makes', 'made'],
  allowing: ['allows', 'allowed'],
  enabling: ['enables', 'enabled'],
  ensuring: ['ensures', 'ensured'],
  leading: ['leads', 'led'],
  creating: ['creates', 'created'],
  providing: ['provides', 'provided'],
  reflecting: ['reflects', 'reflected'],
  demonstrating: ['demonstrates', 'demonstrated'],
  resulting: ['results', 'resulted'],
  contributing: ['contributes', 'contributed'],
  offering: ['offers', 'offered'],
  giving: ['gives', 'gave'],
  helping: ['helps', 'helped'],
  revealing: ['reveals', 'revealed'],
  suggesting: ['suggests', 'suggested'],
  indicating: ['indicates', 'indicated'],
  paving: ['paves', 'paved'],
  adding: ['adds', 'added'],
  reducing: ['reduces', 'reduced'],
  improving: ['improves', 'improved'],
  causing: ['causes', 'caused'],
  fostering: ['fosters', 'fostered'],
  shaping: ['shapes', 'shaped'],
  leaving: ['leaves', 'left'],
  marking: ['marks', 'marked'],
  bringing: ['brings', 'brought'],
  raising: ['raises', 'raised'],
  prompting: ['prompts', 'prompted'],
  signaling: ['signals', 'signaled'],
  signalling: ['signals', 'signalled'],
  solidifying: ['solidifies', 'solidified'],
  cementing: ['cements', 'cemented'],
  illustrating: ['illustrates', 'illustrated'],
  pointing: ['points', 'pointed'],
  opening: ['opens', 'opened'],
  requiring: ['requires', 'required'],
};
const PARTICIPLE_TAIL = new RegExp(`,\\s+(${Object.keys(PARTICIPLES).join('|')})\\s+([^,;:]{3,}?)([.!?]?)$`);

const PAST = new RegExp(`\\b(?:was|were|had|did|hit|shot|${IRREGULAR_PAST})\\b`);
/**
 * A verb whose past is its base form after a singular subject is a past: "A streak of light cut across the sky" (the
 * present would be "cuts"; "This leaves a trail" had followed in a past story, read 2026-11-29 night).
 */
const SAME_FORM_PAST = new RegExp(
  `\\b(?!(?:i|you|we|they|to|will|would|can|could|may|might|must|should|shall|do|did|does|not)\\b)[a-z]*[a-rt-z]\\s+(?:${[...PAST_IS_BASE].join('|')})\\b`,
  'i',
);

export function splitParticiple(s: string, changes: Changes): string {
  const m = PARTICIPLE_TAIL.exec(s);
  if (!m || !m[3]) return s;
  // "leading after the first day" is being ahead, not causing: only "leading to" splits
  if (m[1].toLowerCase() === 'leading' && !/^to\b/.test(m[2])) return s;
  const left = s.slice(0, m.index);
  if (wordCount(left) < 6 || wordCount(m[2]) < 2) return s;
  const finiteEd = [...left.matchAll(/(\S+)\s+([a-z]{3,}ed)\b/g)].some(
    (m) =>
      !/^(?:is|are|was|were|be|been|being|remains?|seems?|gets?|got|has|have|had|the|a|an|very|more|most)$/i.test(m[1]),
  );
  // a present verb of the clause keeps "This" in the present: "The newly digitized collection includes …, offering"
  // is not "This offered" (an -ed participle before the noun is no past; read 2026-11-29, night)
  const present =
    /\b(?:is|are|has|have|will|can|does|do|remains|seems)\b/.test(left) ||
    tagTerms(left).some((t) => t.tags.has('PresentTense') && !t.tags.has('Infinitive') && /s$/.test(t.norm));
  const past = (PAST.test(left) || finiteEd || SAME_FORM_PAST.test(left)) && !present;
  const verb = PARTICIPLES[m[1].toLowerCase()][past ? 1 : 0];
  changes.splits++;
  return `${left}. This ${verb} ${m[2]}${m[3] || '.'}`;
}

const PLURAL_VERB = /^(?:are|were|have|do|remain|make|help|allow|provide|offer|include|show|require|lead|reflect)\b/;

/**
 * A trailing non-restrictive relative clause (", which improves accuracy.") becomes its own sentence with "This"
 * (or "These" when its verb is plural), like the participle split: the tagger must read a finite verb right after
 * "which", and both halves must be long enough to stand.
 */
export function splitRelative(s: string, changes: Changes): string {
  const m = /,\s+which\s+([^,;:]+?)([.!?])$/.exec(s);
  if (!m) return s;
  const left = s.slice(0, m.index);
  if (wordCount(left) < 8 || wordCount(m[1]) < 4 || /\(|\u201C|"/.test(m[1])) return s;
  const terms = tagTerms(m[1]);
  const first = terms[0];
  if (!first || !first.tags.has('Verb') || first.tags.has('Gerund') || !hasFiniteVerb(m[1])) return s;
  changes.splits++;
  return `${left}. ${PLURAL_VERB.test(m[1]) ? 'These' : 'This'} ${m[1]}${m[2]}`;
}

/** Can sentence `b` be folded into `a` with ", and" (both plain statements, `b` opens with an ordinary word)? */
export function canMerge(a: string, b: string): boolean {
  // both statements: a question or an exclamation folded behind a statement ("…; which approach would you prefer?")
  // is no longer a question
  if (!/[^.!?]\.$/.test(a) || !/[^.!?]\.$/.test(b)) return false;
  if (/[;:]/.test(a) || /\uE000/.test(a.slice(-4))) return false;
  // both whole clauses: "She closed her eyes; the laughter, the stolen kisses." joins a fragment; and no run of
  // clauses: an "and" already joining clauses in `a`, or more than two commas in all, reads as a run-on
  if (!hasFiniteVerb(a) || !hasFiniteVerb(b)) return false;
  const commas = [(a.match(/,/g) ?? []).length, (b.match(/,/g) ?? []).length];
  if (/,\s+(?:and|but|or)\s/.test(a) || commas[0] + commas[1] > 2 || (commas[0] > 0 && commas[1] > 0)) return false;
  const wa = wordCount(a);
  const wb = wordCount(b);
  if (wa + wb > 30 || wa < 4 || wb < 4) return false;
  const first = /^([A-Za-z']+)/.exec(b)?.[1] ?? '';
  if (!COMMON_OPENERS.has(first.toLowerCase())) return false;
  // issue 40's reading: only a sentence that goes on about the same actor or thing ("She ignored it. She walked on.")
  // is folded in; "There wasn't time, and her mobile buzzed" joins two unrelated statements; nor behind an "and"
  // already in `a` ("She ignored it and quickened her pace, and the weight …")
  if (!MERGE_OPENER.test(first) || /\band\b/i.test(a)) return false;
  // nor a sentence that opens with a subordinate clause: "…, citing the investigation, and as the investigation
  // unfolds, residents are …" is a run-on
  if (
    /^(?:But|However|Yet|Although|Though|Still|So|And|Or|If|When|Whenever|While|Because|Since|As|After|Before|Once|Until|Unless)\b/.test(
      b,
    )
  )
    return false;
  return decapitalise(b) !== undefined;
}

export function mergeSentences(a: string, b: string, joiner: string): string {
  return `${a.replace(/\.$/, '')}${joiner}${decapitalise(b) ?? b}`;
}
