// Gemma 3 270M language-model evidence against ml/fixtures/lm-parity.jsonl (written by python -m inkprint_ml.lm_parity):
// token ids exactly equal, per-token statistics and features within 1e-4 (relative above 1; ranks also within 2).
// Needs models/lm (npm run models:fetch, then cd ml && .venv/bin/python -m inkprint_ml.lm_export). Without it the
// suites are skipped locally, and FAIL when CI or INKPRINT_REQUIRE_LM is set.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { documentFeatures, LM_FEATURE_NAMES } from '../core/lm-features';
import { normalize } from '../core/normalize';
import type { GemmaTokenizer } from '../core/lm-tokenizer';
import { createDetector, type Detector } from './detector';
import {
  LM_MAX_TOKENS,
  LM_TOKENIZER_FILE,
  LmRunner,
  lmFilesPresent,
  loadGemmaTokenizer,
  type LmTokenStats,
} from './lm-runner';

const LM_DIR = process.env.INKPRINT_LM_DIR ?? path.resolve(__dirname, '../../../../models/lm');
const FIXTURES =
  process.env.INKPRINT_LM_PARITY_FIXTURES ?? path.resolve(__dirname, '../../../../ml/fixtures/lm-parity.jsonl');
const REQUIRED = Boolean(process.env.CI || process.env.INKPRINT_REQUIRE_LM);
const STATS = ['logp', 'entropy', 'variance', 'rank'] as const;
const FULL_PATH = new Set(['empty', 'one_word', 'short_ai', 'human_long']);

interface LmFixture {
  name: string;
  text: string;
  normalized: string;
  ids: number[];
  ids_capped: number[];
  ids_raw: number[];
  logp: number[];
  entropy: number[];
  variance: number[];
  rank: number[];
  features: number[];
  /** Forensic mode with the language model stacked (engine.py Engine.score(text, 'forensic', lm=...)). */
  forensic_lm?: { probability: number; score: number; n_words: number };
}

const fixtures: LmFixture[] = fs.existsSync(FIXTURES)
  ? fs
      .readFileSync(FIXTURES, 'utf8')
      .split('\n')
      .filter((l) => l.trim())
      .map((l) => JSON.parse(l) as LmFixture)
  : [];
const tokenizerReady = fs.existsSync(path.join(LM_DIR, LM_TOKENIZER_FILE));
const modelReady = lmFilesPresent(LM_DIR);

/** |a - b| within tol, relative to |b| when |b| > 1. */
function close(a: number, b: number, tol: number): boolean {
  return Math.abs(a - b) <= tol * Math.max(1, Math.abs(b));
}

describe('lm parity prerequisites', () => {
  it('has the fixtures', () => {
    expect(fixtures.length).toBeGreaterThanOrEqual(14);
  });
  (REQUIRED ? it : it.skip)('has models/lm (required because CI or INKPRINT_REQUIRE_LM is set)', () => {
    if (!modelReady)
      throw new Error(
        `models/lm is incomplete at ${LM_DIR} (CI or INKPRINT_REQUIRE_LM is set, so the LM parity tests must run): ` +
          'run `npm run models:fetch` (it downloads the GGUF and builds the ONNX graphs).',
      );
  });
  it('stored statistics give the stored features (no model needed)', () => {
    let worst = 0;
    for (const f of fixtures) {
      const stats = STATS.map((k) => Float32Array.from(f[k]));
      const got = documentFeatures(stats[0], stats[1], stats[2], stats[3]);
      expect(got).toHaveLength(LM_FEATURE_NAMES.length);
      got.forEach((v, i) => (worst = Math.max(worst, Math.abs(v - f.features[i]) / Math.max(1, Math.abs(v)))));
    }
    expect(worst).toBeLessThanOrEqual(1e-9);
  });
});

(tokenizerReady ? describe : describe.skip)('lm parity: Gemma tokenizer ids', () => {
  let tok: GemmaTokenizer;
  beforeAll(() => {
    tok = loadGemmaTokenizer(LM_DIR);
  });

  it.each(fixtures.map((f) => [f.name, f] as const))('%s', (_name, f) => {
    const norm = normalize(f.text);
    expect(norm).toBe(f.normalized);
    const ids = tok.encode(norm);
    expect(ids).toEqual(f.ids);
    expect(ids.slice(0, LM_MAX_TOKENS)).toEqual(f.ids_capped);
    expect(tok.encode(f.text)).toEqual(f.ids_raw);
  });
});

