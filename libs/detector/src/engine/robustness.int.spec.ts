// Light attacks (homoglyphs, zero-width characters, whitespace tricks) must not move the real model's score.
// Skipped while models/inkprint-detector.json does not exist.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { DETECTION_MODES } from '../core/result';
import { createDetector, MANIFEST_FILE, type Detector } from './detector';

const modelsDir = path.resolve(__dirname, '../../../../models');
const ready = fs.existsSync(path.join(modelsDir, MANIFEST_FILE));

const AI =
  "In today's rapidly evolving digital landscape, organizations must navigate a complex interplay of technological innovation " +
  'and human needs. Furthermore, it is crucial to foster a culture of continuous learning. Additionally, leaders should ' +
  'leverage data-driven insights to enhance decision-making. Ultimately, embracing these strategies will empower teams to ' +
  'thrive in a dynamic environment. Moreover, a comprehensive approach ensures that every stakeholder feels valued.';

const attacks: Record<string, (t: string) => string> = {
  homoglyphs: (t) => t.replace(/a/g, '\u0430').replace(/e/g, '\u0435').replace(/o/g, '\u043e').replace(/p/g, '\u0440'),
  zeroWidth: (t) => (t.match(/.{1,3}/gs) ?? []).join('\u200b'),
  whitespace: (t) => t.replace(/ /g, '\u00a0 \t').replace(/\. /g, '.\r\n\n\n'),
  softHyphenFullwidth: (t) => t.replace(/e/g, 'e\u00ad').replace(/I/g, '\uff29'),
};

(ready ? describe : describe.skip)('robustness of the ONNX engine to light attacks', () => {
  let d: Detector;
  beforeAll(async () => {
    d = await createDetector({ modelsDir, engine: 'onnx' });
    // load every mode's models (the encoder, the language model on its first use) here, not inside the first case
    for (const mode of DETECTION_MODES) await d.probability(AI, { mode });
  }, 120_000);
  afterAll(async () => {
    await d?.close();
  });

  it.each(Object.keys(attacks))('%s: same probability in every mode, and the trick is reported', async (name) => {
    const attacked = attacks[name](AI);
    expect(attacked).not.toBe(AI);
    for (const mode of DETECTION_MODES) {
      const clean = await d.probability(AI, { mode });
      const dirty = await d.probability(attacked, { mode });
      // whitespace tricks change line structure (paragraph features), the others normalise to the identical text
      expect(Math.abs(dirty.probability - clean.probability)).toBeLessThan(name === 'whitespace' ? 0.05 : 1e-9);
    }
    const r = await d.detect(attacked);
    expect(r.warning?.codes).toContain('TEXT_NORMALISED');
  });
});
