// Stock phrases, hedging boilerplate and sentence-opening transitions that chat models overuse, with plainer
// rewrites a careful writer would use. Every rewrite keeps the proposition: phrases carry register, not content.
// Replacements are picked by register (casual / neutral / formal); `$1`.. refer to the pattern's groups.

export type Register = 'casual' | 'neutral' | 'formal';

export interface PhraseRule {
  id: string;
  /** phrase: a stock phrase (a machine marker); hedge: boilerplate deleted; plain: a wordy expression (core/plain-phrases.ts). */
  kind: 'phrase' | 'hedge' | 'plain';
  re: RegExp;
  /** Candidates by register; one is chosen (seeded). '' deletes the phrase; `{verb}` is inflected like group 1 (s/es, ed/d, ing). */
  to: Partial<Record<Register, string[]>> & { neutral: string[] };
}

const all = (xs: string[]): PhraseRule['to'] => ({ neutral: xs });

export const PHRASE_RULES: PhraseRule[] = [
  // hedging / signposting boilerplate: deleted, the claim that follows stays
  {
    id: 'important-to-note',
    kind: 'hedge',
    re: /\b(?:it is|it's) (?:important|crucial|essential|vital|worth|interesting|key|critical|also important) (?:to (?:note|remember|recognize|recognise|understand|mention|consider|acknowledge|emphasize|emphasise|highlight|point out)|noting|mentioning|pointing out|remembering)(?: here)? that /gi,
    to: all(['']),
  },
  {
    id: 'should-be-noted',
    kind: 'hedge',
    re: /\bit (?:should|must|can) be (?:noted|said|argued|mentioned|emphasized|emphasised) that /gi,
    to: all(['']),
  },
  {
    id: 'goes-without-saying',
    kind: 'hedge',
    re: /\b(?:it goes without saying that|needless to say,|it is no secret that|it's no secret that|there is no denying that|there's no denying that|it is undeniable that) /gi,
    to: all(['']),
  },
  {
    id: 'one-could-argue',
    kind: 'hedge',
    re: /\b(?:one could argue|one might argue|it could be argued) that /gi,
    to: { neutral: ['arguably, '], casual: ['maybe '], formal: ['arguably, '] },
  },
  { id: 'potentially', kind: 'hedge', re: /\b(can|could|may|might|will) potentially\b/gi, to: all(['$1']) },
  {
    id: 'generally-speaking',
    kind: 'hedge',
    re: /\b(?:generally speaking|broadly speaking|in essence|essentially|fundamentally|at its core),\s*/gi,
    to: all(['']),
  },
  { id: 'in-order-to', kind: 'phrase', re: /\bin order to\b/gi, to: all(['to']) },
  {
    id: 'not-only-but-also',
    kind: 'phrase',
    re: /\bnot only ([a-z]+(?: [a-z]+){0,5}?),? but also\b/gi,
    // not "as well as": before a finite verb it breaks the grammar ("not only preserves … but also strengthens" ->
    // "preserves … as well as strengthens", read 2026-11-29, night)
    to: all(['$1 and also']),
  },
  { id: 'due-to-the-fact', kind: 'phrase', re: /\b(?:due to|owing to) the fact that\b/gi, to: all(['because']) },
  { id: 'despite-the-fact', kind: 'phrase', re: /\bdespite the fact that\b/gi, to: all(['although', 'even though']) },
  {
    id: 'todays-world',
    kind: 'phrase',
    re: /\bin today's (?:(?:fast-paced|digital|modern|interconnected|competitive|rapidly (?:evolving|changing)|ever-(?:changing|evolving)|increasingly \w+) )*(?:world|age|era|society|landscape|climate|environment)\b/gi,
    to: { neutral: ['today'], casual: ['these days', 'nowadays'], formal: ['today', 'at present'] },
  },
  { id: 'ever-evolving', kind: 'phrase', re: /\bever-(?:evolving|changing)\b/gi, to: all(['changing', 'shifting']) },
  {
    id: 'wide-range',
    kind: 'phrase',
    re: /\ba (?:wide|broad|diverse|vast|rich) (?:range|array|variety|spectrum|assortment) of\b/gi,
    to: {
      neutral: ['many', 'a range of'],
      casual: ['all kinds of', 'lots of', 'plenty of'],
      formal: ['a range of', 'many'],
    },
  },
  {
    id: 'myriad',
    kind: 'phrase',
    re: /\ba (?:myriad|plethora|multitude|host) of\b/gi,
    to: { neutral: ['many'], casual: ['lots of', 'plenty of'], formal: ['many', 'numerous'] },
  },
  {
    id: 'significant-number',
    kind: 'phrase',
    re: /\ba (?:significant|substantial|considerable) (number|amount|portion|share|proportion) of\b/gi,
    to: { neutral: ['a large $1 of'], casual: ['a lot of', 'a big $1 of'], formal: ['a large $1 of'] },
  },
  {
    id: 'plays-role',
    kind: 'phrase',
    re: /\bplays an? (?:crucial|vital|pivotal|key|significant|critical|central|essential|major|important|instrumental|fundamental) role in\b/gi,
    to: {
      neutral: ['is central to', 'matters a great deal in'],
      casual: ['is a big part of', 'matters a lot in'],
      formal: ['is central to'],
    },
  },
  {
    id: 'play-role',
    kind: 'phrase',
    re: /\b(to|can|could|will|would|may|might|must|should) play an? (?:crucial|vital|pivotal|key|significant|critical|central|essential|major|important|instrumental|fundamental) role in\b/gi,
    to: { neutral: ['$1 be central to'], casual: ['$1 be a big part of'], formal: ['$1 be central to'] },
  },
  {
    id: 'testament',
    kind: 'phrase',
    re: /\b(?:a|an) (?:true |real |clear |powerful |living )?testament to\b/gi,
    to: { neutral: ['proof of'], casual: ['proof of'], formal: ['evidence of', 'proof of'] },
  },
  {
    id: 'delve',
    kind: 'phrase',
    re: /\bdelv(e|es|ed|ing) (?:deeper |deeply )?into\b/gi,
    to: { neutral: ['{look} closely at'], casual: ['{dig} into'], formal: ['{examine}'] },
  },
  {
    id: 'navigate-complexities',
    kind: 'phrase',
    re: /\bnavigat(e|es|ed|ing) (?:the )?(?:complexities|challenges|intricacies|complexity|nuances) of\b/gi,
    to: { neutral: ['{deal} with'], casual: ['{deal} with', '{handle}'], formal: ['{manage}'] },
  },
  { id: 'realm', kind: 'phrase', re: /\bin the (?:realm|world|sphere|domain) of\b/gi, to: all(['in']) },
  {
    id: 'tapestry',
    kind: 'phrase',
    re: /\ba (?:rich |vibrant |complex |intricate )?tapestry of\b/gi,
    to: all(['a mix of', 'a blend of']),
  },
  {
    id: 'unlock-potential',
    kind: 'phrase',
    re: /\bunlock(s|ed|ing)? (?:the |their |its |your |our )?(?:full |true )?potential of\b/gi,
    to: { neutral: ['{get} the most out of'], casual: ['{get} the most out of'], formal: ['{make} full use of'] },
  },
  { id: 'serves-as', kind: 'phrase', re: /\b(serves|stands) as (a|an|the)\b/gi, to: all(['is $2']) },
  // not after an auxiliary: "have served as a catalyst" is not "have was a catalyst", nor "was served as a starter"
  // "was was a starter" (LanguageTool HAVE_PART_AGREEMENT)
  {
    id: 'served-as',
    kind: 'phrase',
    re: /(?<!\b(?:have|has|had|having|be|been|being|is|are|was|were)\s+(?:(?:also|already|long|often|always|never|just|recently)\s+)?)\b(?:served|stood) as (a|an|the)\b/gi,
    to: all(['was $1']),
  },
  {
    id: 'boasts',
    kind: 'phrase',
    re: /\bboasts (?=(?:a|an|the|over|more|some|several|two|three|an?)\b)/gi,
    to: all(['has ']),
  },
  {
    id: 'nestled',
    kind: 'phrase',
    re: /\b(?:nestled|tucked away|situated) (in|among|between|within|on|at|along)\b/gi,
    to: all(['$1']),
  },
  {
    id: 'embark',
    kind: 'phrase',
    re: /\bembark(s|ed|ing)? on (?:a|an|the|this|our|my|their|your) (?:journey|quest|mission|adventure)\b(?: (?:of|to|towards?|into)\b)?/gi,
    to: { neutral: ['{start}'], casual: ['{set} out'], formal: ['{begin}'] },
  },
  { id: 'foster-sense', kind: 'phrase', re: /\bfoster(s|ed|ing)? a sense of\b/gi, to: all(['{build} a sense of']) },
  { id: 'showcase', kind: 'phrase', re: /\bshowcas(e|es|ed|ing)\b/gi, to: all(['{show}']) },
  {
    id: 'leverage',
    kind: 'phrase',
    re: /\b(?<!the |a |financial |of )leverag(e|es|ed|ing)(?= (?:the|their|its|our|your|this|these|data|technology|tools|AI|existing|new|advanced|modern))/gi,
    to: all(['{use}']),
  },
  {
    id: 'cutting-edge',
    kind: 'phrase',
    re: /\b(?:cutting-edge|state-of-the-art)\b/gi,
    to: { neutral: ['advanced', 'modern'], casual: ['the latest', 'modern'], formal: ['advanced'] },
  },
  { id: 'seamless', kind: 'phrase', re: /\bseamless(ly)?\b/gi, to: all(['smooth$1']) },
  // the plural possessive: "these individuals' needs" -> "these people's needs" (not "people' needs")
  { id: 'individuals-possessive', kind: 'phrase', re: /\bindividuals['\u2019](?!\w)/g, to: all(["people's"]) },
  { id: 'individuals', kind: 'phrase', re: /\bindividuals\b(?!['\u2019])/g, to: all(['people']) },
  { id: 'each-and-every', kind: 'phrase', re: /\beach and every\b/gi, to: all(['every']) },
  { id: 'first-and-foremost', kind: 'phrase', re: /\bfirst and foremost\b/gi, to: all(['first']) },
  {
    id: 'end-of-day',
    kind: 'phrase',
    re: /\bat the end of the day\b/gi,
    to: { neutral: ['in the end'], casual: ['when all is said and done', 'in the end'], formal: ['in the end'] },
  },
  { id: 'in-light-of', kind: 'phrase', re: /\bin light of\b/gi, to: all(['given']) },
  {
    id: 'with-regard',
    kind: 'phrase',
    re: /\b(?:with regards? to|with respect to|in regards? to)\b/gi,
    to: { neutral: ['on', 'about'], casual: ['about'], formal: ['regarding', 'on'] },
  },
  {
    id: 'a-deep-understanding',
    kind: 'phrase',
    re: /\ba (?:deep|deeper|profound|nuanced|comprehensive|thorough) understanding of\b/gi,
    to: all(['a good grasp of', 'a real understanding of']),
  },
  {
    id: 'valuable-insights',
    kind: 'phrase',
    re: /\b(?:valuable|invaluable|key|deep|unique|meaningful) insights? (into|on|about)\b/gi,
    // the preposition is the replacement's own: "insight into" gave "a better sense of what goes on into" and "useful
    // evidence into" (read 2026-11-29, night)
    to: {
      neutral: ['a clearer view of'],
      casual: ['a better look at'],
      formal: ['useful evidence on'],
    },
  },
  {
    id: 'whether-seasoned',
    kind: 'phrase',
    re: /\bwhether you(?:'re| are) a seasoned\b/gi,
    to: all(["whether you're an experienced"]),
  },
  { id: 'look-no-further', kind: 'phrase', re: /\blook no further\b/gi, to: all(['this is the place']) },
  {
    id: 'a-must-visit',
    kind: 'phrase',
    re: /\ba must-(visit|try|see|read)\b/gi,
    to: { neutral: ['well worth a $1'], casual: ['worth a $1'], formal: ['well worth a $1'] },
  },
  {
    id: 'culinary',
    kind: 'phrase',
    re: /\bculinary (experience|delight|journey|adventure|scene|creations?)\b/gi,
    to: all(['food', 'meal']),
  },
  {
    id: 'elevate-experience',
    kind: 'phrase',
    re: /\belevat(e|es|ed|ing) the (?:overall )?(experience|dish|meal|flavou?r|atmosphere)\b/gi,
    to: all(['{improve} the $2', '{lift} the $2']),
  },
];

/** Sentence-opening transitions (first word(s) of a sentence, comma optional) and what to do with them. */
export interface TransitionRule {
  re: RegExp;
  /** Plainer connectives to swap in ('' = drop it). */
  to: Partial<Record<Register, string[]>> & { neutral: string[] };
  /** The sentence cannot stand without a connective (contrast, consequence): never drop, only swap. */
  keepMeaning: boolean;
}

export const TRANSITION_RULES: TransitionRule[] = [
  {
    re: /^(?:Moreover|Furthermore|Additionally|In addition(?! to\b)|What's more|Besides this|Notably|Importantly|Crucially|Significantly|Interestingly|Indeed|Essentially|In essence|In fact|Of note|Equally important|Not only that)\s*,?\s+/,
    to: { neutral: ['', 'Also, '], casual: ['', 'Plus, ', 'Also, '], formal: ['', 'Also, '] },
    keepMeaning: false,
  },
  {
    // not "In the end": in a story it is a time ("In the end, as the battle reached its climax" -> "So …", "In the end
    // they emerged" -> "They …"; read 2026-11-29, night)
    re: /^(?:In conclusion|In summary|To summarize|To summarise|To sum up|To conclude|All in all|Overall|Ultimately|In closing|In short|Ultimately speaking)\s*,?\s+/,
    to: { neutral: [''], casual: ['', 'So '], formal: [''] },
    keepMeaning: false,
  },
  {
    re: /^(?:However|Nevertheless|Nonetheless|Conversely|On the other hand|That said|That being said|With that said|Having said that)\s*,\s+/,
    to: {
      neutral: ['But ', 'Still, ', 'Even so, '],
      casual: ['But ', 'Still, '],
      formal: ['Still, ', 'Yet ', 'Even so, '],
    },
    keepMeaning: true,
  },
  {
    re: /^(?:Consequently|As a result|Therefore|Thus|Hence|Accordingly|As such|Because of this|Due to this)\s*,?\s+/,
    to: { neutral: ['So ', 'Because of this, '], casual: ['So '], formal: ['As a result, ', 'For this reason, '] },
    keepMeaning: true,
  },
  {
    re: /^(?:Subsequently|Following this|After this)\s*,?\s+/,
    to: all(['Then ', 'Later, ', 'After that, ']),
    keepMeaning: true,
  },
  {
    re: /^(?:Similarly|Likewise|In the same way|In a similar vein)\s*,\s+/,
    to: { neutral: ['', 'In the same way, '], casual: ['', 'Same with this: '], formal: ['', 'In the same way, '] },
    keepMeaning: false,
  },
  {
    re: /^(?:Firstly|First and foremost|First of all|To begin with|To start with)\s*,?\s+/,
    to: all(['First, ']),
    keepMeaning: true,
  },
  { re: /^Secondly\s*,?\s+/, to: all(['Second, ']), keepMeaning: true },
  { re: /^Thirdly\s*,?\s+/, to: all(['Third, ']), keepMeaning: true },
  // not "Finally,": in a story it is a time ("Finally, they reached the threshold" -> "Last, they reached", read in
  // the held-out rewrites 2026-11-29 night)
  { re: /^(?:Lastly|Last but not least)\s*,\s+/, to: all(['Finally, ']), keepMeaning: true },
  { re: /^(?:When it comes to)\s+/, to: all(['As for ', 'With ']), keepMeaning: true },
  {
    // not "In recent years": it dates what follows ("In recent years, Ford has reduced …, closing its plant in 2013"
    // had become "… after a century of operation today", read 2026-11-29 night)
    re: /^(?:In today's world|In this day and age|Nowadays)\s*,\s+/,
    to: { neutral: ['Today, ', 'These days, '], casual: ['These days, '], formal: ['Today, '] },
    keepMeaning: true,
  },
];

/** Mid-sentence connectives set off by commas (", moreover, ") that can simply go. */
export const MID_TRANSITIONS =
  /,\s+(?:moreover|furthermore|additionally|notably|importantly|indeed|ultimately|essentially),\s+/gi;

/** Assistant framing at the start or end of a text: "Sure! Here's ...:", "I hope this helps!", "Let me know ...". */
export const PREAMBLE =
  /^(?:(?:sure|certainly|absolutely|of course|okay|ok|great question)[!.,]?\s*)?(?:here(?:'s| is| are)|below is|below are)\b[^\n]{0,200}?:\s*\n+/i;
export const CLOSING =
  /(?:^|\s)(?:I hope (?:this|that|these) (?:helps|help|was helpful)[^.!\n]*[.!]|Let me know if you (?:have|need|would like|want)[^.!\n]*[.!]|Feel free to (?:ask|reach out|let me know)[^.!\n]*[.!]|Happy (?:writing|reading|cooking|travell?ing)!)\s*$/i;

/** Context-safe register pairs: [informal, formal, the part of speech the tagger must see]. */
export const REGISTER_PAIRS: [string, string, string][] = [
  ['big', 'large', 'Adjective'],
  ['kids', 'children', 'Noun'],
  ['maybe', 'perhaps', 'Adverb'],
  ['buy', 'purchase', 'Verb'],
  ['bought', 'purchased', 'Verb'],
  ['help', 'assist', 'Verb'],
  ['helps', 'assists', 'Verb'],
  ['start', 'begin', 'Verb'],
  ['started', 'began', 'Verb'],
  ['get', 'obtain', 'Verb'],
  ['enough', 'sufficient', 'Adjective'],
  ['about', 'approximately', 'Adverb'],
  ['show', 'demonstrate', 'Verb'],
  ['shows', 'demonstrates', 'Verb'],
  ['need', 'require', 'Verb'],
  ['needs', 'requires', 'Verb'],
  ['more', 'additional', 'Adjective'],
];
