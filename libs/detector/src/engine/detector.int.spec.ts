// Loads real ONNX sessions (tiny test models: probability = sigmoid(0.05 * sum(features) - 1), see
// scripts/make-test-model.py) to check the engine feeds the model the right rows, and the fallback paths.
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { FEATURE_SETS } from '../core/feature-sets';
import { TextFeatures } from '../core/features';
import { parseWordLists } from '../core/word-lists';
import { normalize } from '../core/normalize';
import { createDetector } from './detector';

const repoModels = path.resolve(__dirname, '../../../../models');
const testing = path.resolve(__dirname, '../testing');
const wl = parseWordLists(JSON.parse(fs.readFileSync(path.join(repoModels, 'inkprint-wordlists.json'), 'utf8')));

function modelsDir(opts: { corrupt?: boolean; manifest?: boolean } = {}): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'inkprint-detector-'));
  fs.copyFileSync(path.join(repoModels, 'inkprint-wordlists.json'), path.join(dir, 'inkprint-wordlists.json'));
  fs.copyFileSync(path.join(testing, 'sum-fast.onnx'), path.join(dir, 'sum-fast.onnx'));
  if (opts.corrupt) fs.writeFileSync(path.join(dir, 'sum-full.onnx'), 'not an onnx file');
  else fs.copyFileSync(path.join(testing, 'sum-full.onnx'), path.join(dir, 'sum-full.onnx'));
  if (opts.manifest !== false) {
    fs.writeFileSync(
      path.join(dir, 'inkprint-detector.json'),
      JSON.stringify({
        name: 'inkprint-detector',
        version: '1',
        min_words: 30,
        models: {
          fast: { file: 'sum-fast.onnx', feature_set: 'fast' },
          full: { file: 'sum-full.onnx', feature_set: 'full' },
        },
      }),
    );
  }
  return dir;
}

const expected = (text: string, set: 'fast' | 'full'): number => {
  const sp = new TextFeatures(normalize(text), wl).sparse(FEATURE_SETS[set]);
  const sum = sp.values.reduce((s, v) => s + Math.fround(v), 0);
  return 1 / (1 + Math.exp(-(0.05 * sum - 1)));
};

const TEXT =
  'The committee met on Tuesday to review the budget. Several members raised concerns about the timeline, ' +
  'and the chair agreed to revisit the numbers next month. Meanwhile, staff will prepare a short report on costs. ' +
  'Nobody expected the discussion to run past noon, but it did.';

describe('createDetector with ONNX models', () => {
  it('loads once and scores the document with the model the mode names', async () => {
    const d = await createDetector({ modelsDir: modelsDir() });
    try {
      expect(d.info.engine).toBe('inkprint-onnx-v1');
      expect(d.info.models.sort()).toEqual(['fast', 'full']);
      const fast = await d.detect(TEXT, { mode: 'fast' });
      expect(fast.engine).toBe('inkprint-onnx-v1');
      expect(fast.score).toBeCloseTo(expected(TEXT, 'fast'), 4);
      const moderate = await d.detect(TEXT);
      expect(moderate.mode).toBe('moderate');
      expect(moderate.score).toBeCloseTo(expected(TEXT, 'full'), 4);
      expect(moderate.timings.durationMs).toBeGreaterThan(0);
    } finally {
      await d.close();
    }
  });

  it('batches many sentence windows (more than one ONNX batch) and gives the same answers concurrently', async () => {
    const d = await createDetector({ modelsDir: modelsDir() });
    try {
      const long = Array.from({ length: 40 }, (_, i) => `Sentence number ${i} talks about item ${i % 7} today.`).join(
        ' ',
      );
      const one = await d.detect(long, { mode: 'strong' });
      expect(one.sentences).toHaveLength(40);
      const first = long.split('. ').slice(0, 2).join('. ') + '.';
      expect(one.sentences[0].aiProbability).toBeCloseTo(100 * expected(first, 'full'), 0);
      const many = await Promise.all([
        d.detect(long, { mode: 'strong' }),
        d.detect(TEXT, { mode: 'fast' }),
        d.detect(long, { mode: 'strong' }),
      ]);
      expect(many[0].sentences.map((s) => s.aiProbability)).toEqual(one.sentences.map((s) => s.aiProbability));
      expect(many[2].score).toBe(one.score);
    } finally {
      await d.close();
    }
  });

  it('rejects an unknown mode', async () => {
    const d = await createDetector({ modelsDir: modelsDir() });
    await expect(d.detect(TEXT, { mode: 'turbo' as never })).rejects.toThrow(/unknown mode "turbo"/);
    await d.close();
  });
});

describe('fallback to the heuristic engine', () => {
  it('uses the heuristic, and says so, when a model file is corrupt', async () => {
    const d = await createDetector({ modelsDir: modelsDir({ corrupt: true }) });
    expect(d.info.engine).toBe('heuristic');
    expect(d.info.fallbackReason).toBeDefined();
    const r = await d.detect(TEXT);
    expect(r.engine).toBe('heuristic');
    expect(r.warning?.codes).toContain('MODEL_UNAVAILABLE');
    expect(r.score).toBeGreaterThan(0);
    expect(r.score).toBeLessThan(1);
  });

  it('uses the heuristic when the manifest is missing', async () => {
    const d = await createDetector({ modelsDir: modelsDir({ manifest: false }) });
    expect(d.info.engine).toBe('heuristic');
    expect((await d.detect(TEXT, { mode: 'fast' })).engine).toBe('heuristic');
  });

  it("fails instead of falling back when engine 'onnx' is required", async () => {
    await expect(createDetector({ modelsDir: modelsDir({ corrupt: true }), engine: 'onnx' })).rejects.toThrow(
      /ONNX detector could not load/,
    );
  });
});

describe('heuristic engine bands', () => {
  it("uses its own 0.35 / 0.65 bands, not the ONNX model's operating points, but keeps the manifest's minimum length", async () => {
    const dir = modelsDir();
    const manifestFile = path.join(dir, 'inkprint-detector.json');
    const m = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Record<string, unknown>;
    fs.writeFileSync(
      manifestFile,
      JSON.stringify({ ...m, modes: { moderate: { models: ['full'], threshold: 0.97 } } }),
    );
    const onnx = await createDetector({ modelsDir: dir });
    expect(onnx.info.operatingThresholds.moderate).toBe(0.97);
    await onnx.close();
    const h = await createDetector({ modelsDir: dir, engine: 'heuristic' });
    expect(h.info.operatingThresholds.moderate).toBe(0.65);
    expect(h.info.humanProbability).toBe(0.35);
    expect(h.info.minWords).toBe(30);
  });
});
