// The manifest's `feature_sets`: a layout of blocks (core/feature-sets.ts) or an aggregator's input (dim and names).
import type { FeatureFamily, FeatureSetLayout } from '../core/feature-sets';
import { num, obj } from './manifest-json';

export type ParsedSet = { kind: 'features'; layout: FeatureSetLayout } | { kind: 'aggregate'; dim: number };

export function parseFeatureSet(name: string, x: unknown): ParsedSet {
  const o = obj(x);
  const blocks = Array.isArray(x) ? x : o?.blocks;
  if (Array.isArray(blocks)) {
    const layout: { family: FeatureFamily; dim: number }[] = [];
    let offset = 0;
    for (const b of blocks) {
      const bo = obj(b);
      const fam = bo?.family;
      const dim = num(bo?.dim);
      if ((fam !== 'word' && fam !== 'char' && fam !== 'fw' && fam !== 'dense') || dim === undefined) {
        throw new Error(`manifest: feature set "${name}" has a block the engine does not know (${JSON.stringify(b)})`);
      }
      const declared = num(bo?.offset);
      if (declared !== undefined && declared !== offset)
        throw new Error(`manifest: feature set "${name}" block "${fam}" offset ${declared}, expected ${offset}`);
      layout.push({ family: fam, dim });
      offset += dim;
    }
    const total = num(o?.dim);
    if (total !== undefined && total !== offset)
      throw new Error(`manifest: feature set "${name}" dim ${total} != sum of blocks ${offset}`);
    return { kind: 'features', layout };
  }
  const dim = num(o?.dim);
  if (dim !== undefined && Array.isArray(o?.names)) return { kind: 'aggregate', dim };
  throw new Error(`manifest: feature set "${name}" has no readable layout`);
}
