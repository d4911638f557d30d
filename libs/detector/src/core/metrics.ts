// Detection metrics over (score, isAi) pairs. Pure, used by `inkprint eval` and the tests.

export interface Scored {
  score: number;
  /** true for AI (label ai or ai_edited), false for human. */
  positive: boolean;
}

/** Area under the ROC curve (Mann-Whitney U with tied ranks averaged). NaN when a class is missing. */
export function auroc(rows: readonly Scored[]): number {
  const pos = rows.filter((r) => r.positive).length;
  const neg = rows.length - pos;
  if (pos === 0 || neg === 0) return Number.NaN;
  const sorted = [...rows].sort((a, b) => a.score - b.score);
  let rankSumPos = 0;
  for (let i = 0; i < sorted.length;) {
    let j = i;
    while (j < sorted.length && sorted[j].score === sorted[i].score) j++;
    const avgRank = (i + 1 + j) / 2; // ranks i+1..j
    for (let k = i; k < j; k++) if (sorted[k].positive) rankSumPos += avgRank;
    i = j;
  }
  return (rankSumPos - (pos * (pos + 1)) / 2) / (pos * neg);
}

/**
 * Best true-positive rate over thresholds t (flag when score >= t) whose false-positive rate is <= maxFpr.
 * NaN when a class is missing.
 */
export function tprAtFpr(rows: readonly Scored[], maxFpr: number): number {
  const pos = rows.filter((r) => r.positive).length;
  const neg = rows.length - pos;
  if (pos === 0 || neg === 0) return Number.NaN;
  const sorted = [...rows].sort((a, b) => b.score - a.score);
  let tp = 0;
  let fp = 0;
  let best = 0;
  for (let i = 0; i < sorted.length;) {
    let j = i;
    while (j < sorted.length && sorted[j].score === sorted[i].score) {
      if (sorted[j].positive) tp++;
      else fp++;
      j++;
    }
    if (fp / neg <= maxFpr) best = Math.max(best, tp / pos);
    else break;
    i = j;
  }
  return best;
}

/** Share of human rows flagged (score >= threshold). NaN without human rows. */
export function fprAt(rows: readonly Scored[], threshold: number): number {
  const neg = rows.filter((r) => !r.positive);
  if (neg.length === 0) return Number.NaN;
  return neg.filter((r) => r.score >= threshold).length / neg.length;
}

/** Share of AI rows flagged (score >= threshold). NaN without AI rows. */
export function tprAt(rows: readonly Scored[], threshold: number): number {
  const pos = rows.filter((r) => r.positive);
  if (pos.length === 0) return Number.NaN;
  return pos.filter((r) => r.score >= threshold).length / pos.length;
}

export interface MetricRow {
  group: string;
  n: number;
  human: number;
  ai: number;
  auroc: number;
  tprAt1Fpr: number;
  fprAtThreshold: number;
  tprAtThreshold: number;
}

export function summarize(group: string, rows: readonly Scored[], threshold: number): MetricRow {
  const ai = rows.filter((r) => r.positive).length;
  return {
    group,
    n: rows.length,
    human: rows.length - ai,
    ai,
    auroc: auroc(rows),
    tprAt1Fpr: tprAtFpr(rows, 0.01),
    fprAtThreshold: fprAt(rows, threshold),
    tprAtThreshold: tprAt(rows, threshold),
  };
}

export interface EvalRecord extends Scored {
  domain: string;
  generator: string;
  attack: string;
  words: number;
}

export const LENGTH_BUCKETS: readonly { name: string; max: number }[] = [
  { name: '<50w', max: 49 },
  { name: '50-99w', max: 99 },
  { name: '100-199w', max: 199 },
  { name: '200-399w', max: 399 },
  { name: '400w+', max: Number.POSITIVE_INFINITY },
];

export function lengthBucket(words: number): string {
  return (LENGTH_BUCKETS.find((b) => words <= b.max) ?? LENGTH_BUCKETS[LENGTH_BUCKETS.length - 1]).name;
}

export interface EvalReport {
  threshold: number;
  overall: MetricRow;
  byDomain: MetricRow[];
  byGenerator: MetricRow[];
  byLength: MetricRow[];
  byAttack: MetricRow[];
}

/**
 * Grouped metrics. Domain and length groups contain both classes as they fall. Generator and attack groups
 * have AI rows only, so each is scored against every human row of the evaluated set (which is what
 * "detecting generator X" means); their human count is that shared pool.
 */
export function evaluate(records: readonly EvalRecord[], threshold: number): EvalReport {
  const humans = records.filter((r) => !r.positive);
  const byKey = (key: (r: EvalRecord) => string): Map<string, EvalRecord[]> => {
    const m = new Map<string, EvalRecord[]>();
    for (const r of records) {
      const k = key(r);
      const list = m.get(k);
      if (list) list.push(r);
      else m.set(k, [r]);
    }
    return m;
  };
  const sortedRows = (m: Map<string, EvalRecord[]>, withHumans: boolean): MetricRow[] =>
    [...m.entries()]
      .map(([k, rows]) => summarize(k, withHumans ? [...rows.filter((r) => r.positive), ...humans] : rows, threshold))
      .sort((a, b) => a.group.localeCompare(b.group));
  const order = new Map(LENGTH_BUCKETS.map((b, i) => [b.name, i]));
  return {
    threshold,
    overall: summarize('overall', records, threshold),
    byDomain: sortedRows(
      byKey((r) => r.domain),
      false,
    ),
    byGenerator: sortedRows(
      byKey((r) => (r.positive ? r.generator : 'human')),
      true,
    ).filter((r) => r.group !== 'human'),
    byLength: sortedRows(
      byKey((r) => lengthBucket(r.words)),
      false,
    ).sort((a, b) => (order.get(a.group) ?? 0) - (order.get(b.group) ?? 0)),
    byAttack: sortedRows(
      byKey((r) => (r.positive ? r.attack : 'human')),
      true,
    ).filter((r) => r.group !== 'human'),
  };
}
