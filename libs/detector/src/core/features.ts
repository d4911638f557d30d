// Feature extraction, a port of ml/inkprint_ml/features.py (FEATURES.md sections 3-6).
// Pure: the word lists are passed in (loaded from models/inkprint-wordlists.json by the engine).
import { FNV_OFFSET, fnvUpdate } from './hash';
import { div, fsum, mean, pstd } from './fsum';
import { asciiLower, featureSentences, TOKEN_PATTERN, tokensCased } from './tokenize';

export interface WordLists {
  functionWords: ReadonlySet<string>;
  aiWords: ReadonlySet<string>;
  transitions: ReadonlySet<string>;
  informalWords: ReadonlySet<string>;
  firstPerson: ReadonlySet<string>;
  secondPerson: ReadonlySet<string>;
}

const WORDLIST_KEYS = {
  functionWords: 'function_words',
  aiWords: 'ai_words',
  transitions: 'transitions',
  informalWords: 'informal_words',
  firstPerson: 'first_person',
  secondPerson: 'second_person',
} as const;

/** Parse the JSON of models/inkprint-wordlists.json; throws with the missing key's name when malformed. */
export function parseWordLists(raw: unknown): WordLists {
  if (typeof raw !== 'object' || raw === null) throw new Error('word lists: expected a JSON object');
  const obj = raw as Record<string, unknown>;
  const out: Partial<Record<keyof WordLists, ReadonlySet<string>>> = {};
  for (const [key, jsonKey] of Object.entries(WORDLIST_KEYS) as [keyof WordLists, string][]) {
    const list = obj[jsonKey];
    if (!Array.isArray(list) || !list.every((w) => typeof w === 'string')) {
      throw new Error(`word lists: "${jsonKey}" must be an array of strings`);
    }
    out[key] = new Set(list as string[]);
  }
  return out as WordLists;
}

export const EMPTY_WORD_LISTS: WordLists = {
  functionWords: new Set(),
  aiWords: new Set(),
  transitions: new Set(),
  informalWords: new Set(),
  firstPerson: new Set(),
  secondPerson: new Set(),
};

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
const DIGIT = /[0-9]/;
const CAP_FIRST = /^[A-Z]/;
const ALLCAPS = /^[A-Z]{2,}$/;

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

/** A hashed block: ascending bucket indices and their L2-normalised sublinear-TF values. */
export interface SparseBlock {
  indices: Int32Array;
  values: Float64Array;
}

function finishBlock(counts: Map<number, number>): SparseBlock {
  const indices = Int32Array.from(counts.keys()).sort();
  const values = new Float64Array(indices.length);
  for (let k = 0; k < indices.length; k++) values[k] = 1 + Math.log(counts.get(indices[k]) as number);
  const norm2 = Math.sqrt(fsum(Array.from(values, (v) => v * v)));
  if (norm2 > 0) for (let k = 0; k < values.length; k++) values[k] /= norm2;
  return { indices, values };
}

const H_W = fnvUpdate(FNV_OFFSET, 'w:');
const H_B = fnvUpdate(FNV_OFFSET, 'b:');
const H_C3 = fnvUpdate(FNV_OFFSET, 'c3:');
const H_C4 = fnvUpdate(FNV_OFFSET, 'c4:');

function bump(counts: Map<number, number>, h: number, dim: number): void {
  const b = h % dim;
  counts.set(b, (counts.get(b) ?? 0) + 1);
}

/** Word unigrams "w:tok" and bigrams "b:tok tok" (bigrams cross sentence boundaries). */
export function wordBlock(toks: readonly string[], dim: number): SparseBlock {
  const counts = new Map<number, number>();
  for (let i = 0; i < toks.length; i++) {
    bump(counts, fnvUpdate(H_W, toks[i]), dim);
    if (i + 1 < toks.length) bump(counts, fnvUpdate(fnvUpdate(fnvUpdate(H_B, toks[i]), ' '), toks[i + 1]), dim);
  }
  return finishBlock(counts);
}

/** Character 3- and 4-grams over code points of the ASCII-lowercased text with newlines as spaces. */
export function charBlock(norm: string, dim: number): SparseBlock {
  const cps = Array.from(asciiLower(norm).split('\n').join(' '));
  const counts = new Map<number, number>();
  const len = cps.length;
  for (let i = 0; i + 3 <= len; i++) {
    const a = cps[i] + cps[i + 1] + cps[i + 2];
    bump(counts, fnvUpdate(H_C3, a), dim);
    if (i + 4 <= len) bump(counts, fnvUpdate(fnvUpdate(H_C4, a), cps[i + 3]), dim);
  }
  return finishBlock(counts);
}

const FW_PUNCT = '.,;:!?"()\u2014\u2013\u2026\n-';
const FW_ITEM = new RegExp(`${TOKEN_PATTERN}|[.,;:!?"()\\u2014\\u2013\\u2026\\n-]`, 'gu');
const ALL_DIGITS = /^[0-9]+$/;

