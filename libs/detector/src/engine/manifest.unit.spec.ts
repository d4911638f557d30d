import { parseManifest } from './manifest';

const minimal = {
  name: 'inkprint-detector',
  version: '1',
  models: { fast: { file: 'a.onnx', feature_set: 'fast' }, full: { file: 'b.onnx', feature_set: 'full' } },
};

describe('parseManifest', () => {
  it('fills defaults: thresholds 0.35/0.65, moderate on the full model, more evidence in higher modes', () => {
    const p = parseManifest(minimal);
    expect(p.thresholds).toEqual({ human: 0.35, ai: 0.65 });
    expect(p.modes.fast.models).toEqual([{ model: 'fast', weight: 1 }]);
    expect(p.modes.moderate.models).toEqual([{ model: 'full', weight: 1 }]);
    expect(p.modes.strong.sentenceWindows.length).toBeGreaterThan(0);
    expect(p.modes.forensic.models.length).toBeGreaterThan(1);
    expect(p.featureSets.full.map((b) => b.family)).toEqual(['word', 'char', 'dense']);
  });

  it('reads thresholds, minimum words and per-mode models from the manifest', () => {
    const p = parseManifest({
      ...minimal,
      thresholds: { human: 0.3, ai: 0.7, default: 0.5 },
      min_words: 80,
      modes: { fast: { model: 'full' }, strong: { models: [{ model: 'full', weight: 2 }, 'fast'] } },
    });
    expect(p.thresholds).toEqual({ human: 0.3, ai: 0.7 });
    expect(p.operatingThreshold).toBe(0.5);
    expect(p.lengthPolicy.minWords).toBe(80);
    expect(p.modes.fast.models).toEqual([{ model: 'full', weight: 1 }]);
    expect(p.modes.strong.models).toEqual([{ model: 'full', weight: 2 }, { model: 'fast', weight: 1 }]);
  });

  it('rejects unknown models, unknown feature sets and inverted thresholds', () => {
    expect(() => parseManifest({ ...minimal, modes: { fast: { model: 'nope' } } })).toThrow(/unknown model "nope"/);
    expect(() => parseManifest({ models: { x: { file: 'x.onnx', feature_set: 'weird' } } })).toThrow(/unknown feature set/);
    expect(() => parseManifest({ ...minimal, thresholds: { human: 0.7, ai: 0.3 } })).toThrow(/thresholds/);
    expect(() => parseManifest(null)).toThrow(/JSON object/);
  });
});
