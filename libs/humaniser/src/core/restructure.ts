// Structural operators that keep the words and change the build of a sentence (issue 26 item 1): passive with an
// explicit agent to active, reported speech with the report moved behind it, "that" dropped after a reporting verb,
// existential "There are many X who Y" undone, and a nominalisation ("the implementation of X") made a verb
// ("implementing X"). Every one asks the tagger (core/nlp.ts, compromise) what the words are and inflects with its
// conjugation tables; every one refuses when it cannot tell (a pronoun that would change case, a clause without a
// finite verb, a time after "by").
import nlp from 'compromise';
import { capitalise, decapitalise, wordCount } from './document';
import { capitalOfSentenceOnly, isCommonNoun, type Changes } from './operators';
import { conjugate, hasFiniteVerb, tagTerms, type Term } from './nlp';

const PLACEHOLDER = /[\uE000-\uF8FF]/;
const NP_TAGS = ['Determiner', 'Adjective', 'Noun', 'ProperNoun', 'Possessive', 'Value', 'Acronym'];
const isNpTerm = (t: Term): boolean =>
  NP_TAGS.some((x) => t.tags.has(x)) && !t.tags.has('Verb') && !t.tags.has('Pronoun') && !t.tags.has('Preposition');
/** Object pronouns that become subjects (and back); "her" is left out: it may be a possessive. */
const TO_SUBJECT: Record<string, string> = { him: 'he', them: 'they', us: 'we', me: 'I', it: 'it' };
const TO_OBJECT: Record<string, string> = { he: 'him', she: 'her', they: 'them', we: 'us', i: 'me', it: 'it' };

/** A noun phrase moved from the start of a sentence: its first word lower-cased unless it is a name or an acronym. */
function lowerStart(phrase: string, first: Term): string {
  const lowered = decapitalise(phrase);
  if (lowered !== undefined) return lowered;
  if (!/^[A-Z][a-z]+\b/.test(phrase) || (!isCommonNoun(first) && !first.tags.has('Adjective'))) return phrase;
  return phrase[0].toLowerCase() + phrase.slice(1);
}

/** The active past tense of a passive participle ("written" -> "wrote"), from the tagger's tables. */
function pastOf(participle: string): string | undefined {
  const table = (nlp(participle).verbs().conjugate() as Record<string, string>[])[0];
  return table?.PastTense;
}

/** Gerunds too light to carry a sentence of their own or a fronted phrase ("being", "having" …). */
const LIGHT_GERUND = /^(?:being|having|getting|doing|going)$/;

/** A gerund's simple past as a plain lower-case word ("firing" -> "fired"), or undefined where the tables have none. */
function plainPastOf(gerund: string): string | undefined {
  const past = pastOf(gerund);
  return !past || /[A-Z\s]/.test(past) || past.endsWith('ing') ? undefined : past;
}

/** A clause's verb in the past ("walked", "was", "had"). */
function inPast(verb: Term): boolean {
  return verb.tags.has('PastTense') || /^(?:was|were|had)$/.test(verb.norm);
}

/** A personal pronoun repeated as a new sentence's subject ("she" -> "She", "i" -> "I"). */
function repeatedSubject(pronoun: string): string {
  return pronoun === 'i' ? 'I' : capitalise(pronoun);
}

