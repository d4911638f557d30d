import { parseManifest } from './manifest';
import { productScore } from './product-score';

const block = (family: string, offset: number, dim: number) => ({ family, offset, dim });
/** The shape ml/inkprint_ml/card.py writes. */
const manifest = {
  name: 'inkprint-detector',
  version: '1.0.0',
  feature_version: '1',
  wordlists: 'inkprint-wordlists.json',
  min_words: 50,
  feature_sets: {
    fast: { dim: 65576, blocks: [block('word', 0, 65536), block('dense', 65536, 40)] },
    full: { dim: 131112, blocks: [block('word', 0, 65536), block('char', 65536, 65536), block('dense', 131072, 40)] },
    forensic_aggregate: { dim: 4, names: ['doc_logit', 'mean_chunk_logit', 'max_chunk_logit', 'min_chunk_logit'] },
  },
  chunking: { window_tokens: 150, stride_tokens: 75 },
  models: {
    fast: { file: 'inkprint-fast.onnx', feature_set: 'fast' },
    moderate: { file: 'inkprint-moderate.onnx', feature_set: 'full' },
    strong: { file: 'inkprint-strong.onnx', feature_set: 'full' },
    forensic: { file: 'inkprint-forensic-aggregator.onnx', feature_set: 'forensic_aggregate' },
  },
  modes: {
    fast: { models: ['fast'], threshold: 0.71 },
    moderate: { models: ['moderate'], threshold: 0.62 },
    strong: { models: ['strong'], threshold: 0.6 },
    forensic: { models: ['strong', 'forensic'], threshold: 0.55 },
  },
  verdict_bands: { note: "p >= threshold: 'likely AI'; p <= 0.2: 'likely human'; otherwise 'uncertain'." },
};

