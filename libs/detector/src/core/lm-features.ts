// Language-model evidence: the 8 document features built from Gemma 3 270M's per-token statistics (log p of the
// token, entropy, variance of log p, rank). The same float64 arithmetic as ml/inkprint_ml/lm_features.py
// document_features, in the same order (parity: ml/fixtures/lm-parity.jsonl); sums use numpy's pairwise summation.

export const LM_FEATURE_NAMES = [
  'lm_logp_mean', // mean log p(token): how predictable the text is
  'lm_entropy_mean', // mean entropy of the next-token distribution
  'lm_logrank_mean', // mean log(1 + rank of the token)
  'lm_discrepancy', // Fast-DetectGPT analytic discrepancy per token: sum(log p + H) / sqrt(sum var) / sqrt(n)
  'lm_ratio', // mean(-log p) / mean(H) (a one-model Binoculars-style ratio)
  'lm_logp_block_sd', // spread of the mean log p across 32-token blocks
  'lm_discrepancy_block_sd', // spread of the per-block discrepancy
  'lm_log_tokens', // log of the number of scored tokens
] as const;

export type LmFeatureName = (typeof LM_FEATURE_NAMES)[number];

/** Tokens per block for the spread features; blocks shorter than half of this are dropped (all short: one block). */
export const LM_BLOCK = 32;

type Values = ArrayLike<number>;

/** numpy's pairwise sum of a contiguous float64 range (`np.add.reduce`, 8 accumulators, blocks of 128). */
export function pairwiseSum(a: Values, start = 0, end = a.length): number {
  const n = end - start;
  if (n < 8) {
    let res = 0;
    for (let i = start; i < end; i++) res += a[i];
    return res;
  }
  if (n <= 128) {
    const r = [
      a[start],
      a[start + 1],
      a[start + 2],
      a[start + 3],
      a[start + 4],
      a[start + 5],
      a[start + 6],
      a[start + 7],
    ];
    let i = start + 8;
    for (; i < end - (n % 8); i += 8) {
      r[0] += a[i];
      r[1] += a[i + 1];
      r[2] += a[i + 2];
      r[3] += a[i + 3];
      r[4] += a[i + 4];
      r[5] += a[i + 5];
      r[6] += a[i + 6];
      r[7] += a[i + 7];
    }
    let res = r[0] + r[1] + (r[2] + r[3]) + (r[4] + r[5] + (r[6] + r[7]));
    for (; i < end; i++) res += a[i];
    return res;
  }
  let n2 = Math.floor(n / 2);
  n2 -= n2 % 8;
  return pairwiseSum(a, start, start + n2) + pairwiseSum(a, start + n2, end);
}

function blockDiscrepancy(lpPlusH: Values, variance: Values, start: number, end: number): number {
  const s = pairwiseSum(variance, start, end);
  return pairwiseSum(lpPlusH, start, end) / Math.sqrt(Math.max(s, 1e-12)) / Math.sqrt(end - start);
}

/** Population standard deviation as numpy writes it: sqrt(mean((x - mean(x))²)). */
function populationSd(x: Values): number {
  const mean = pairwiseSum(x) / x.length;
  const sq = new Float64Array(x.length);
  for (let i = 0; i < x.length; i++) {
    const d = x[i] - mean;
    sq[i] = d * d;
  }
  return Math.sqrt(pairwiseSum(sq) / x.length);
}

/** The 8 features of LM_FEATURE_NAMES from the per-token statistics (float32 in, float64 arithmetic). */
export function documentFeatures(logp: Values, entropy: Values, variance: Values, rank: Values): number[] {
  const n = logp.length;
  if (entropy.length !== n || variance.length !== n || rank.length !== n)
    throw new Error('documentFeatures: the four statistics differ in length');
  if (n === 0) return LM_FEATURE_NAMES.map(() => 0);
  const lp = Float64Array.from(logp);
  const lpPlusH = new Float64Array(n);
  const logRank = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    lpPlusH[i] = lp[i] + entropy[i];
    logRank[i] = Math.log1p(rank[i]);
  }
  const meanLp = pairwiseSum(lp) / n;
  const meanH = pairwiseSum(entropy) / n;

  let blocks: [number, number][] = [];
  for (let a = 0; a < n; a += LM_BLOCK) blocks.push([a, Math.min(a + LM_BLOCK, n)]);
  blocks = blocks.filter(([a, b]) => b - a >= LM_BLOCK / 2);
  if (blocks.length === 0) blocks = [[0, n]];
  const blockMeans = blocks.map(([a, b]) => pairwiseSum(lp, a, b) / (b - a));
  const blockDisc = blocks.map(([a, b]) => blockDiscrepancy(lpPlusH, variance, a, b));

  return [
    meanLp,
    meanH,
    pairwiseSum(logRank) / n,
    blockDiscrepancy(lpPlusH, variance, 0, n),
    -meanLp / Math.max(meanH, 1e-6),
    populationSd(blockMeans),
    populationSd(blockDisc),
    Math.log(n),
  ];
}
