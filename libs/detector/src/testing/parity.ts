// Loader for ml/fixtures/parity.jsonl (test support; excluded from the build).
import * as fs from 'node:fs';
import * as path from 'node:path';

export const PARITY_FILE =
  process.env.INKPRINT_PARITY_FIXTURES ?? path.resolve(__dirname, '../../../../ml/fixtures/parity.jsonl');

export interface ParityFixture {
  name: string;
  text: string;
  normalized: string;
  tokens: string[];
  n_words: number;
  sentence_lengths: number[];
  dense: number[];
  features: Record<'fast' | 'full', { dim: number; indices: number[]; values: number[] }>;
  chunks: string[];
  probability?: Record<string, number>;
  /** moderate's and strong's n-gram model alone, before the encoder stack (ml/inkprint_ml/fixtures.py). */
  ngram_probability?: Record<string, number>;
  /** Per-mode product score with the short-text rule (ml/inkprint_ml/engine.py final_score). */
  score?: Record<string, number>;
}

export function loadParityFixtures(): ParityFixture[] {
  if (!fs.existsSync(PARITY_FILE)) return [];
  return fs
    .readFileSync(PARITY_FILE, 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as ParityFixture);
}