describe('parseManifest (ml/ card.py format)', () => {
  it('maps each mode to its model, the forensic aggregator and its operating threshold', () => {
    const p = parseManifest(manifest);
    expect(p.modes.fast).toMatchObject({ documentModel: 'fast', operatingThreshold: 0.71, sentenceWindows: [] });
    expect(p.modes.moderate).toMatchObject({ documentModel: 'moderate', chunkModel: 'moderate' });
    expect(p.modes.strong).toMatchObject({ documentModel: 'strong', sentenceWindows: [1], sentenceModel: 'strong' });
    expect(p.modes.forensic).toMatchObject({
      documentModel: 'strong',
      aggregator: { model: 'forensic', windowTokens: 150, strideTokens: 75 },
    });
    expect(p.models.forensic).toMatchObject({ kind: 'aggregate', dim: 4 });
    expect(p.models.strong).toMatchObject({ kind: 'features', dim: 131112 });
    expect(p.lengthPolicy.minWords).toBe(50);
    expect(p.humanProbability).toBe(0.2);
    expect(p.chunkSizeWords).toBe(150);
  });

  it('parses the forensic language-model variant without taking its stacker for the aggregator', () => {
    const knots = [
      [0, 0],
      [0.2, 0.35],
      [0.9, 0.5],
      [0.95, 0.65],
      [1, 1],
    ];
    const lm = {
      model: 'forensic_lm',
      language_model: {
        name: 'gemma-3-270m',
        dir: 'lm',
        body: 'b.onnx',
        head: 'h.onnx',
        tokenizer: 't.json',
        max_tokens: 256,
        head_block: 64,
      },
      score_knots: knots,
    };
    const withLm = {
      ...manifest,
      feature_sets: { ...manifest.feature_sets, forensic_lm: { dim: 12, names: Array.from({ length: 12 }, String) } },
      models: { ...manifest.models, forensic_lm: { file: 'lm.onnx', feature_set: 'forensic_lm' } },
      modes: { ...manifest.modes, forensic: { ...manifest.modes.forensic, lm } },
    };
    const p = parseManifest(withLm);
    expect(p.modes.forensic.aggregator?.model).toBe('forensic');
    expect(p.modes.forensic.languageModel).toEqual({
      model: 'forensic_lm',
      name: 'gemma-3-270m',
      dir: 'lm',
      body: 'b.onnx',
      head: 'h.onnx',
      tokenizer: 't.json',
      maxTokens: 256,
      headBlock: 64,
      scoreKnots: knots,
    });
    expect(p.modes.forensic.scoreKnots).toBeUndefined();
    expect(p.modes.strong.languageModel).toBeUndefined();
    const broken = (x: Record<string, unknown>) =>
      parseManifest({ ...withLm, modes: { ...withLm.modes, forensic: { ...withLm.modes.forensic, lm: x } } });
    expect(() => broken({ ...lm, model: 'strong' })).toThrow('modes.forensic.lm must name an aggregate model');
    expect(() => broken({ ...lm, language_model: { name: 'x' } })).toThrow('body, head and tokenizer');
    expect(() => broken({ ...lm, score_knots: [[0, 0]] })).toThrow('modes.forensic.lm.score_knots');
    expect(() => broken({ ...lm, gate: [0.2, 0.9] })).toThrow('gate (a cascade) is for modes without an aggregator');

    // A cascade (moderate / strong, lm_cascade.py): [logit p, 8 features], the language model only inside the gate.
    const cascade = {
      ...lm,
      model: 'moderate_lm',
      gate: [0.3, 0.99],
      language_model: { ...lm.language_model, max_tokens: 128 },
    };
    const withCascade = {
      ...withLm,
      feature_sets: { ...withLm.feature_sets, moderate_lm: { dim: 9, names: Array.from({ length: 9 }, String) } },
      models: { ...withLm.models, moderate_lm: { file: 'm.onnx', feature_set: 'moderate_lm' } },
      modes: { ...withLm.modes, moderate: { ...withLm.modes.moderate, lm: cascade } },
    };
    const c = parseManifest(withCascade);
    expect(c.modes.moderate.aggregator).toBeUndefined();
    expect(c.modes.moderate.languageModel).toMatchObject({ model: 'moderate_lm', gate: [0.3, 0.99], maxTokens: 128 });
    expect(c.modes.forensic.languageModel?.gate).toBeUndefined();
    const badCascade = (x: Record<string, unknown>) =>
      parseManifest({
        ...withCascade,
        modes: { ...withCascade.modes, moderate: { ...withCascade.modes.moderate, lm: x } },
      });
    expect(() => badCascade({ ...cascade, gate: [0.9, 0.3] })).toThrow('modes.moderate.lm gate must be [lo, hi]');
    expect(() => badCascade({ ...cascade, gate: [0.1] })).toThrow('gate must be');
    const { gate: _gate, ...noGate } = cascade;
    expect(() => badCascade(noGate)).toThrow('needs the mode to have an aggregator (or a gate: a cascade)');
    // the AI band's agreement rule (issue 38): read when present, refused when not a probability
    expect(c.modes.moderate.languageModel?.aiBandEncoderMin).toBeUndefined();
    const agreeing = parseManifest({
      ...withCascade,
      modes: {
        ...withCascade.modes,
        moderate: { ...withCascade.modes.moderate, lm: { ...cascade, ai_band_encoder_min: 0.999 } },
      },
    });
    expect(agreeing.modes.moderate.languageModel?.aiBandEncoderMin).toBe(0.999);
    expect(() => badCascade({ ...cascade, ai_band_encoder_min: 1.5 })).toThrow(
      'modes.moderate.lm.ai_band_encoder_min must be a probability',
    );
    // the agreement head's two mins (issue 38, encoder_agreement.py)
    const withHead = parseManifest({
      ...withCascade,
      modes: {
        ...withCascade.modes,
        moderate: {
          ...withCascade.modes.moderate,
          lm: { ...cascade, ai_line_agreement_min: 0.9, ai_band_agreement_min: 0.97 },
        },
      },
    });
    expect(withHead.modes.moderate.languageModel?.aiLineAgreementMin).toBe(0.9);
    expect(withHead.modes.moderate.languageModel?.aiBandAgreementMin).toBe(0.97);
    expect(() => badCascade({ ...cascade, ai_line_agreement_min: -0.1 })).toThrow(
      'modes.moderate.lm.ai_line_agreement_min must be a probability',
    );
  });

  it("reads forensic on moderate's cascade (lm_cascade --forensic-base moderate) with its own sentence windows", () => {
    const encoder = { name: 'minilm', file: 'inkprint-encoder.onnx', tokenizer: 'tok.json', max_tokens: 512 };
    const stack = { coef: [0.17, 0.36], intercept: -0.32 };
    const knots = [
      [0, 0],
      [0.2, 0.35],
      [0.84, 0.5],
      [0.88, 0.65],
      [1, 1],
    ];
    const cascade = {
      model: 'moderate_lm',
      gate: [0.57, 0.96],
      language_model: { name: 'gemma-3-270m', body: 'b.onnx', head: 'h.onnx', tokenizer: 't.json', max_tokens: 128 },
      score_knots: knots,
    };
    // what lm_cascade writes: forensic's entry takes moderate's models, encoder stack, cascade and lines
    const moderate = { models: ['moderate'], threshold: 0.94, score_knots: knots, encoder_stack: stack, lm: cascade };
    const p = parseManifest({
      ...manifest,
      encoder,
      feature_sets: { ...manifest.feature_sets, moderate_lm: { dim: 9, names: Array.from({ length: 9 }, String) } },
      models: { ...manifest.models, moderate_lm: { file: 'm.onnx', feature_set: 'moderate_lm' } },
      modes: { ...manifest.modes, moderate, forensic: { ...moderate, base: "moderate's cascade" } },
    });
    const { mode: _f, label: _fl, sentenceWindows, sentenceModel, ...forensic } = p.modes.forensic;
    const { mode: _m, label: _ml, sentenceWindows: moderateWindows, ...rest } = p.modes.moderate;
    // the same document procedure (model, encoder stack, cascade, knots): the same document probability and score
    expect(forensic).toEqual(rest);
    expect(forensic.aggregator).toBeUndefined();
    expect(forensic.languageModel).toMatchObject({ model: 'moderate_lm', gate: [0.57, 0.96], maxTokens: 128 });
    // the breakdown stays forensic's: +-1 and +-2 sentence windows (moderate has none)
    expect(sentenceWindows).toEqual([1, 2]);
    expect(sentenceModel).toBe('moderate');
    expect(moderateWindows).toEqual([]);
  });

  it('parses the fine-tuned encoder and the modes that stack it, and rejects broken stacks', () => {
    const encoder = { name: 'minilm', file: 'inkprint-encoder.onnx', tokenizer: 'tok.json', max_tokens: 256 };
    const stack = { coef: [0.2, 0.35], intercept: -0.4 };
    const p = parseManifest({
      ...manifest,
      encoder,
      modes: { ...manifest.modes, moderate: { ...manifest.modes.moderate, encoder_stack: stack } },
    });
    expect(p.encoder).toEqual({ name: 'minilm', file: 'inkprint-encoder.onnx', tokenizer: 'tok.json', maxTokens: 256 });
    expect(p.modes.moderate.encoderStack).toEqual({ coef: [0.2, 0.35], intercept: -0.4 });
    expect(p.modes.strong.encoderStack).toBeUndefined();
    expect(parseManifest(manifest).encoder).toBeUndefined();
    const withStack = (mode: 'moderate' | 'forensic', st: unknown, enc: unknown = encoder) =>
      parseManifest({
        ...manifest,
        ...(enc ? { encoder: enc } : {}),
        modes: { ...manifest.modes, [mode]: { ...manifest.modes[mode], encoder_stack: st } },
      });
    expect(() => withStack('moderate', stack, null)).toThrow('needs the manifest to name an encoder');
    expect(() => withStack('moderate', { coef: [1], intercept: 0 })).toThrow('needs coef [a, b] and intercept');
    expect(() => withStack('forensic', stack)).toThrow('is for modes without an aggregator');
    expect(() => parseManifest({ ...manifest, encoder: { file: 'x.onnx' } })).toThrow(
      'encoder needs file and tokenizer',
    );
  });

  it('defaults a manifest without modes to fast/full models and identity bands', () => {
    const p = parseManifest({
      models: { fast: { file: 'a', feature_set: 'fast' }, full: { file: 'b', feature_set: 'full' } },
    });
    expect(p.modes.fast.documentModel).toBe('fast');
    expect(p.modes.forensic.documentModel).toBe('full');
    expect(p.modes.forensic.aggregator).toBeUndefined();
    expect(p.modes.moderate.operatingThreshold).toBe(0.65);
    expect(p.humanProbability).toBe(0.35);
  });

  it('rejects unknown models, unknown feature sets, bad offsets and non-objects', () => {
    expect(() => parseManifest({ ...manifest, modes: { fast: { models: ['nope'] } } })).toThrow(/unknown model "nope"/);
    expect(() => parseManifest({ models: { x: { file: 'x.onnx', feature_set: 'weird' } } })).toThrow(
      /unknown feature set "weird"/,
    );
    expect(() =>
      parseManifest({
        ...manifest,
        feature_sets: { fast: { dim: 65576, blocks: [block('word', 0, 65536), block('dense', 7, 40)] } },
      }),
    ).toThrow(/offset 7, expected 65536/);
    expect(() => parseManifest({ ...manifest, modes: { forensic: { models: ['forensic'] } } })).toThrow(
      /no model reading text features/,
    );
    expect(() => parseManifest(null)).toThrow(/JSON object/);
  });
});

