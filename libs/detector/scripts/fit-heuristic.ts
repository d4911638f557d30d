// Fits the fallback heuristic (logistic regression on the 40 dense features) and writes
// src/core/heuristic-params.ts. Seeded and reproducible; uses the same held-out families as ml/ (never trains
// on outfox_valid, seqxgpt, claude-3-opus or gpt-4o rows, nor the human-less biscope essay domain).
//   cd libs/detector && node -r ../../scripts/ts-register.js scripts/fit-heuristic.ts [/work/shared/datasets]
import * as fs from 'node:fs';
import * as path from 'node:path';
import { DENSE_NAMES, denseFeatures } from '../src/core/dense-features';
import { parseWordLists } from '../src/core/word-lists';
import { normalize } from '../src/core/normalize';
import { auroc } from '../src/core/metrics';
import { readJsonl } from './jsonl';

const DATA = process.argv[2] ?? process.env.INKPRINT_DATA ?? '/work/shared/datasets';
const TRAIN_SOURCES = ['biscope', 'l2r', 'imbd'];
const TEST_SOURCES = ['outfox_valid', 'seqxgpt'];
const TEST_GENERATORS = new Set(['claude-3-opus', 'gpt-4o']);
const PER_CLASS = 4000;

interface Row {
  text: string;
  label: string;
  source: string;
  domain: string;
  generator: string;
}

function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s ^ (s >>> 15), 0x2c1b3c6d) + 0x6d2b79f5) >>> 0;
    return s / 2 ** 32;
  };
}

function shuffle<T>(xs: T[], r: () => number): T[] {
  for (let i = xs.length - 1; i > 0; i--) {
    const j = Math.floor(r() * (i + 1));
    [xs[i], xs[j]] = [xs[j], xs[i]];
  }
  return xs;
}

async function load(sources: string[]): Promise<Row[]> {
  const rows: Row[] = [];
  for (const s of sources) for await (const r of readJsonl(path.join(DATA, `${s}.jsonl.gz`))) rows.push(r as Row);
  return rows;
}

async function main(): Promise<void> {
  const wl = parseWordLists(
    JSON.parse(fs.readFileSync(path.resolve(__dirname, '../../../models/inkprint-wordlists.json'), 'utf8')),
  );
  const r = rng(20251121);
  const all = await load(TRAIN_SOURCES);
  const train = all.filter(
    (x) => !TEST_GENERATORS.has(x.generator) && !(x.source === 'biscope' && x.domain === 'essay'),
  );
  const heldGen = all.filter((x) => TEST_GENERATORS.has(x.generator));
  const humans = shuffle(
    train.filter((x) => x.label === 'human'),
    r,
  ).slice(0, PER_CLASS);
  const ais = shuffle(
    train.filter((x) => x.label !== 'human'),
    r,
  ).slice(0, PER_CLASS);
  const rows = [...humans, ...ais];
  const X = rows.map((x) => Array.from(denseFeatures(normalize(x.text), wl)));
  const y = rows.map((x) => (x.label === 'human' ? 0 : 1));
  const d = DENSE_NAMES.length;
  const mean = new Array(d).fill(0);
  const std = new Array(d).fill(0);
  for (const row of X) row.forEach((v, j) => (mean[j] += v / X.length));
  for (const row of X) row.forEach((v, j) => (std[j] += (v - mean[j]) ** 2 / X.length));
  for (let j = 0; j < d; j++) std[j] = Math.sqrt(std[j]) || 1;
  const CLIP = 5;
  const Z = X.map((row) => row.map((v, j) => Math.max(-CLIP, Math.min(CLIP, (v - mean[j]) / std[j]))));
  // Full-batch gradient descent with L2; small and deterministic.
  const w = new Array(d).fill(0);
  let b = 0;
  const lambda = 1e-3;
  const lr = 0.3;
  for (let it = 0; it < 1500; it++) {
    const gw = new Array(d).fill(0);
    let gb = 0;
    for (let i = 0; i < Z.length; i++) {
      let z = b;
      for (let j = 0; j < d; j++) z += w[j] * Z[i][j];
      const err = 1 / (1 + Math.exp(-z)) - y[i];
      gb += err;
      for (let j = 0; j < d; j++) gw[j] += err * Z[i][j];
    }
    for (let j = 0; j < d; j++) w[j] -= lr * (gw[j] / Z.length + lambda * w[j]);
    b -= lr * (gb / Z.length);
  }
  const classMean = (label: number): number[] => {
    const m = new Array(d).fill(0);
    const sel = X.filter((_, i) => y[i] === label);
    for (const row of sel) row.forEach((v, j) => (m[j] += v / sel.length));
    return m;
  };
  const hm = classMean(0);
  const am = classMean(1);
  const score = (row: number[]): number => {
    let z = b;
    row.forEach((v, j) => (z += w[j] * Math.max(-CLIP, Math.min(CLIP, (v - mean[j]) / std[j]))));
    return 1 / (1 + Math.exp(-z));
  };
  const evalRows = (rs: Row[]): number =>
    auroc(
      rs.map((x) => ({
        score: score(Array.from(denseFeatures(normalize(x.text), wl))),
        positive: x.label !== 'human',
      })),
    );
  const trainAuc = auroc(X.map((row, i) => ({ score: score(row), positive: y[i] === 1 })));
  const heldOut = await load(TEST_SOURCES);
  const testAuc = evalRows(heldOut);
  const genAuc = evalRows([...heldGen.slice(0, 3000), ...humans.slice(0, 1000)]);
  const notes =
    `fitted on ${PER_CLASS} human + ${PER_CLASS} AI rows of ${TRAIN_SOURCES.join(', ')} (seed 20251121); ` +
    `AUROC train ${trainAuc.toFixed(3)}, held-out families outfox_valid+seqxgpt ${testAuc.toFixed(3)}, ` +
    `held-out generators claude-3-opus+gpt-4o vs train humans ${genAuc.toFixed(3)}`;
  console.log(notes);
  const r6 = (x: number): number => Number(x.toPrecision(6));
  const features = DENSE_NAMES.map((name, j) => ({
    name,
    mean: r6(mean[j]),
    std: r6(std[j]),
    weight: r6(w[j]),
    humanMean: r6(hm[j]),
    aiMean: r6(am[j]),
  }));
  const out =
    `// Generated by libs/detector/scripts/fit-heuristic.ts; do not edit by hand.\n` +
    `import type { HeuristicParams } from './heuristic';\n\n` +
    `export const HEURISTIC_PARAMS: HeuristicParams = ${JSON.stringify(
      { version: 'heuristic-v1', intercept: r6(b), clip: CLIP, features, notes },
      null,
      2,
    )};\n`;
  fs.writeFileSync(path.resolve(__dirname, '../src/core/heuristic-params.ts'), out);
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