/** How many leading words of `words` (tagged) form a plain noun phrase ("the Senate", "local residents"). */
function nounPhraseLength(terms: Term[], from: number): number {
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

/**
 * Passive with an explicit agent, in the past: "The bill was approved by the Senate on Tuesday." -> "The Senate
 * approved the bill on Tuesday." The subject must be a plain noun phrase (or a pronoun that changes case), the agent
 * a noun phrase (not "by 2020", "by the end of", "by using").
 */
export function activeVoice(s: string, changes: Changes): string {
  const end = /([.!])$/.exec(s);
  // cheap test first: the tagger (~2 ms a sentence) only for sentences with "was/were … by"
  if (!end || /[;:"\u201C()]/.test(s) || !/\b(?:was|were)\s+(?:\w+\s+)?\w+\s+by\s/i.test(s)) return s;
  const body = s.slice(0, -1);
  const words = body.split(/\s+/);
  const terms = tagTerms(body);
  if (terms.length !== words.length) return s;
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

const EXISTENTIAL =
  /^There (are|were|is|was) ((?:many|some|several|few|numerous|countless|plenty of|a number of|a few|lots of)\s[^,;]+?) (who|that) ([a-z]+)\b/;

/** "There are many people who believe X." -> "Many people believe X." (the relative's verb must be finite). */
export function undoExistential(s: string, changes: Changes): string {
  const m = EXISTENTIAL.exec(s);
  if (!m) return s;
  const rel = s.slice(m.index + m[0].length - m[4].length);
  const t = tagTerms(rel)[0];
  if (
    !t ||
    !t.tags.has('Verb') ||
    t.tags.has('Gerund') ||
    (t.tags.has('Infinitive') && !/^(?:are|were|is|was)$/.test(m[1]))
  )
    return s;
  if (!hasFiniteVerb(rel.split(/[,;]/)[0])) return s;
  changes.reorders++;
  return `${capitalise(m[2])} ${rel}`;
}

/** Deverbal nouns and their verbs (only where the verb's gerund names the same act). */
const NOMINALISATIONS: Record<string, string> = {
  implementation: 'implement',
  development: 'develop',
  creation: 'create',
  improvement: 'improve',
  enhancement: 'enhance',
  establishment: 'establish',
  examination: 'examine',
  evaluation: 'evaluate',
  exploration: 'explore',
  preservation: 'preserve',
  protection: 'protect',
  reduction: 'reduce',
  promotion: 'promote',
  integration: 'integrate',
  adoption: 'adopt',
  prevention: 'prevent',
  introduction: 'introduce',
  identification: 'identify',
  expansion: 'expand',
  investigation: 'investigate',
  acquisition: 'acquire',
  removal: 'remove',
  utilization: 'use',
  utilisation: 'use',
  enforcement: 'enforce',
  assessment: 'assess',
  restoration: 'restore',
  conservation: 'conserve',
  elimination: 'eliminate',
  cultivation: 'cultivate',
  exploitation: 'exploit',
  optimization: 'optimize',
  optimisation: 'optimise',
};
const NOMINAL = new RegExp(
  `(\\b(?:for|in|to|on|by|through|with|after|before|without|into|about|from)\\s+)the (${Object.keys(NOMINALISATIONS).join('|')}) of (?=(?:the|a|an|this|these|those|his|her|its|their|our|new|more|[a-z]+s)\\b)`,
  'gi',
);

/**
 * "the implementation of the policy" -> "implementing the policy" at the start of a sentence or after a preposition,
 * with the verb's gerund from the tagger's conjugation tables.
 */
export function verbFromNoun(s: string, changes: Changes): string {
  return s.replace(NOMINAL, (m: string, lead: string, noun: string) => {
    const base = NOMINALISATIONS[noun.toLowerCase()];
    if (!base) return m;
    changes.words++;
    return `${lead}${conjugate(base, 'ing')} `;
  });
}

const TIME_PREP = /^(?:on|in|at|during|last|this|earlier|later|since|until|after|before|yesterday|today|tonight)$/i;
/** Is this phrase a time ("on Tuesday", "last year", "in 2019", "earlier this month")? */
function isTime(phrase: string): boolean {
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

const SUBORDINATE =
  /\b(?:since|when|whenever|after|before|because|while|as|until|if|unless|although|though|who|whom|whose|which|that|where|so)\b/i;

/** A clause that can stand after a fronted time: a subject first, a finite verb, no comma (scope stays plain). */
function plainClause(text: string): boolean {
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

/** A plain noun phrase for a new sentence's subject: nouns, names, adjectives, numbers, determiners, possessives. */
function subjectPhrase(terms: Term[], from: number, to: number): boolean {
  if (to <= from || to - from > 6) return false;
  const np = terms.slice(from, to);
  if (np.some((t) => t.post.trim() || (!isNpTerm(t) && !(t.tags.has('Possessive') && !t.tags.has('Verb')))))
    return false;
  const head = np[np.length - 1];
  return (head.tags.has('Noun') || head.tags.has('ProperNoun')) && !head.tags.has('Pronoun');
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

const PERSONAL = /^(?:he|she|they|i|we)$/;
const EMBEDDING = /^(?:that|who|whom|whose|which|when|while|because|if|as|since|after|before|until|where|although)$/;

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
const RESULT =
  /^(?:sending|causing|creating|leaving|making|giving|bringing|forcing|prompting|triggering|resulting|rendering|allowing|enabling|producing|setting|drawing|earning|costing|ending|securing|marking|ensuring|highlighting|underscoring|emphasizing|emphasising|reflecting|signaling|signalling|leading|adding|contributing|paving|putting|becoming|showing|demonstrating|indicating|suggesting|revealing|sparking|fueling|fuelling|boosting|extending|taking|reaching|finishing|completing|moving|lifting|pushing|dropping|following|threatening|affecting|impacting|offering|providing|including|ranging|totalling|totaling|meaning|proving)$/;

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
  if (!m || RESULT.test(m[1]) || LIGHT_GERUND.test(m[1])) return s;
  const left = s.slice(0, m.index);
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
  const body = s.slice(0, -1);
  const words = body.split(/\s+/);
  const terms = tagTerms(body);
  if (terms.length !== words.length) return s;
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
