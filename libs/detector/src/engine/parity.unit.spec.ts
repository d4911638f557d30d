// Parity with the ML engineer's fixtures (ml/fixtures/parity.jsonl, written by ml/inkprint_ml/fixtures.py):
// normalisation, tokens, sentence lengths, dense features, sparse vectors and forensic chunks. Model
// probabilities are checked in parity.int.spec.ts. Skipped (not passed) while the fixture file does not exist.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { DENSE_NAMES } from '../core/dense-features';
import { FEATURE_SETS } from '../core/feature-sets';
import { TextFeatures } from '../core/features';
import { parseWordLists } from '../core/word-lists';
import { normalize } from '../core/normalize';
import { featureSentences, tokenize } from '../core/tokenize';
import { chunkTexts } from './analyze';
import { PARITY_FILE, loadParityFixtures } from '../testing/parity';

const fixtures = loadParityFixtures();
const wl = parseWordLists(
  JSON.parse(fs.readFileSync(path.resolve(__dirname, '../../../../models/inkprint-wordlists.json'), 'utf8')),
);
const close = (a: number, b: number, tol: number): boolean => Math.abs(a - b) <= tol * Math.max(1, Math.abs(b));

(fixtures.length > 0 ? describe : describe.skip)(`parity with ${path.basename(PARITY_FILE)} (features)`, () => {
  it.each(fixtures.map((f) => [f.name, f] as const))('%s', (_name, f) => {
    const norm = normalize(f.text);
    expect(norm).toBe(f.normalized);
    expect(tokenize(norm)).toEqual(f.tokens);
    expect(featureSentences(norm).map((s) => s.length)).toEqual(f.sentence_lengths);
    const tf = new TextFeatures(norm, wl);
    expect(tf.words).toBe(f.n_words);
    const dense = tf.dense();
    const badDense = DENSE_NAMES.filter((_, j) => !close(dense[j], f.dense[j], 1e-5)).map(
      (n, j) => `${n}: ${dense[j]} vs ${f.dense[j]}`,
    );
    expect(badDense).toEqual([]);
    for (const set of ['fast', 'full'] as const) {
      const sp = tf.sparse(FEATURE_SETS[set]);
      expect(sp.indices).toEqual(f.features[set].indices);
      const bad = sp.values.flatMap((v, k) =>
        close(v, f.features[set].values[k], 1e-5) ? [] : [`${sp.indices[k]}: ${v} vs ${f.features[set].values[k]}`],
      );
      expect(bad).toEqual([]);
    }
    expect(chunkTexts(norm)).toEqual(f.chunks);
  });
});
