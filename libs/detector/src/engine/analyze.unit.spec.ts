import * as fs from 'node:fs';
import * as path from 'node:path';
import { TextFeatures } from '../core/features';
import { parseWordLists } from '../core/word-lists';
import {
  aiBandNeedsAgreement,
  aiLineNeedsAgreement,
  analyze,
  chunkTexts,
  encoderStack,
  logit,
  modeProbability,
  type ModeEvidence,
  type ProbabilityScorer,
} from './analyze';
import { parseManifest } from './manifest';

const wl = parseWordLists(
  JSON.parse(fs.readFileSync(path.resolve(__dirname, '../../../../models/inkprint-wordlists.json'), 'utf8')),
);
const plan = parseManifest({
  feature_sets: { agg: { dim: 4, names: ['a', 'b', 'c', 'd'] } },
  models: {
    fast: { file: 'f', feature_set: 'fast' },
    full: { file: 'g', feature_set: 'full' },
    agg: { file: 'h', feature_set: 'agg' },
  },
  modes: {
    fast: { models: ['fast'] },
    moderate: { models: ['full'] },
    strong: { models: ['full'] },
    forensic: { models: ['full', 'agg'] },
  },
});

/** A scorer whose probability is the share of the word "robot" among tokens, times 5 (deterministic, inspectable). */
class RobotScorer implements ProbabilityScorer {
  readonly engine = 'fake';
  readonly reliability = 1;
  calls: { model: string; n: number }[] = [];
  vectors: number[][] = [];
  async scoreVectors(model: string, rows: readonly (readonly number[])[]): Promise<Float64Array> {
    this.calls.push({ model, n: rows.length });
    this.vectors.push(...rows.map((r) => [...r]));
    // The aggregator's answer: sigmoid of the max chunk logit.
    return Float64Array.from(rows.map((r) => 1 / (1 + Math.exp(-r[2]))));
  }
  async score(model: string, items: readonly TextFeatures[]): Promise<Float64Array> {
    this.calls.push({ model, n: items.length });
    return Float64Array.from(
      items.map((f) =>
        Math.min(0.99, Math.max(0.01, (5 * f.toks.filter((t) => t === 'robot').length) / Math.max(1, f.words))),
      ),
    );
  }
}

const human = 'The old man walked his dog along the river every morning before work, rain or shine, without fail. ';
const robot = 'Robot robot says robot things in a robot voice to every robot nearby today. ';
const ctx = (scorer: ProbabilityScorer, mode: 'fast' | 'moderate' | 'strong' | 'forensic') => ({
  scorer,
  wordLists: wl,
  plan: plan.modes[mode],
  thresholds: plan.thresholds,
  humanProbability: plan.humanProbability,
  lengthPolicy: { minWords: 10, reliableWords: 100 },
  chunkSizeWords: 60,
});

