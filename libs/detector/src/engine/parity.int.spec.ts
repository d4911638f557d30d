// Per-mode probabilities of the real ONNX models against ml/fixtures/parity.jsonl (tolerance 1e-4).
// Skipped (not passed) while the fixtures or the manifest do not exist.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { DETECTION_MODES, MIXED_BAND_TOP } from '../core/result';
import { createDetector, MANIFEST_FILE, type Detector } from './detector';
import { loadParityFixtures } from '../testing/parity';

const modelsDir = path.resolve(__dirname, '../../../../models');
const fixtures = loadParityFixtures().filter((f) => f.probability);
const ready = fixtures.length > 0 && fs.existsSync(path.join(modelsDir, MANIFEST_FILE));

(ready ? describe : describe.skip)('parity with ml/fixtures/parity.jsonl (model probabilities)', () => {
  let detector: Detector;
  beforeAll(async () => {
    // These fixtures are the n-gram procedure; forensic with the language model has its own (lm-parity.int.spec.ts).
    detector = await createDetector({ modelsDir, engine: 'onnx', languageModel: 'off' });
  });
  afterAll(async () => {
    await detector?.close();
  });

  const cases = fixtures.flatMap((f) => DETECTION_MODES.map((mode) => [f.name, mode, f] as const));
  it.each(cases)('%s / %s', async (_name, mode, f) => {
    const { probability } = await detector.probability(f.text, { mode });
    expect(Math.abs(probability - (f.probability as Record<string, number>)[mode])).toBeLessThanOrEqual(1e-4);
  });

  // With the encoder turned off, moderate, strong and forensic are their n-gram model alone (the fixtures'
  // ngram_probability; forensic's since it reads moderate's cascade).
  const ngram = fixtures.flatMap((f) =>
    (['moderate', 'strong', 'forensic'] as const).flatMap((mode) =>
      f.ngram_probability?.[mode] !== undefined ? [[f.name, mode, f.ngram_probability[mode]] as const] : [],
    ),
  );
  it.each(ngram)('%s / %s without the encoder', async (_name, mode, want) => {
    const { probability } = await detector.probability(fixtures.find((f) => f.name === _name)!.text, {
      mode,
      encoder: 'off',
    });
    expect(Math.abs(probability - want)).toBeLessThanOrEqual(1e-4);
  });

  // The product score (manifest score_knots + the short-text rule) of the full result matches engine.py final_score.
  // The partly-AI rule (issue 42: AI parts under 80% of the words, the rest reading human) reads each sentence's own
  // evidence, which engine.py does not compute: where it holds, the score is engine.py's held at the Mixed band's top.
  const scored = cases.filter(([, , f]) => f.score);
  (scored.length > 0 ? it.each(scored) : it.skip.each([['-', 'moderate', fixtures[0]] as const]))(
    'score %s / %s',
    async (_name, mode, f) => {
      const r = await detector.detect(f.text, { mode });
      const python = (f.score as Record<string, number>)[mode];
      const partlyAi = r.rationale.includes('reads only part of the text as AI-written');
      if (partlyAi) expect(r.aiWordShare).toBeLessThan(0.8);
      expect(Math.abs(r.score - (partlyAi ? Math.min(python, MIXED_BAND_TOP) : python))).toBeLessThanOrEqual(1e-3);
      if (f.n_words > 0 && f.n_words < detector.info.minWords) expect(r.score).toBeLessThan(0.5);
    },
  );
});
