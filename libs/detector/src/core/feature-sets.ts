// The feature sets (ml/FEATURES.md section 6): which blocks, of what width, make a model's input row (`fast` and
// `full`; a manifest may add its own, engine/manifest-feature-sets.ts).
import { N_DENSE } from './dense-features';

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