/**
 * The topic-free syntax stream of FEATURES.md section 3 (`fw` block): punctuation stays itself,
 * function words stay themselves, numbers become "0", capitalised words "C", every other word "_".
 */
export function functionWordStream(norm: string, functionWords: ReadonlySet<string>): string[] {
  const out: string[] = [];
  for (const m of norm.matchAll(FW_ITEM)) {
    const s = m[0];
    if (s.length === 1 && FW_PUNCT.includes(s)) out.push(s);
    else {
      const t = asciiLower(s);
      if (functionWords.has(t)) out.push(t);
      else if (ALL_DIGITS.test(t)) out.push('0');
      else if (CAP_FIRST.test(s)) out.push('C');
      else out.push('_');
    }
  }
  return out;
}

const H_F = [2, 3, 4].map((n) => fnvUpdate(FNV_OFFSET, `f${n}:`));

/** Function-word/shape 2-, 3- and 4-grams "f<n>:a b c" over the syntax stream. */
export function functionWordBlock(stream: readonly string[], dim: number): SparseBlock {
  const counts = new Map<number, number>();
  for (let g = 0; g < 3; g++) {
    const n = g + 2;
    for (let i = 0; i + n <= stream.length; i++) {
      let h = fnvUpdate(H_F[g], stream[i]);
      for (let j = 1; j < n; j++) h = fnvUpdate(fnvUpdate(h, ' '), stream[i + j]);
      bump(counts, h, dim);
    }
  }
  return finishBlock(counts);
}

export type FeatureFamily = 'word' | 'char' | 'fw' | 'dense';
export interface FeatureBlockSpec {
  family: FeatureFamily;
  dim: number;
}
export type FeatureSetLayout = readonly FeatureBlockSpec[];

export const D_WORD = 1 << 16;
export const D_CHAR = 1 << 16;
export const D_FW = 1 << 14;

export const FEATURE_SETS: Readonly<Record<string, FeatureSetLayout>> = {
  fast: [
    { family: 'word', dim: D_WORD },
    { family: 'fw', dim: D_FW },
    { family: 'dense', dim: N_DENSE },
  ],
  full: [
    { family: 'word', dim: D_WORD },
    { family: 'char', dim: D_CHAR },
    { family: 'fw', dim: D_FW },
    { family: 'dense', dim: N_DENSE },
  ],
};

export function featureDim(layout: FeatureSetLayout): number {
  return layout.reduce((s, b) => s + b.dim, 0);
}

/**
 * Everything extracted from one normalised text. Blocks are computed lazily and memoised, so the
 * fast layout never pays for character n-grams and the full layout reuses the word block.
 */
export class TextFeatures {
  readonly cased: readonly string[];
  readonly toks: readonly string[];
  private readonly blocks = new Map<string, SparseBlock>();
  private denseCache?: Float64Array;

  constructor(
    readonly norm: string,
    private readonly wl: WordLists,
  ) {
    this.cased = tokensCased(norm);
    this.toks = this.cased.map(asciiLower);
  }

  get words(): number {
    return this.toks.length;
  }

  dense(): Float64Array {
    this.denseCache ??= denseFeatures(this.norm, this.wl, this.cased);
    return this.denseCache;
  }

  block(family: FeatureFamily, dim: number): SparseBlock {
    const key = `${family}:${dim}`;
    let b = this.blocks.get(key);
    if (b === undefined) {
      if (family === 'word') b = wordBlock(this.toks, dim);
      else if (family === 'char') b = charBlock(this.norm, dim);
      else if (family === 'fw') b = functionWordBlock(functionWordStream(this.norm, this.wl.functionWords), dim);
      else {
        const d = this.dense();
        const idx: number[] = [];
        const val: number[] = [];
        for (let i = 0; i < Math.min(d.length, dim); i++) {
          if (d[i] !== 0) {
            idx.push(i);
            val.push(d[i]);
          }
        }
        b = { indices: Int32Array.from(idx), values: Float64Array.from(val) };
      }
      this.blocks.set(key, b);
    }
    return b;
  }

  /** Sparse vector for a layout, as features.py `extract` returns it (ascending indices, float64 values). */
  sparse(layout: FeatureSetLayout): { indices: number[]; values: number[] } {
    const indices: number[] = [];
    const values: number[] = [];
    let off = 0;
    for (const spec of layout) {
      const b = this.block(spec.family, spec.dim);
      for (let k = 0; k < b.indices.length; k++) {
        indices.push(off + b.indices[k]);
        values.push(b.values[k]);
      }
      off += spec.dim;
    }
    return { indices, values };
  }

  /** Scatter into a dense float32 model row at `rowOffset` of `out` (which must be zeroed there). */
  writeRow(layout: FeatureSetLayout, out: Float32Array, rowOffset: number): void {
    let off = rowOffset;
    for (const spec of layout) {
      const b = this.block(spec.family, spec.dim);
      for (let k = 0; k < b.indices.length; k++) out[off + b.indices[k]] = b.values[k];
      off += spec.dim;
    }
  }
}