describe('productScore', () => {
  it('puts the likely-human probability on 0.35 and the operating threshold on 0.65, monotonically', () => {
    expect(productScore(0.2, 0.2, 0.8)).toBeCloseTo(0.35, 12);
    expect(productScore(0.8, 0.2, 0.8)).toBeCloseTo(0.65, 12);
    expect(productScore(0, 0.2, 0.8)).toBe(0);
    expect(productScore(1, 0.2, 0.8)).toBe(1);
    expect(productScore(0.5, 0.2, 0.8)).toBeCloseTo(0.5, 12);
    const xs = Array.from({ length: 101 }, (_, i) => productScore(i / 100, 0.2, 0.8));
    for (let i = 1; i < xs.length; i++) expect(xs[i]).toBeGreaterThan(xs[i - 1]);
  });

  it('is the identity when the bands are 0.35 / 0.65', () => {
    for (const p of [0, 0.1, 0.35, 0.5, 0.65, 0.9, 1]) expect(productScore(p, 0.35, 0.65)).toBeCloseTo(p, 12);
  });

  it('follows the manifest knots when given (0.5 and 0.65 lines chosen on unseen families)', () => {
    const knots: [number, number][] = [
      [0, 0],
      [0.2, 0.35],
      [0.97, 0.5],
      [0.995, 0.65],
      [1, 1],
    ];
    expect(productScore(0.2, 0.2, 0.9, undefined, knots)).toBeCloseTo(0.35, 12);
    expect(productScore(0.97, 0.2, 0.9, undefined, knots)).toBeCloseTo(0.5, 12);
    expect(productScore(0.995, 0.2, 0.9, undefined, knots)).toBeCloseTo(0.65, 12);
    expect(productScore(0.9, 0.2, 0.9, undefined, knots)).toBeLessThan(0.5);
    expect(productScore(1, 0.2, 0.9, undefined, knots)).toBe(1);
    const xs = Array.from({ length: 1001 }, (_, i) => productScore(i / 1000, 0.2, 0.9, undefined, knots));
    for (let i = 1; i < xs.length; i++) expect(xs[i]).toBeGreaterThanOrEqual(xs[i - 1]);
  });

  it('parses score_knots and rejects broken ones', () => {
    const m = {
      models: { moderate: { file: 'm.onnx', feature_set: 'full' } },
      modes: {
        moderate: {
          models: ['moderate'],
          threshold: 0.9,
          score_knots: [
            [0, 0],
            [0.2, 0.35],
            [0.95, 0.5],
            [0.99, 0.65],
            [1, 1],
          ],
        },
      },
      short_text_max_score: 0.45,
    };
    const p = parseManifest(m);
    expect(p.modes.moderate.scoreKnots?.[2]).toEqual([0.95, 0.5]);
    expect(p.modes.fast.scoreKnots).toBeUndefined();
    expect(p.lengthPolicy.shortTextMaxScore).toBe(0.45);
    const bad = (k: unknown): unknown => ({ ...m, modes: { moderate: { ...m.modes.moderate, score_knots: k } } });
    expect(() =>
      parseManifest(
        bad([
          [0, 0],
          [0.5, 0.6],
          [0.4, 0.7],
          [1, 1],
        ]),
      ),
    ).toThrow(/non-decreasing/);
    expect(() =>
      parseManifest(
        bad([
          [0.1, 0],
          [1, 1],
        ]),
      ),
    ).toThrow(/start at p = 0/);
    expect(() => parseManifest(bad('x'))).toThrow(/score_knots/);
  });
});

