// The hashed n-gram blocks (ml/FEATURES.md sections 3-4): word 1-2grams (`word`), character 3-4grams (`char`) and
// function-word/shape 2-4grams (`fw`), a port of ml/inkprint_ml/features.py. Pure.
import { FNV_OFFSET, fnvUpdate } from './hash';
import { fsum } from './fsum';
import { ALL_DIGITS, CAP_FIRST } from './token-shapes';
import { asciiLower, TOKEN_PATTERN } from './tokenize';

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