(modelReady ? describe : describe.skip)('lm parity: LmRunner statistics and features', () => {
  let runner: LmRunner;
  const diffs: Record<string, number> = {};
  beforeAll(async () => {
    runner = await LmRunner.load(LM_DIR, 1);
  }, 120_000);
  afterAll(async () => {
    await runner?.release();
    if (Object.keys(diffs).length) console.log(`lm parity max abs diffs: ${JSON.stringify(diffs)}`);
  });

  it.each(fixtures.map((f) => [f.name, f] as const))(
    '%s',
    async (_name, f) => {
      const ids = runner.tokenIds(f.normalized);
      expect(ids).toEqual(f.ids_capped);
      const stats: LmTokenStats = await runner.tokenStats(ids);
      for (const k of STATS) {
        expect(stats[k]).toHaveLength(f[k].length);
        let worst = 0;
        for (let i = 0; i < f[k].length; i++) {
          worst = Math.max(worst, Math.abs(stats[k][i] - f[k][i]));
          // A rank counts the logits strictly above the token's: near-ties among 262,144 logits can move it by
          // a little (seen: 116,202 vs 116,200), so it gets 2 on top of the relative 1e-4.
          const ok =
            k === 'rank' ? Math.abs(stats[k][i] - f[k][i]) <= 2 + 1e-4 * f[k][i] : close(stats[k][i], f[k][i], 1e-4);
          if (!ok) throw new Error(`${f.name} ${k}[${i}]: ${stats[k][i]} vs ${f[k][i]} (Python)`);
        }
        diffs[k] = Math.max(diffs[k] ?? 0, worst);
      }
      // documentFeatures on these statistics; LmRunner.features (the whole path again) on a few texts only, as
      // each 256-token run costs ~2 s on one thread.
      const feats = FULL_PATH.has(f.name)
        ? await runner.features(f.normalized)
        : documentFeatures(stats.logp, stats.entropy, stats.variance, stats.rank);
      feats.forEach((v, i) => {
        diffs.features = Math.max(diffs.features ?? 0, Math.abs(v - f.features[i]));
        if (!close(v, f.features[i], 1e-4))
          throw new Error(`${f.name} ${LM_FEATURE_NAMES[i]}: ${v} vs ${f.features[i]} (Python)`);
      });
    },
    60_000,
  );
});

// The whole forensic path with the language model: the detector finds models/lm, loads it on the first forensic
// request, stacks its features with the aggregator's inputs and reads the stacker's knots. A handful of texts (each
// costs a forward pass), chosen to cover short, long and windowed documents.
const FORENSIC_CASES = new Set(['one_word', 'short_ai', 'short_human', 'human_long', 'ai_long', 'long_words_420']);
const forensicFixtures = fixtures.filter((f) => f.forensic_lm && FORENSIC_CASES.has(f.name));

(modelReady ? describe : describe.skip)('lm parity: forensic mode with the language model', () => {
  const modelsDir = path.resolve(LM_DIR, '..');
  let detector: Detector;
  beforeAll(async () => {
    detector = await createDetector({ modelsDir, engine: 'onnx' });
  }, 120_000);
  afterAll(async () => {
    await detector?.close();
  });

  it('names the language model in the engine and covers the chosen fixtures', () => {
    expect(detector.info.engine).toBe('inkprint-onnx-v1+gemma-3-270m');
    expect(detector.info.languageModel).toMatchObject({ name: 'gemma-3-270m', available: true, modes: ['forensic'] });
    expect(forensicFixtures.length).toBeGreaterThanOrEqual(4);
  });

  it.each(forensicFixtures.map((f) => [f.name, f] as const))(
    '%s',
    async (_name, f) => {
      const want = f.forensic_lm as NonNullable<LmFixture['forensic_lm']>;
      const { probability } = await detector.probability(f.text, { mode: 'forensic' });
      expect(Math.abs(probability - want.probability)).toBeLessThanOrEqual(1e-4);
      const r = await detector.detect(f.text, { mode: 'forensic' });
      expect(r.engine).toBe('inkprint-onnx-v1+gemma-3-270m');
      expect(Math.abs(r.score - want.score)).toBeLessThanOrEqual(1e-3);
      if (want.n_words > 0 && want.n_words < detector.info.minWords) expect(r.score).toBeLessThan(0.5);
      // Other modes never load or name it.
      expect((await detector.detect(f.text, { mode: 'strong' })).engine).toBe('inkprint-onnx-v1');
    },
    60_000,
  );

  it('runs forensic on the n-gram models alone when turned off', async () => {
    const off = await createDetector({ modelsDir, engine: 'onnx', languageModel: 'off' });
    try {
      expect(off.info.engine).toBe('inkprint-onnx-v1');
      expect(off.info.languageModel).toMatchObject({ available: false, reason: expect.stringContaining('turned off') });
      const f = forensicFixtures[0];
      const r = await off.detect(f.text, { mode: 'forensic' });
      expect(r.engine).toBe('inkprint-onnx-v1');
    } finally {
      await off.close();
    }
  });
});