describe('sentence_evidence (issue 42, ml/inkprint_ml/sentence_evidence.py)', () => {
  const withEncoder = {
    ...manifest,
    encoder: { file: 'inkprint-encoder.onnx', tokenizer: 'inkprint-encoder-tokenizer.json' },
  };
  const evidence = {
    ngram_model: 'moderate',
    inputs: ['ngram:1', 'encoder:1', 'ngram:1-mean'],
    coef: [0.9, 0.3, 1.0],
    intercept: -1.2,
    switch_penalty: 2,
    min_segment_words: 25,
    document_min_score: 0.55,
    modes: ['forensic'],
  };

  it('reads the stack into the plan of the modes it names, and only those', () => {
    const p = parseManifest({ ...withEncoder, sentence_evidence: evidence });
    expect(p.modes.forensic.sentenceEvidence).toEqual({
      ngramModel: 'moderate',
      inputs: [
        { source: 'ngram', window: 1, relative: false },
        { source: 'encoder', window: 1, relative: false },
        { source: 'ngram', window: 1, relative: true },
      ],
      coef: [0.9, 0.3, 1.0],
      intercept: -1.2,
      switchPenalty: 2,
      minSegmentWords: 25,
      documentMinScore: 0.55,
    });
    expect(p.modes.moderate.sentenceEvidence).toBeUndefined();
    expect(parseManifest(manifest).modes.forensic.sentenceEvidence).toBeUndefined();
  });

  it('reads a list of blocks, each into the modes it names, and refuses a mode named twice', () => {
    const cheap = { ...evidence, inputs: ['ngram:1', 'ngram:2'], coef: [1, -0.5], modes: ['moderate'] };
    const p = parseManifest({ ...withEncoder, sentence_evidence: [cheap, evidence] });
    expect(p.modes.moderate.sentenceEvidence?.inputs.map((i) => i.source)).toEqual(['ngram', 'ngram']);
    expect(p.modes.forensic.sentenceEvidence?.inputs.map((i) => i.source)).toEqual(['ngram', 'encoder', 'ngram']);
    expect(p.modes.strong.sentenceEvidence).toBeUndefined();
    expect(() =>
      parseManifest({ ...withEncoder, sentence_evidence: [evidence, { ...cheap, modes: ['forensic'] }] }),
    ).toThrow(/forensic.*twice/);
  });

  it('refuses a block the engine cannot run', () => {
    const bad =
      (over: object, m: object = withEncoder) =>
      () =>
        parseManifest({ ...m, sentence_evidence: { ...evidence, ...over } });
    expect(bad({ inputs: ['lm:1'], coef: [1] })).toThrow(/not ngram:k or encoder:k/);
    expect(bad({ coef: [1] })).toThrow(/one coef per input/);
    expect(bad({ ngram_model: 'forensic' })).toThrow(/features model/);
    expect(bad({ modes: ['slow'] })).toThrow(/detection modes/);
    expect(bad({}, manifest)).toThrow(/encoder/);
  });
});
