// Wordy multi-word expressions with a plainer equivalent that keeps the meaning (issue 40: phrase-level rewrites).
// Unlike PHRASE_RULES (core/phrases.ts) these are not machine markers: news and stories written by people use them
// too, so the search is not rewarded for their absence, only for the words a rewrite changes. Each rule was written
// for the contexts where the plain form says the same thing, with lookarounds for the ones where it would not
// ("due to arrive", "once upon a time", "the following day"); every rule has a case where it fires and one where it
// must not in plain-phrases.unit.spec.ts. `{verb}` is inflected like group 1 (s/es, ed/d, ing), `$n` is group n.
import type { PhraseRule } from './phrases';

const all = (xs: string[]): PhraseRule['to'] => ({ neutral: xs });
const plain = (id: string, re: RegExp, to: string[] | PhraseRule['to']): PhraseRule => ({
  id,
  kind: 'plain',
  re,
  to: Array.isArray(to) ? all(to) : to,
});
/** A be-form before "due to" or "set to" makes it a schedule ("is due to arrive"), not a cause. */
const NOT_AFTER_BE = "(?<!\\b(?:is|are|was|were|be|been|being|am|'s|'re)\\s)";
const POSSESSIVE = '(?:his|her|their|my|our|its|your)';

/** One rule per verb form: `forms` maps the matched form to the plain verb in that form, `tail` follows both. */
function verb(id: string, phrase: string, forms: Record<string, string>, tail = ''): PhraseRule[] {
  return Object.entries(forms).map(([from, to]) =>
    plain(`${id}-${from}`, new RegExp(`\\b${from}${phrase}\\b`, 'gi'), [to + tail]),
  );
}

