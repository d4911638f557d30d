// Contractions added (casual tones) or expanded (formal tones), keeping typographic apostrophes.
import type { Changes, OperatorOptions } from './changes';

const CONTRACT: [RegExp, string][] = [
  // not before "only": "will not only determine … but also" is no negation ("won't only determine", read in the
  // held-out rewrites 2026-11-29 night)
  [/\b(do|does|did|is|are|was|were|has|have|had|would|should|could|need) not\b(?! only\b)/gi, "$1n't"],
  [/\bcan ?not\b(?! only\b)/gi, "can't"],
  [/\bwill not\b(?! only\b)/gi, "won't"],
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
  // a quotation mark left in the sentence is a quotation protect() could not close (GECScore's run-on dialogue,
  // '"We've grown together, … I can't pretend anymore.'): what a person said keeps its contractions or their absence
  if (/["\u201C\u201D]/.test(s)) return s;
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
  // and a plural possessive's ("candidates\u2019 reactions"), where the input had no straight one
  if (s.includes('\u2019') && !/\w'(?!\w)/.test(s)) out = out.replace(/(\w)'(?!\w)/g, '$1\u2019');
  return out;
}

/**
 * Whether a quotation is still open after this sentence of a line, given whether one was open before it: a straight
 * mark between a space and a letter opens and one elsewhere closes, a curly one opens (\u201C) or closes (\u201D). Quotations
 * protect() closed are placeholders and hold no mark, so what is counted is a quotation whose closing mark is in a
 * later sentence (run-on dialogue).
 */
export function quotationOpenAfter(s: string, open: boolean): boolean {
  let now = open;
  // a straight mark between a space (or the start) and a letter or digit opens; any other closes
  for (const m of s.matchAll(/["\u201C\u201D]/g))
    now =
      m[0] === '"'
        ? /^\s?$/.test(s[m.index - 1] ?? '') && /[\p{L}\p{N}]/u.test(s[m.index + 1] ?? '')
        : m[0] === '\u201C';
  return now;
}
