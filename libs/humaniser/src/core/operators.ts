// Sentence operators. Each takes a masked sentence (protected spans are placeholders) and returns the rewritten
// sentence; counts of what changed go into `Changes`. Randomness only comes from the seeded `Rng` passed in.
import nlp from 'compromise';
import { capitalise, COMMON_OPENERS, decapitalise, wordCount } from './document';
import { lexiconEntries, posFits, rankCandidates } from './lexicon';
import { conjugate, hasFiniteVerb, posTag, tagTerms, type Term } from './nlp';
import { MID_TRANSITIONS, PHRASE_RULES, REGISTER_PAIRS, TRANSITION_RULES, type Register } from './phrases';
import type { Rng } from './rng';
import type { ToneProfile } from './tones';

export interface Changes {
  phrases: number;
  hedges: number;
  transitions: number;
  words: number;
  contractions: number;
  expansions: number;
  dashes: number;
  splits: number;
  merges: number;
  /** Fronted clauses moved to the end or trailing ones moved to the front. */
  reorders: number;
  /** Generic subjects ("individuals can") addressed to the reader ("you can"). */
  person: number;
  /** Words moved to the tone's register ("big" -> "large" for formal, "obtain" -> "get" for casual). */
  register: number;
  /** Short lists folded into a sentence. */
  lists: number;
  /** Passive sentences with an explicit agent made active ("was approved by the Senate" -> "the Senate approved"). */
  voice: number;
}

export function noChanges(): Changes {
  return {
    phrases: 0,
    hedges: 0,
    transitions: 0,
    words: 0,
    contractions: 0,
    expansions: 0,
    dashes: 0,
    splits: 0,
    merges: 0,
    reorders: 0,
    person: 0,
    register: 0,
    lists: 0,
    voice: 0,
  };
}

export function addChanges(a: Changes, b: Changes): Changes {
  const out = { ...a };
  for (const k of Object.keys(b) as (keyof Changes)[]) out[k] += b[k];
  return out;
}

export interface OperatorOptions {
  profile: ToneProfile;
  rng: Rng;
  /** Pick the n-th ranked alternative where an operator has several (0 = the default). */
  alt: number;
  /** Swap vocabulary through the lexicon. */
  words: boolean;
  /** Split long sentences. */
  split: boolean;
}

// ---- verb inflection for phrase templates ("{look} closely at") ----------------------------------------------
/** Inflects a template verb like the matched one: "" base, "s"/"es", "ed"/"d", "ing" (the tagger's tables). */
export function inflect(base: string, marker: string | undefined): string {
  const m = (marker ?? '').toLowerCase();
  if (m === 's' || m === 'es') return conjugate(base, 's');
  if (m === 'ed' || m === 'd') return conjugate(base, 'ed');
  if (m === 'ing') return conjugate(base, 'ing');
  return base;
}

function fillTemplate(template: string, groups: (string | undefined)[]): string {
  return template
    .replace(/\{([a-z]+)\}/g, (_, verb: string) => inflect(verb, groups[0]))
    .replace(/\$(\d)/g, (_, d: string) => groups[Number(d) - 1] ?? '');
}

function matchCase(replacement: string, original: string): string {
  if (replacement === '') return '';
  if (/^[A-Z]/.test(original)) return replacement[0].toUpperCase() + replacement.slice(1);
  return replacement;
}

function pick<T>(xs: readonly T[], rng: Rng, alt: number): T {
  if (xs.length === 1) return xs[0];
  return alt > 0 ? xs[alt % xs.length] : xs[rng.int(xs.length)];
}

function options<T>(to: Partial<Record<Register, T[]>> & { neutral: T[] }, register: Register): T[] {
  return to[register] ?? to.neutral;
}

