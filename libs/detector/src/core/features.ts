// Feature extraction, a port of ml/inkprint_ml/features.py (FEATURES.md sections 3-6): one text's blocks, laid out
// as a feature set reads them. Pure: the word lists are passed in (loaded from models/inkprint-wordlists.json by the
// engine). The blocks: dense-features.ts and hashed-ngrams.ts; the layouts: feature-sets.ts.
import { denseFeatures } from './dense-features';
import type { FeatureFamily, FeatureSetLayout } from './feature-sets';
import { charBlock, functionWordBlock, functionWordStream, type SparseBlock, wordBlock } from './hashed-ngrams';
import { asciiLower, tokensCased } from './tokenize';
import type { WordLists } from './word-lists';

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
