// The 40 dense features (ml/FEATURES.md section 5, the `dense` block): sentence and word lengths, vocabulary, word-list
// rates, punctuation and layout, a port of ml/inkprint_ml/features.py. Pure.
import { div, fsum, mean, pstd } from './fsum';
import { ALLCAPS, CAP_FIRST, DIGIT } from './token-shapes';
import { asciiLower, featureSentences, tokensCased } from './tokenize';
import type { WordLists } from './word-lists';

export const DENSE_NAMES = [
  'sent_len_mean',
  'sent_len_std',
  'sent_len_cv',
  'sent_short_frac',
  'sent_long_frac',
  'sent_len_absdiff',
  'word_len_mean',
  'word_len_std',
  'long_word_frac',
  'short_word_frac',
  'ttr_seg',
  'hapax_seg',
  'function_word_rate',
  'ai_word_rate',
  'transition_start_rate',
  'informal_rate',
  'first_person_rate',
  'second_person_rate',
  'contraction_rate',
  'digit_token_rate',
  'cap_token_rate',
  'allcaps_token_rate',
  'p_comma',
  'p_period',
  'p_semicolon',
  'p_colon',
  'p_exclam',
  'p_question',
  'p_emdash',
  'p_endash',
  'p_hyphen',
  'p_paren',
  'p_dquote',
  'p_apostrophe',
  'p_ellipsis',
  'p_markdown',
  'newline_rate',
  'paragraph_rate',
  'list_line_frac',
  'upper_char_ratio',
] as const;
export type DenseName = (typeof DENSE_NAMES)[number];
export const N_DENSE = DENSE_NAMES.length;
export const SEG = 50;

const LIST_LINE = /^(?:[-*\u2022]|[0-9]{1,3}[.)]) /;

/** Non-overlapping left-to-right occurrences (Python str.count). */
export function countSub(s: string, sub: string): number {
  let n = 0;
  for (let i = s.indexOf(sub); i !== -1; i = s.indexOf(sub, i + sub.length)) n++;
  return n;
}

export function denseFeatures(norm: string, wl: WordLists, cased: readonly string[] = tokensCased(norm)): Float64Array {
  const toks = cased.map(asciiLower);
  const n = toks.length;
  const sents = featureSentences(norm);
  const slen = sents.map((s) => s.length);
  const m = slen.length;
  const sm = mean(slen);
  const ss = pstd(slen);
  let absdiff = 0;
  if (m >= 2) {
    const diffs: number[] = [];
    for (let i = 1; i < m; i++) diffs.push(Math.abs(slen[i] - slen[i - 1]));
    absdiff = div(fsum(diffs), m - 1);
  }
  const wlen = toks.map((t) => t.length);

  const blocks: string[][] = [];
  if (n >= SEG) for (let i = 0; i + SEG <= n; i += SEG) blocks.push(toks.slice(i, i + SEG));
  else if (n > 0) blocks.push(toks);
  const ttrs: number[] = [];
  const haps: number[] = [];
  for (const b of blocks) {
    const c = new Map<string, number>();
    for (const t of b) c.set(t, (c.get(t) ?? 0) + 1);
    let once = 0;
    for (const v of c.values()) if (v === 1) once++;
    ttrs.push(c.size / b.length);
    haps.push(once / b.length);
  }
  const rate = (words: ReadonlySet<string>): number => {
    let k = 0;
    for (const t of toks) if (words.has(t)) k++;
    return div(k, n);
  };
  const countIf = <T>(xs: readonly T[], pred: (x: T) => boolean): number => {
    let k = 0;
    for (const x of xs) if (pred(x)) k++;
    return k;
  };
  const lines = norm.split('\n').filter((ln) => ln !== '');
  let upper = 0;
  let letters = 0;
  for (let i = 0; i < norm.length; i++) {
    const c = norm.charCodeAt(i);
    if (c >= 65 && c <= 90) {
      upper++;
      letters++;
    } else if (c >= 97 && c <= 122) letters++;
  }
  const cnt = (s: string): number => countSub(norm, s);
  const f = [
    sm,
    ss,
    div(ss, sm),
    div(
      countIf(slen, (x) => x <= 8),
      m,
    ),
    div(
      countIf(slen, (x) => x >= 30),
      m,
    ),
    m >= 2 ? div(absdiff, sm) : 0,
    mean(wlen),
    pstd(wlen),
    div(
      countIf(wlen, (x) => x >= 7),
      n,
    ),
    div(
      countIf(wlen, (x) => x <= 3),
      n,
    ),
    mean(ttrs),
    mean(haps),
    rate(wl.functionWords),
    rate(wl.aiWords),
    div(
      countIf(sents, (s) => wl.transitions.has(s[0])),
      m,
    ),
    rate(wl.informalWords),
    rate(wl.firstPerson),
    rate(wl.secondPerson),
    div(
      countIf(toks, (t) => t.includes("'")),
      n,
    ),
    div(
      countIf(toks, (t) => DIGIT.test(t)),
      n,
    ),
    div(
      countIf(cased, (t) => CAP_FIRST.test(t)),
      n,
    ),
    div(
      countIf(cased, (t) => ALLCAPS.test(t)),
      n,
    ),
    div(cnt(','), n),
    div(cnt('.'), n),
    div(cnt(';'), n),
    div(cnt(':'), n),
    div(cnt('!'), n),
    div(cnt('?'), n),
    div(cnt('\u2014'), n),
    div(cnt('\u2013'), n),
    div(cnt('-'), n),
    div(cnt('('), n),
    div(cnt('"'), n),
    div(cnt("'"), n),
    div(cnt('\u2026') + cnt('...'), n),
    div(cnt('*') + cnt('#'), n),
    div(cnt('\n'), n),
    div(cnt('\n\n'), n),
    div(
      countIf(lines, (ln) => LIST_LINE.test(ln)),
      lines.length,
    ),
    div(upper, letters),
  ];
  return Float64Array.from(f);
}