/** Fixes "a"/"an" before a word that replaced another ("an innovative" -> "a new"). */
export function fixArticles(s: string): string {
  // "a"/"an" as a word of its own: not the end of "Erdoğan" (ASCII \b takes "ğ" for a boundary; LanguageTool caught
  // "Erdoğan has" -> "Erdoğa has")
  return s.replace(
    /(?<![\p{L}\p{M}\p{N}_'’-])([Aa])(n?) ([A-Za-z][\w-]*)/gu,
    (all, a: string, n: string, word: string) => {
      const lower = word.toLowerCase();
      const vowelSound =
        (/^[aeio]/.test(lower) && !/^(?:one\b|once\b|one-|eu|ewe)/.test(lower)) ||
        // "uni-" sounds like "you" (unique, universe), the prefix "un-" does not (unimaginable, unintended, unidentified)
        (/^u/.test(lower) && !/^u(?:ni(?![mnd])|s[eu]|ti|r[aeiou]|k)/.test(lower)) ||
        /^(?:hour|honest|honou?r|heir)/.test(lower);
      const want = vowelSound ? 'n' : '';
      return n === want ? all : `${a}${want} ${word}`;
    },
  );
}

// ---- phrases and hedges ---------------------------------------------------------------------------------------
export function rewritePhrases(s: string, o: OperatorOptions, changes: Changes): string {
  let out = s;
  for (const rule of PHRASE_RULES) {
    rule.re.lastIndex = 0;
    if (!rule.re.test(out)) continue;
    rule.re.lastIndex = 0;
    out = out.replace(rule.re, (match: string, ...rest: unknown[]) => {
      const groups = rest.slice(0, -2).map((g) => (typeof g === 'string' ? g : undefined));
      const template = pick(options(rule.to, o.profile.register), o.rng, o.alt);
      if (rule.kind === 'hedge') changes.hedges++;
      else changes.phrases++;
      return matchCase(fillTemplate(template, groups), match);
    });
  }
  if (out !== s) {
    out = out
      .replace(/ {2,}/g, ' ')
      .replace(/ ([,.;:])/g, '$1')
      .replace(/^\s+/, '');
    // a deleted hedge at the start leaves a lower-case word there
    if (/^[a-z]/.test(out) && /^[A-Z]/.test(s)) out = capitalise(out);
    out = fixArticles(out);
  }
  return out;
}

// ---- transitions -----------------------------------------------------------------------------------------------
export function rewriteTransitions(s: string, o: OperatorOptions, changes: Changes): string {
  let out = s.replace(MID_TRANSITIONS, () => {
    changes.transitions++;
    return ', ';
  });
  for (const rule of TRANSITION_RULES) {
    const m = rule.re.exec(out);
    if (!m) continue;
    const rest = out.slice(m[0].length);
    const choices = options(rule.to, o.profile.register).filter((c) => c !== '' || !rule.keepMeaning);
    let to: string;
    if (
      !rule.keepMeaning &&
      choices.includes('') &&
      (o.alt > 0 ? o.alt % 2 === 0 : o.rng.chance(o.profile.dropTransition))
    )
      to = '';
    else {
      const swaps = choices.filter((c) => c !== '');
      to = swaps.length ? pick(swaps, o.rng, o.alt) : '';
    }
    if (!o.profile.conjunctionStarts && /^(?:But|So|And|Plus)\b/.test(to))
      to = o.profile.register === 'formal' ? 'Still, ' : '';
    if (to === '') {
      out = capitalise(rest);
    } else {
      const lowered = decapitalise(rest);
      if (lowered === undefined) {
        // the next word may be a name: keep its capital letter after the connective
        out = to + rest;
      } else out = to + lowered;
    }
    changes.transitions++;
    break;
  }
  return out;
}

// ---- vocabulary -----------------------------------------------------------------------------------------------
const WORD = /[A-Za-z][a-z]*(?:-[a-z]+)*/g;

export function rewriteVocabulary(s: string, o: OperatorOptions, changes: Changes): string {
  if (!o.words || !o.profile.plainWords) return s;
  const tokens: { w: string; start: number; end: number }[] = [];
  WORD.lastIndex = 0;
  for (let m = WORD.exec(s); m; m = WORD.exec(s)) tokens.push({ w: m[0], start: m.index, end: m.index + m[0].length });
  const terms = tagTerms(s);
  let cursor = 0;
  let out = '';
  let last = 0;
  let swapped = false;
  tokens.forEach((t, i) => {
    const sentenceStart = i === 0;
    // only ordinary words: lower-case, or capitalised because they open the sentence
    if (/^[A-Z]/.test(t.w) && !(sentenceStart && /^[A-Z][a-z]+$/.test(t.w))) return;
    const lower = t.w.toLowerCase();
    const entries = lexiconEntries(lower);
    if (!entries) return;
    const prev = i > 0 && s.slice(tokens[i - 1].end, t.start).trim() === '' ? tokens[i - 1].w.toLowerCase() : '';
    const next =
      i + 1 < tokens.length && s.slice(t.end, tokens[i + 1].start).trim() === '' ? tokens[i + 1].w.toLowerCase() : '';
    const tags = termTags(terms, t.w, cursor);
    if (tags) cursor = tags.at + 1;
    // the tagger must agree on the part of speech where it has an opinion ("a craft fair": noun, not verb)
    const entry = entries.find(
      (e) => posFits(e, prev, next) && (!tags || tags.term.tags.has(posTag(e.pos)) || tags.term.tags.size === 0),
    );
    if (!entry) return;
    const ranked = rankCandidates(entry);
    if (ranked.length === 0) return;
    const cand = ranked[Math.min(ranked.length - 1, o.alt)];
    if (cand.w === lower) return;
    // after "has/had/been/was …" a past form must be the participle ("has indicated" -> "has shown", not "showed")
    // and a reduced passive ("as demonstrated by" -> "as shown by", not "as showed by")
    const word =
      entry.pos === 'verb' && entry.form === 'ed' && (PERFECT_OR_PASSIVE.test(prev) || prev === 'as' || next === 'by')
        ? participleOf(cand.w)
        : cand.w;
    out += s.slice(last, t.start) + (sentenceStart && /^[A-Z]/.test(t.w) ? capitalise(word) : word);
    last = t.end;
    swapped = true;
    changes.words++;
  });
  if (!swapped) return s;
  return fixArticles(out + s.slice(last));
}

const PERFECT_OR_PASSIVE = /^(?:has|have|had|having|been|be|being|was|were|is|are|get|gets|got)$/;

/** The past participle of a past-tense verb ("showed" -> "shown"; regular verbs keep their form). */
function participleOf(past: string): string {
  const [first, ...rest] = past.split(' ');
  const table = (nlp(first).verbs().conjugate() as Record<string, string>[])[0];
  const participle = table?.PastTense === first ? table.Participle : undefined;
  return participle ? [participle, ...rest].join(' ') : past;
}

/** The tagger's term for a word, searching forward from `from` (the regex and the tagger tokenise differently). */
function termTags(terms: Term[], word: string, from: number): { term: Term; at: number } | undefined {
  const lower = word.toLowerCase();
  for (let k = from; k < Math.min(terms.length, from + 6); k++)
    if (terms[k].norm === lower) return { term: terms[k], at: k };
  return undefined;
}

// ---- contractions -----------------------------------------------------------------------------------------------
const CONTRACT: [RegExp, string][] = [
  [/\b(do|does|did|is|are|was|were|has|have|had|would|should|could|need) not\b/gi, "$1n't"],
  [/\bcan ?not\b/gi, "can't"],
  [/\bwill not\b/gi, "won't"],
  // not "who is": "who's half-brother" reads as "whose" (LanguageTool WHOS_NN); not after a preposition or "for":
  // "for it's ancient" reads as "for its ancient …" (ABOUT_ITS_NN)
  [
    /(?<!\b(?:for|of|about|with|in|on|to|from|by|at|like) )\b(it|that|there|what|he|she|here) is (?=[a-z])(?!not\b)/gi,
    "$1's ",
  ],
  [/\b(I) am (?=[a-z])/g, "$1'm "],
  [/\b(we|they|you) are (?=[a-z])(?!not\b)/gi, "$1're "],
  [
    /\b(I|we|they|you) have (?=(?:been|had|got|seen|done|made|never|always|already|just|lost|found|heard|learned|noticed)\b)/gi,
    "$1've ",
  ],
  [/\b(I|we|they|you|he|she|it) will (?=[a-z])(?!not\b)/gi, "$1'll "],
  [/\b(I|we|they|you|he|she) would (?=[a-z])(?!not\b|have\b)/gi, "$1'd "],
];

const EXPAND: [RegExp, string | ((...a: string[]) => string)][] = [
  [/\b([Cc])an't\b/g, '$1annot'],
  [/\b([Ww])on't\b/g, '$1ill not'],
  [/\b([Ss])han't\b/g, '$1hall not'],
  [/\b(\w+)n't\b/g, '$1 not'],
  // "'s" before a past participle is "has", also with an adverb between ("it's always been" -> "it has always been")
  [
    /\b(it|that|there|what|who|he|she|here)'s ((?:always|never|already|just|long|ever|also|since|recently|now|really|finally|certainly|probably|not|[a-z]+ly) )?(been|got|had|gone|done|seen|become|taken|given)\b/gi,
    '$1 has $2$3',
  ],
  [/\b(it|that|there|what|who|he|she|here)'s\b/gi, '$1 is'],
  [/\b(I)'m\b/g, '$1 am'],
  [/\b(\w+)'re\b/g, '$1 are'],
  [/\b(\w+)'ve\b/g, '$1 have'],
  [/\b(\w+)'ll\b/g, '$1 will'],
  // "'d" before a past participle is "had" ("she'd walked out" -> "she had walked out", not "she would walked")
  [/\b(I|we|they|you|he|she)'d (?=(?:been|had|done|seen|gone|never|already|just|[a-z]+ed)\b)/gi, '$1 had '],
  [/\b(I|we|they|you|he|she)'d\b/gi, '$1 would'],
  [/\b([Ll])et's\b/g, '$1et us'],
];

export function rewriteContractions(s: string, o: OperatorOptions, changes: Changes): string {
  const mode = o.profile.contractions;
  if (mode === 'keep') return s;
  let out = s.replace(/\u2019/g, "'");
  const rules = mode === 'add' ? CONTRACT : EXPAND;
  for (const [re, to] of rules) {
    out = out.replace(re, (...args: string[]) => {
      if (mode === 'add') changes.contractions++;
      else changes.expansions++;
      const groups = args.slice(1, -2);
      const text =
        typeof to === 'string' ? to.replace(/\$(\d)/g, (_, d: string) => groups[Number(d) - 1] ?? '') : to(...args);
      return text;
    });
  }
  // restore a typographic apostrophe if the input used them
  if (s.includes('\u2019')) out = out.replace(/(\w)'(\w)/g, '$1\u2019$2');
  return out;
}

// ---- dashes ---------------------------------------------------------------------------------------------------
/** Em dashes beyond the tone's allowance become commas (a pair around an aside) or a colon / comma (a single one). */
export function rewriteDashes(s: string, allowance: { left: number }, changes: Changes): string {
  // a run of dashes is one dash ("old——took", "---"); LanguageTool caught "old,: took" and ", - We're"
  const DASH = /\s*(?:\u2014+|-{2,}|\s\u2013\s)\s*/g;
  const count = (s.match(DASH) ?? []).length;
  if (count === 0) return s;
  if (allowance.left >= count) {
    allowance.left -= count;
    return s;
  }
  // a dash opening the sentence is dropped, not turned into a comma
  let out = s.replace(/^\s*(?:\u2014+|-{2,})\s*(?=\S)/, () => {
    changes.dashes++;
    return '';
  });
  if (count >= 2) {
    out = out.replace(
      /\s*(?:\u2014+|-{2,}|\s\u2013\s)\s*([^\u2014\u2013]{1,120}?)\s*(?:\u2014+|-{2,}|\s\u2013\s)\s*/g,
      (_, inner: string) => {
        changes.dashes++;
        return `, ${inner}, `;
      },
    );
  }
  out = out.replace(DASH, (m: string, offset: number, whole: string) => {
    changes.dashes++;
    const after = whole.slice(offset + m.length);
    // "X — a, b and c" reads as a list or an explanation: colon; otherwise a comma. A list of phrases with the same
    // head ("a threat — to the lab, to the city, to …") is one too: a comma would read as a plain aside
    return /^[a-z]+(?:,| and )/.test(after) || /^([a-z]+)\b[^,]{0,40},\s+\1\b/.test(after) || after.length < 40
      ? ': '
      : ', ';
  });
  return out.replace(/,\s*([.!?])/g, '$1').replace(/, ,/g, ',');
}

// ---- sentence rhythm: split long sentences -------------------------------------------------------------------------
const SUBJECT_START =
  /^(?:I|we|they|he|she|it|this|that|these|those|there|the|a|an|many|some|most|our|their|his|her|its|my|your|you|people|each|every|one|both|no|such|other|others|\uE000)\b/i;

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
  const past = (PAST.test(left) || finiteEd) && !/\b(?:is|are|has|have|will|can|does|do|remains|seems)\b/.test(left);
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

// ---- clause order ------------------------------------------------------------------------------------------------
// Machine prose opens a large share of its sentences with a fronted adverbial ("By prioritizing tasks, ...", "While
// X, ..."); people vary that. The tagger decides where the fronted part ends (the first comma after which a main
// clause with a subject and a finite verb starts) and whether a trailing clause has its own verb.
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
    // a pronoun in the main clause's subject that the fronted part introduced would now point forward: leave it
    if (/^(?:he|she|they|it|this|these)\b/i.test(main) && !gerundLead && !PHRASE_LEAD.test(sub)) return s;
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

// ---- person: address the reader ----------------------------------------------------------------------------------
const GENERIC_SUBJECT =
  /(^|,\s+)(individuals|people|readers|learners|one)\s+(can|could|should|must|will|may|might|need to|have to|often|also)\b/i;

/**
 * Casual and persuasive writers talk to the reader: "individuals can improve their focus" -> "you can improve your
 * focus". "their"/"themselves" follow only while no other plural noun could be what they point to (the tagger checks).
 */
export function addressReader(s: string, changes: Changes): string {
  const m = GENERIC_SUBJECT.exec(s);
  if (!m || /\b(?:you|your)\b/i.test(s)) return s;
  const at = m.index + m[1].length;
  const lead = at === 0 ? 'You' : 'you';
  let rest = s.slice(at + m[2].length);
  const terms = tagTerms(rest);
  let blocked = false;
  let k = 0;
  rest = rest.replace(/\b(their|themselves|they|them|oneself|one's)\b|([A-Za-z]+)/g, (w: string, pro?: string) => {
    if (!pro) {
      const t = terms.slice(k).find((x) => x.norm === w.toLowerCase());
      if (t && t.tags.has('Plural') && !t.tags.has('Pronoun')) blocked = true;
      return w;
    }
    if (blocked) return w;
    k++;
    const p = pro.toLowerCase();
    return p === 'their' || p === "one's" ? 'your' : p === 'themselves' || p === 'oneself' ? 'yourself' : 'you';
  });
  changes.person++;
  return s.slice(0, at) + lead + rest;
}

// ---- register -----------------------------------------------------------------------------------------------------

/** Moves words toward the tone's register; only pairs whose part of speech the tagger confirms here. */
export function shiftRegister(s: string, toFormal: boolean, changes: Changes): string {
  const map = new Map(REGISTER_PAIRS.map(([i, f, tag]) => (toFormal ? [i, [f, tag]] : [f, [i, tag]])));
  const terms = tagTerms(s);
  let k = 0;
  let changed = false;
  const out = s.replace(/[A-Za-z]+/g, (w: string, offset: number) => {
    const lower = w.toLowerCase();
    const idx = terms.slice(k).findIndex((t) => t.norm === lower);
    const term = idx >= 0 ? terms[k + idx] : undefined;
    if (idx >= 0) k += idx + 1;
    const hit = map.get(lower);
    if (!hit || !term || !term.tags.has(hit[1])) return w;
    // "get" is formal "obtain" only with a direct object ("get a permit"), not "get better" / "get to"
    if (lower === 'get' && !/^\s+(?:a|an|the|some|this|that|their|your|more)\b/.test(s.slice(offset + w.length)))
      return w;
    // phrasal verbs keep their verb: "start over", "get up", "help out", "show off"
    if (
      /^\s+(?:up|out|over|off|down|away|back|on|in|around|through)\b/.test(s.slice(offset + w.length)) &&
      hit[1] === 'Verb'
    )
      return w;
    if ((lower === 'need' || lower === 'needs') && /^\s+to\b/.test(s.slice(offset + w.length))) return w;
    if (lower === 'about' && !/^\s+\uE000/.test(s.slice(offset + w.length))) return w;
    if (lower === 'more' && !/^\s+(?:[a-z]+s)\b/.test(s.slice(offset + w.length))) return w;
    // a past form after "has/had/was …" must be the participle ("had started" -> "had begun", not "had began")
    const before = /([A-Za-z]+)\s+$/.exec(s.slice(0, offset))?.[1].toLowerCase() ?? '';
    const to = term.tags.has('PastTense') && PERFECT_OR_PASSIVE.test(before) ? participleOf(hit[0]) : hit[0];
    changed = true;
    changes.register++;
    return /^[A-Z]/.test(w) ? capitalise(to) : to;
  });
  return changed ? fixArticles(out) : s;
}

// ---- lists -> prose -----------------------------------------------------------------------------------------------
const LIST_ITEM = /^\s*(?:[-*+\u2022]|\d{1,2}[.)])\s+(.+?)\s*$/;

/**
 * A short bulleted list of fragments after a line ending in a colon reads as a sentence in conversational tones:
 * "You will need:\n- a laptop\n- a charger\n- two hours" -> "You will need: a laptop, a charger and two hours."
 * Only 2-6 items of at most 8 words each, without their own sentence punctuation, colons or nested lists.
 */
export function listsToProse(text: string, changes: Changes): string {
  const lines = text.split('\n');
  const out: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const intro = lines[i];
    if (!/\S:\s*$/.test(intro) || LIST_ITEM.test(intro) || /^\s*(?:#|>|\||```)/.test(intro)) {
      out.push(intro);
      continue;
    }
    let j = i + 1;
    while (j < lines.length && lines[j].trim() === '' && j === i + 1) j++;
    const items: string[] = [];
    let k = j;
    for (; k < lines.length; k++) {
      const m = LIST_ITEM.exec(lines[k]);
      if (!m) break;
      items.push(m[1]);
    }
    const ok =
      items.length >= 2 &&
      items.length <= 6 &&
      (k >= lines.length || lines[k].trim() === '') &&
      items.every((x) => wordCount(x) <= 8 && !/[.!?;:]$|[:*`[\]]|^\s/.test(x) && !/^[A-Z]{2,}/.test(x));
    if (!ok) {
      out.push(intro);
      continue;
    }
    // an item's capital is the list's, not the word's, unless the tagger reads a name ("Approximately" vs "Python")
    const lowered = items.map((x) => {
      const first = tagTerms(x)[0];
      if (/^[A-Z][a-z]+\b/.test(x) && first && !first.tags.has('ProperNoun') && !first.tags.has('Acronym'))
        return x[0].toLowerCase() + x.slice(1);
      return decapitalise(x) ?? x;
    });
    const joined =
      lowered.length === 2
        ? `${lowered[0]} and ${lowered[1]}`
        : `${lowered.slice(0, -1).join(', ')} and ${lowered[lowered.length - 1]}`;
    out.push(`${intro.replace(/\s*$/, '')} ${joined}.`);
    changes.lists++;
    i = k - 1;
  }
  return out.join('\n');
}
