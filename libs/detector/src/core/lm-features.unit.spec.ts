import { documentFeatures, LM_FEATURE_NAMES, pairwiseSum } from './lm-features';

const fill = (n: number, v: number): number[] => Array.from({ length: n }, () => v);

describe('LM document features (lm_features.py document_features)', () => {
  it('names 8 features and gives zeros for no scored token', () => {
    expect(LM_FEATURE_NAMES).toHaveLength(8);
    expect(documentFeatures([], [], [], [])).toEqual(fill(8, 0));
  });

  it('computes means, log-rank, discrepancy, ratio and log length (one block when short)', () => {
    const f = documentFeatures([-1, -3], [2, 2], [1, 3], [0, 3]);
    // mean log p -2, mean H 2, mean log1p(rank) = ln 4 / 2, sum(log p + H) = 0, ratio 2 / 2, one block: spreads 0.
    expect(f).toEqual([-2, 2, Math.log(2), 0, 1, 0, 0, Math.log(2)]);
  });

  it('drops a final block shorter than 16 tokens', () => {
    const f = documentFeatures([...fill(32, -1), ...fill(8, -2)], fill(40, 1.5), fill(40, 0.5), fill(40, 1));
    expect(f[0]).toBeCloseTo(-1.2, 15);
    expect(f[1]).toBe(1.5);
    expect(f[2]).toBeCloseTo(Math.log(2), 15);
    expect(f[3]).toBeCloseTo(12 / Math.sqrt(20) / Math.sqrt(40), 15); // sum(lp + H) = 60 - 48, sum var = 20
    expect(f[4]).toBeCloseTo(0.8, 15);
    expect(f[5]).toBe(0); // one block left
    expect(f[6]).toBe(0);
    expect(f[7]).toBeCloseTo(Math.log(40), 15);
  });

  it('spreads over 32-token blocks (population sd), keeping a final block of 16', () => {
    const f = documentFeatures([...fill(32, -1), ...fill(16, -3)], fill(48, 1), fill(48, 2), fill(48, 0));
    expect(f[0]).toBeCloseTo(-80 / 48, 15);
    expect(f[2]).toBe(0);
    expect(f[3]).toBeCloseTo(-32 / Math.sqrt(96) / Math.sqrt(48), 15);
    expect(f[4]).toBeCloseTo(80 / 48, 15);
    expect(f[5]).toBeCloseTo(1, 15); // block means -1 and -3
    // block discrepancies 0 and -32 / sqrt(32) / sqrt(16) = -sqrt(2): sd sqrt(2) / 2
    expect(f[6]).toBeCloseTo(Math.SQRT2 / 2, 15);
  });

  it('guards the ratio and the discrepancy against zero entropy and variance', () => {
    const f = documentFeatures([-2, -2], [0, 0], [0, 0], [1, 1]);
    expect(f[3]).toBe(-4 / Math.sqrt(1e-12) / Math.SQRT2);
    expect(f[4]).toBe(2 / 1e-6);
  });

  it('sums pairwise like numpy (8 accumulators, halves above 128)', () => {
    expect(pairwiseSum([1, 2, 3])).toBe(6);
    const xs = Array.from({ length: 300 }, (_, i) => Math.sin(i) * 10 ** (i % 7));
    let plain = 0;
    for (const x of xs) plain += x;
    expect(Math.abs(pairwiseSum(xs) - plain)).toBeLessThan(1e-6 * Math.abs(plain) + 1e-6);
    // [1e16, 1, 1, ... ] in one 8-wide block: the small values meet before they meet 1e16.
    const ys = [1e16, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1];
    expect(pairwiseSum(ys)).toBe(1e16 + 16 - 2); // r0 = 1e16 + 1 (rounds to 1e16), r1..r7 = 2 each
  });
});