describe('analyze', () => {
  it('scores chunks separately and reports Mixed when halves disagree', async () => {
    const scorer = new RobotScorer();
    const text = human.repeat(4) + robot.repeat(5);
    const r = await analyze(text, 'moderate', ctx(scorer, 'moderate'));
    expect(r.chunks.length).toBeGreaterThanOrEqual(2);
    expect(r.chunks[0].label).toBe('Human');
    expect(r.chunks[r.chunks.length - 1].label).toBe('AI');
    expect(r.verdict).toBe('Mixed');
    expect(r.engine).toBe('fake');
    expect(scorer.calls.map((c) => c.model)).toEqual(['full', 'full']);
    // Sentences inherit their chunk's score in moderate mode.
    expect(r.sentences[0].aiProbability).toBe(r.chunks[0].aiProbability);
  });

  it('uses more evidence in higher modes: sentence windows in strong, an ensemble in forensic', async () => {
    const text = human.repeat(4) + robot.repeat(5);
    const fast = new RobotScorer();
    await analyze(text, 'fast', ctx(fast, 'fast'));
    const strong = new RobotScorer();
    const rs = await analyze(text, 'strong', ctx(strong, 'strong'));
    const forensic = new RobotScorer();
    await analyze(text, 'forensic', ctx(forensic, 'forensic'));
    const rows = (s: RobotScorer) => s.calls.reduce((a, c) => a + c.n, 0);
    expect(rows(fast)).toBeLessThan(rows(strong));
    expect(rows(strong)).toBeLessThan(rows(forensic));
    expect(new Set(forensic.calls.map((c) => c.model))).toEqual(new Set(['full', 'agg']));
    // Window scores differ per sentence: the first (human) and last (robot) sentences are far apart.
    expect(rs.sentences[0].aiProbability).toBeLessThan(rs.sentences[rs.sentences.length - 1].aiProbability);
  });

  it('reports neutralised characters and short text', async () => {
    const r = await analyze('Robot r\u043ebot\u200b says hi.', 'fast', ctx(new RobotScorer(), 'fast'));
    expect(r.words).toBe(4);
    expect(r.warning?.codes).toEqual(['TEXT_NORMALISED', 'TEXT_TOO_SHORT']);
    expect(r.warning?.message).toMatch(
      /^Removed 1 zero-width or invisible character and replaced 1 look-alike letter before scoring\./,
    );
    expect(r.verdict).toBe('Mixed');
  });

  it('does not call the model for empty text', async () => {
    const scorer = new RobotScorer();
    const r = await analyze(' \u200b ', 'moderate', ctx(scorer, 'moderate'));
    expect(r.words).toBe(0);
    expect(r.score).toBe(0.5);
    expect(scorer.calls).toEqual([]);
  });
});

describe('forensic procedure (manifest chunking + aggregator)', () => {
  it('chunkTexts: one chunk up to 150 tokens, else 150-token windows every 75 tokens with the last aligned to the end', () => {
    const words = (n: number) => Array.from({ length: n }, (_, i) => `w${i}`).join(' ');
    expect(chunkTexts(words(150))).toEqual([words(150)]);
    const c = chunkTexts(words(400));
    expect(c.map((x) => x.split(' ')[0])).toEqual(['w0', 'w75', 'w150', 'w225', 'w250']);
    expect(c.every((x) => x.split(' ').length === 150)).toBe(true);
    expect(chunkTexts(words(225)).map((x) => x.split(' ')[0])).toEqual(['w0', 'w75']);
    expect(chunkTexts('a b\n\nc', 2, 1)).toEqual(['a b', 'b\n\nc']);
  });

  it('feeds [doc logit, mean, max, min of chunk logits] to the aggregator', async () => {
    const scorer = new RobotScorer();
    const text = Array.from({ length: 40 }, () => human).join('') + robot.repeat(20);
    const doc = new TextFeatures(text.trim(), wl);
    const p = await modeProbability(doc, plan.modes.forensic, scorer, wl);
    expect(scorer.calls[0].model).toBe('full');
    const [z0, mean, max, min] = scorer.vectors[0];
    expect(max).toBeGreaterThan(mean);
    expect(mean).toBeGreaterThan(min);
    expect(z0).toBeCloseTo(logit((await scorer.score('full', [doc]))[0]), 12);
    expect(p).toBeCloseTo(1 / (1 + Math.exp(-max)), 12);
  });
});

/** A language-model plan whose files are never opened (the runner is faked). */
const FAKE_LM_PLAN = {
  model: 'cascade_lm',
  name: 'fake-lm',
  dir: 'lm',
  body: 'b',
  head: 'h',
  tokenizer: 't',
  maxTokens: 128,
  headBlock: 64,
};

