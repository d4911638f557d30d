import { auroc, evaluate, fprAt, lengthBucket, tprAtFpr, type EvalRecord } from './metrics';

const rows = (pos: number[], neg: number[]) => [
  ...pos.map((score) => ({ score, positive: true })),
  ...neg.map((score) => ({ score, positive: false })),
];

describe('metrics', () => {
  it('AUROC: perfect, inverted, ties and a hand-computed case', () => {
    expect(auroc(rows([0.9, 0.8], [0.1, 0.2]))).toBe(1);
    expect(auroc(rows([0.1], [0.9]))).toBe(0);
    expect(auroc(rows([0.5], [0.5]))).toBe(0.5);
    // pairs (pos, neg): (0.8>0.3) (0.8>0.6) (0.4>0.3) (0.4<0.6) => 3/4
    expect(auroc(rows([0.8, 0.4], [0.3, 0.6]))).toBe(0.75);
    expect(auroc(rows([0.8], []))).toBeNaN();
  });

  it('TPR at FPR picks the best threshold whose FPR stays within the budget', () => {
    const neg = Array.from({ length: 100 }, (_, i) => i / 1000); // 0 .. 0.099
    const r = rows([0.5, 0.2, 0.0975, 0.05], neg);
    // one negative (0.099) may be flagged at 1% FPR: threshold 0.099 catches 0.5 and 0.2 only
    expect(tprAtFpr(r, 0.01)).toBe(0.5);
    expect(tprAtFpr(r, 0.02)).toBe(0.75);
    expect(tprAtFpr(r, 0)).toBe(0.5);
  });

  it('FPR at a threshold counts humans at or above it', () => {
    expect(fprAt(rows([0.9], [0.1, 0.65, 0.7, 0.2]), 0.65)).toBe(0.5);
  });

  it('groups by domain, generator (against all humans), length bucket and attack', () => {
    const rec = (
      score: number,
      positive: boolean,
      generator: string,
      domain: string,
      words: number,
      attack = 'none',
    ): EvalRecord => ({
      score,
      positive,
      generator,
      domain,
      words,
      attack,
    });
    const report = evaluate(
      [
        rec(0.9, true, 'gpt', 'news', 120),
        rec(0.2, true, 'llama', 'news', 30, 'paraphrase'),
        rec(0.1, false, 'human', 'news', 120),
        rec(0.3, false, 'human', 'essay', 500),
        rec(0.8, true, 'gpt', 'essay', 500),
      ],
      0.65,
    );
    expect(report.overall).toMatchObject({ n: 5, human: 2, ai: 3 });
    expect(report.byGenerator.map((g) => [g.group, g.n, g.auroc])).toEqual([
      ['gpt', 4, 1],
      ['llama', 3, 0.5],
    ]);
    expect(report.byDomain.map((g) => g.group)).toEqual(['essay', 'news']);
    expect(report.byLength.map((g) => g.group)).toEqual(['<50w', '100-199w', '400w+']);
    expect(report.byAttack.map((g) => g.group)).toEqual(['none', 'paraphrase']);
    expect(lengthBucket(50)).toBe('50-99w');
  });
});