export const PLAIN_PHRASES: PhraseRule[] = [
  plain('prior-to', /\bprior to\b/gi, ['before']),
  plain('subsequent-to', /\bsubsequent to\b/gi, ['after']),
  plain('in-the-wake-of', /\bin the (?:wake|aftermath) of\b/gi, ['after']),
  plain('in-spite-of', /\bin spite of\b/gi, ['despite']),
  plain('in-the-event-that', /\bin the event that\b/gi, ['if']),
  plain('in-an-effort-to', /(?<=^|,\s)in an? (?:effort|attempt|bid) to\b/gi, {
    neutral: ['to'],
    casual: ['trying to'],
    formal: ['to'],
  }),
  // inside a clause "trying to" reads as part of it ("cut prices aggressively trying to fend off", read 2026-11-29,
  // night): only "to"
  plain('in-an-effort-to-inside', /(?<!^|,\s)\bin an? (?:effort|attempt|bid) to\b/gi, ['to']),
  plain('large-number-of', /\ba (?:large|great|huge|vast) number of\b/gi, ['many']),
  // "the majority of the fans" -> "most of the fans"; "the majority of fans" -> "most fans"
  plain(
    'majority-of-the',
    /\b(?:the|a) (?:vast |great |large )?majority of (?=(?:the|his|her|their|its|our|your|these|those|them|us)\b)/gi,
    ['most of '],
  ),
  plain('majority-of', /\b(?:the|a) (?:vast |great |large )?majority of (?=[a-z])/gi, ['most ']),
  plain('a-great-deal-of', /\ba (?:great|good) deal of\b/gi, { neutral: ['a lot of'], formal: ['much'] }),
  plain('at-this-point-in-time', /\bat (?:this|the present) (?:point|moment) in time\b|\bat the present time\b/gi, [
    'now',
  ]),
  plain('in-the-near-future', /\bin the near future\b/gi, ['soon']),
  plain('on-a-basis', /\bon a (daily|weekly|monthly|yearly) basis\b/gi, ['$1']),
  plain('on-a-regular-basis', /\bon a regular basis\b/gi, ['regularly']),
  plain('all-of-a-sudden', /\ball of a sudden\b/gi, ['suddenly']),
  plain('once-again', /\bonce again\b/gi, ['again']),
  plain('as-a-result-of', /\bas a (?:direct )?result of\b/gi, ['because of']),
  plain('due-to', new RegExp(`${NOT_AFTER_BE}\\bdue to\\b(?! the fact)`, 'gi'), ['because of']),
  plain('able-to-present', /\b(?:is|are|am) able to\b/gi, ['can']),
  plain('unable-to-present', /\b(?:is|are|am) unable to\b/gi, ['cannot']),
  plain('unable-to-past', /\b(?:was|were) unable to\b/gi, ['could not']),
  plain('forced-to', /\b(?:was|were) (?:forced|compelled) to\b/gi, ['had to']),
  plain('has-the-ability', /\b(?:has|have) the (?:ability|capacity) to\b/gi, ['can']),
  plain('in-proximity', /\bin (?:close )?proximity to\b|\bin the vicinity of\b/gi, ['near']),
  plain('in-the-midst-of', /\b(?:in the midst of|amidst)\b/gi, ['amid']),
  plain('with-the-exception-of', /\bwith the exception of\b/gi, ['except for']),
  plain('in-addition-to', /\bin addition to\b/gi, { neutral: ['besides'], formal: ['as well as'] }),
  plain('for-the-purpose-of', /\bfor the purpose of\b/gi, ['for']),
  plain('in-order-for', /\bin order for\b/gi, ['for']),
  plain('so-as-to', /\bso as to\b/gi, ['to']),
  plain('in-conjunction-with', /\bin conjunction with\b/gi, ['together with']),
  plain('by-means-of', /\bby means of\b/gi, ['using']),
  plain('in-accordance-with', /\bin accordance with\b/gi, ['in line with']),
  plain('in-excess-of', /\bin excess of\b/gi, ['more than']),
  plain('in-the-course-of', /\b(?:in|during) the course of\b/gi, ['during']),
  plain('over-the-course-of', /\b(?:over|throughout) the course of\b/gi, ['over']),
  plain('for-the-duration-of', /\bfor the duration of\b/gi, ['throughout']),
  plain('at-the-conclusion-of', /\bat the conclusion of\b/gi, ['at the end of']),
  plain('in-a-matter-of', /\bin a matter of\b/gi, ['within']),
  plain('on-the-verge-of', /\bon the (?:verge|brink) of\b/gi, ['close to']),
  plain('at-long-last', /\bat long last\b/gi, ['finally']),
  plain('of-utmost-importance', /\bof (?:the )?utmost importance\b/gi, ['vital']),
  plain('in-a-timely-manner', /\bin a timely (?:manner|fashion)\b/gi, ['promptly']),
  plain('up-until', /\bup until\b/gi, ['until']),
  plain('whilst', /\bwhilst\b/gi, ['while']),
  plain('upon', /(?<!\bonce )\bupon\b/gi, ['on']),
  plain('in-the-process-of', /\b(is|are|was|were|am) in the process of (?=[a-z]+ing\b)/gi, ['$1 ']),
  plain('had-no-choice-but', /\bhad no (?:choice|option|alternative) but to\b/gi, ['had to']),
  plain(
    'regarding',
    /(?<=\b[a-z]+,? )regarding (?=(?:the|a|an|its|their|this|these|those|whether|how|what|why|when)\b)/gi,
    ['about '],
  ),
  // verb phrases: one rule per form, the plain verb in the same form ("came to an end" -> "ended")
  ...verb(
    'came-to-conclusion',
    ' to the conclusion that',
    { came: 'concluded', comes: 'concludes', coming: 'concluding' },
    ' that',
  ),
  ...verb(
    'made-the-decision',
    ' the decision to',
    { made: 'decided', make: 'decide', makes: 'decides', making: 'deciding' },
    ' to',
  ),
  ...verb('an-impact-on', ' an impact on', { had: 'affected', has: 'affects', have: 'affect', having: 'affecting' }),
  ...verb('came-to-an-end', ' to an end', { came: 'ended', comes: 'ends', coming: 'ending' }),
  ...verb('take-into-account', ' into account', {
    took: 'considered',
    taken: 'considered',
    takes: 'considers',
    taking: 'considering',
  }),
  ...verb(
    'made-way',
    ` ${POSSESSIVE} way(?= (?:to|towards?|into|through|back|home|across|down|up|along|out|over)\\b)`,
    { made: 'went', makes: 'goes', making: 'going' },
  ),
  ...verb('caught-sight-of', ' sight of', { caught: 'spotted', catches: 'spots', catching: 'spotting' }),
];