describe('the language-model cascade (moderate / strong, lm_cascade.py)', () => {
  const lmPlan = {
    ...FAKE_LM_PLAN,
    scoreKnots: [
      [0, 0],
      [1, 1],
    ] as [number, number][],
  };
  class FakeLm {
    calls: { norm: string; maxTokens?: number }[] = [];
    async features(norm: string, maxTokens?: number): Promise<number[]> {
      this.calls.push({ norm, maxTokens });
      return [1, 2, 3, 4, 5, 6, 7, 8];
    }
  }

  it('runs the language model only when the n-gram probability lies in the gate, and stacks [logit p, features]', async () => {
    const text = Array.from({ length: 20 }, () => human).join('') + robot.repeat(5);
    const doc = new TextFeatures(text.trim(), wl);
    const p = (await new RobotScorer().score('full', [doc]))[0];
    expect(p).toBeGreaterThan(0.05);
    expect(p).toBeLessThan(0.95);

    // outside the gate: p itself, no language model
    let scorer = new RobotScorer();
    let lm = new FakeLm();
    const outside = { ...plan.modes.moderate, languageModel: { ...lmPlan, gate: [0.96, 1] as [number, number] } };
    expect(await modeProbability(doc, outside, scorer, wl, lm)).toBe(p);
    expect(lm.calls).toEqual([]);
    expect(scorer.calls.map((c) => c.model)).toEqual(['full']);

    // inside: the stacker reads [logit p, the 8 features of the first maxTokens tokens]
    scorer = new RobotScorer();
    lm = new FakeLm();
    const inside = { ...plan.modes.moderate, languageModel: { ...lmPlan, gate: [0, 0.95] as [number, number] } };
    const q = await modeProbability(doc, inside, scorer, wl, lm);
    expect(lm.calls).toEqual([{ norm: doc.norm, maxTokens: 128 }]);
    expect(scorer.calls.map((c) => c.model)).toEqual(['full', 'cascade_lm']);
    expect(scorer.vectors[0][0]).toBeCloseTo(logit(p), 12);
    expect(scorer.vectors[0].slice(1)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(q).toBeCloseTo(1 / (1 + Math.exp(-2)), 12); // RobotScorer's stacker answer: sigmoid of column 2

    // inside the gate without the language model loaded: an error (the detector drops the plan instead)
    await expect(modeProbability(doc, inside, new RobotScorer(), wl)).rejects.toThrow('needs the language model');
  });
});

describe('the fine-tuned encoder stacked with the n-gram probability (moderate / strong, encoder_eval.py)', () => {
  class FakeEncoder {
    calls: string[] = [];
    constructor(private readonly p: number) {}
    async probability(norm: string): Promise<number> {
      this.calls.push(norm);
      return this.p;
    }
  }
  const stack = { coef: [0.5, 1.5] as [number, number], intercept: -0.25 };
  const lmPlan = { ...FAKE_LM_PLAN, scoreKnots: [] as [number, number][] };

  it('is sigmoid(c0 z(p) + c1 z(pe) + b) with z the logit clipped to [-8, 8]', () => {
    expect(encoderStack(0.7, 0.9, stack)).toBeCloseTo(
      1 / (1 + Math.exp(-(0.5 * logit(0.7) + 1.5 * logit(0.9) - 0.25))),
      12,
    );
    // clipping: a certain encoder counts as logit 8, not 16
    expect(encoderStack(0.5, 1, stack)).toBeCloseTo(1 / (1 + Math.exp(-(1.5 * 8 - 0.25))), 12);
    expect(encoderStack(0.5, 0, stack)).toBeCloseTo(1 / (1 + Math.exp(-(1.5 * -8 - 0.25))), 12);
  });

  it('feeds the stacked probability to the cascade gate, and needs the encoder when the plan stacks it', async () => {
    const text = Array.from({ length: 20 }, () => human).join('') + robot.repeat(5);
    const doc = new TextFeatures(text.trim(), wl);
    const p = (await new RobotScorer().score('full', [doc]))[0];
    const enc = new FakeEncoder(0.95);
    const stacked = { ...plan.modes.moderate, encoderStack: stack };
    expect(await modeProbability(doc, stacked, new RobotScorer(), wl, undefined, enc)).toBeCloseTo(
      encoderStack(p, 0.95, stack),
      12,
    );
    expect(enc.calls).toEqual([doc.norm]);
    await expect(modeProbability(doc, stacked, new RobotScorer(), wl)).rejects.toThrow('needs the fine-tuned encoder');
    // a plan without the stack never asks the encoder
    const plain = new FakeEncoder(0.95);
    expect(await modeProbability(doc, plan.modes.moderate, new RobotScorer(), wl, undefined, plain)).toBe(p);
    expect(plain.calls).toEqual([]);
  });

  it("reports the encoder's own probability, which the AI band's agreement rule reads (issue 38)", async () => {
    const text = Array.from({ length: 20 }, () => human).join('') + robot.repeat(5);
    const doc = new TextFeatures(text.trim(), wl);
    const stacked = { ...plan.modes.moderate, encoderStack: stack };
    const evidence: ModeEvidence = {};
    await modeProbability(doc, stacked, new RobotScorer(), wl, undefined, new FakeEncoder(0.95), evidence);
    expect(evidence.encoder).toBe(0.95);
    const agreeing = { ...stacked, languageModel: { ...lmPlan, aiBandEncoderMin: 0.999 } };
    // the encoder at 0.95 does not agree strongly enough: the score is held back
    expect(aiBandNeedsAgreement(agreeing, { encoder: 0.95 })).toBe(true);
    expect(aiBandNeedsAgreement(agreeing, { encoder: 0.9995 })).toBe(false);
    // no rule in the manifest, or no encoder read: nothing held back
    expect(aiBandNeedsAgreement({ ...stacked, languageModel: lmPlan }, { encoder: 0.5 })).toBe(false);
    expect(aiBandNeedsAgreement(agreeing, {})).toBe(false);
  });

  it("reads the encoder's agreement head only where the plan asks it to agree, and holds the score at either line", async () => {
    const doc = new TextFeatures((Array.from({ length: 20 }, () => human).join('') + robot.repeat(5)).trim(), wl);
    class AgreeingEncoder extends FakeEncoder {
      constructor(
        p: number,
        private readonly a: number | undefined,
      ) {
        super(p);
      }
      async agreement(): Promise<number | undefined> {
        return this.a;
      }
    }
    // a gate the probability never lies in: the language model never runs, the stacked probability is the answer
    const gated = { ...lmPlan, gate: [2, 2] as [number, number] };
    const stacked = { ...plan.modes.moderate, encoderStack: stack };
    const asking = { ...stacked, languageModel: { ...gated, aiLineAgreementMin: 0.9, aiBandAgreementMin: 0.97 } };
    // not asked: the head is not read
    const quiet: ModeEvidence = {};
    await modeProbability(
      doc,
      { ...stacked, languageModel: gated },
      new RobotScorer(),
      wl,
      undefined,
      new AgreeingEncoder(0.95, 0.5),
      quiet,
    );
    expect(quiet.agreement).toBeUndefined();
    // asked: read from the same encoder
    const read: ModeEvidence = {};
    await modeProbability(doc, asking, new RobotScorer(), wl, undefined, new AgreeingEncoder(0.95, 0.93), read);
    expect(read).toEqual({ encoder: 0.95, agreement: 0.93 });
    // 0.93: over the line's 0.9, under the band's 0.97
    expect(aiLineNeedsAgreement(asking, read)).toBe(false);
    expect(aiBandNeedsAgreement(asking, read)).toBe(true);
    expect(aiLineNeedsAgreement(asking, { agreement: 0.5 })).toBe(true);
    expect(aiBandNeedsAgreement(asking, { agreement: 0.98, encoder: 0.98 })).toBe(false);
    // asked, but the graph has no head: refused, not silently skipped
    await expect(
      modeProbability(doc, asking, new RobotScorer(), wl, undefined, new AgreeingEncoder(0.95, undefined)),
    ).rejects.toThrow("needs the encoder's agreement head");
  });
});
