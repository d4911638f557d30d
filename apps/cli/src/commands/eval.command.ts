// `inkprint eval --data FILE.jsonl[.gz] [--mode M] [--limit N]`: scores a labelled dataset (schema of
// /work/shared/datasets/README.md) and prints AUROC, TPR at 1% FPR and FPR at the default threshold,
// overall and by domain, generator, length bucket and attack. The metric functions live in @inkprint/detector.
import * as fs from 'node:fs';
import * as readline from 'node:readline';
import type { Readable, Writable } from 'node:stream';
import * as zlib from 'node:zlib';
import type { Command } from 'commander';
import {
  createDetector,
  evaluate,
  type Detector,
  type DetectionMode,
  type EvalRecord,
  type EvalReport,
  type MetricRow,
} from '@inkprint/detector';
import { numberedLines, Progress } from '../jsonl/jsonl-runner';
import { detectorSettings, parseMode } from './detect.command';

export interface DatasetRow {
  id?: string;
  text: string;
  label: 'human' | 'ai' | 'ai_edited';
  domain: string;
  generator: string;
  attack: string;
}

const LABELS = new Set(['human', 'ai', 'ai_edited']);

/** Validate one dataset line; returns an error message instead of throwing. */
export function parseDatasetLine(line: string): DatasetRow | string {
  let o: unknown;
  try {
    o = JSON.parse(line);
  } catch (e) {
    return `not valid JSON: ${(e as Error).message}`;
  }
  if (typeof o !== 'object' || o === null) return 'not a JSON object';
  const r = o as Record<string, unknown>;
  if (typeof r.text !== 'string') return '"text" must be a string';
  if (typeof r.label !== 'string' || !LABELS.has(r.label))
    return `"label" must be human, ai or ai_edited (got ${JSON.stringify(r.label)})`;
  return {
    id: typeof r.id === 'string' ? r.id : undefined,
    text: r.text,
    label: r.label as DatasetRow['label'],
    domain: typeof r.domain === 'string' ? r.domain : 'unknown',
    generator: typeof r.generator === 'string' ? r.generator : r.label === 'human' ? 'human' : 'unknown',
    attack: typeof r.attack === 'string' ? r.attack : 'none',
  };
}

export function openLines(file: string): readline.Interface {
  const raw: Readable = fs.createReadStream(file);
  const input = file.endsWith('.gz') ? raw.pipe(zlib.createGunzip()) : raw;
  return readline.createInterface({ input, crlfDelay: Infinity });
}

/** Deterministic PRNG (mulberry32) for the reservoir sample. */
function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Reads the dataset: every row, the first `limit` rows (head) or a seeded uniform sample of `limit` rows. */
export async function readDataset(
  lines: AsyncIterable<string>,
  opts: { limit?: number; head?: boolean; seed?: number },
): Promise<{ rows: DatasetRow[]; skipped: { line: number; message: string }[] }> {
  const rows: DatasetRow[] = [];
  const skipped: { line: number; message: string }[] = [];
  const rand = mulberry32(opts.seed ?? 1);
  let seen = 0;
  for await (const { line: lineNo, raw } of numberedLines(lines)) {
    const r = parseDatasetLine(raw);
    if (typeof r === 'string') {
      skipped.push({ line: lineNo, message: r });
      continue;
    }
    seen++;
    if (opts.limit === undefined) rows.push(r);
    else if (opts.head) {
      rows.push(r);
      if (rows.length >= opts.limit) break;
    } else if (rows.length < opts.limit) rows.push(r);
    else {
      const j = Math.floor(rand() * seen);
      if (j < opts.limit) rows[j] = r;
    }
  }
  return { rows, skipped };
}

/**
 * Scores rows. Default: the calibrated probability of the mode's procedure (what the model card reports).
 * `product`: the full result's score, i.e. what users see (score bands, short texts pulled to Mixed).
 */
export type EditedPolicy = 'ai' | 'human' | 'skip';

export async function scoreRows(
  rows: readonly DatasetRow[],
  detector: Detector,
  mode: DetectionMode,
  progress?: Progress,
  product = false,
  edited: EditedPolicy = 'ai',
): Promise<EvalRecord[]> {
  const out: EvalRecord[] = [];
  for (const r of rows) {
    if (r.label === 'ai_edited' && edited === 'skip') continue;
    const res = product ? await detector.detect(r.text, { mode }) : await detector.probability(r.text, { mode });
    const score = 'score' in res ? res.score : res.probability;
    const positive = r.label === 'ai' || (r.label === 'ai_edited' && edited === 'ai');
    out.push({ score, positive, domain: r.domain, generator: r.generator, attack: r.attack, words: res.words });
    progress?.tick(out.length);
  }
  progress?.end(out.length);
  return out;
}

const pct = (x: number): string => (Number.isNaN(x) ? '   -  ' : `${(100 * x).toFixed(1).padStart(5)}%`);
const auc = (x: number): string => (Number.isNaN(x) ? '  -  ' : x.toFixed(4));

export function formatTable(title: string, rows: readonly MetricRow[]): string {
  const w = Math.max(10, ...rows.map((r) => r.group.length));
  const head = `${'group'.padEnd(w)}  ${'n'.padStart(6)} ${'human'.padStart(6)} ${'ai'.padStart(6)}  AUROC   TPR@1%FPR  FPR@thr  TPR@thr`;
  const body = rows.map(
    (r) =>
      `${r.group.padEnd(w)}  ${String(r.n).padStart(6)} ${String(r.human).padStart(6)} ${String(r.ai).padStart(6)}  ${auc(r.auroc)}  ${pct(r.tprAt1Fpr)}     ${pct(r.fprAtThreshold)}  ${pct(r.tprAtThreshold)}`,
  );
  return [`== ${title}`, head, ...body].join('\n');
}

export function formatReport(
  report: EvalReport,
  meta: { file: string; mode: string; engine: string; scored: string },
): string {
  return [
    `inkprint eval: ${meta.file}, mode ${meta.mode}, engine ${meta.engine}; ${meta.scored}, flagged as AI when >= ${report.threshold}`,
    'Generator and attack rows are scored against every human row of the set.',
    '',
    formatTable('overall', [report.overall]),
    '',
    formatTable('by domain', report.byDomain),
    '',
    formatTable('by generator', report.byGenerator),
    '',
    formatTable('by length (words)', report.byLength),
    '',
    formatTable('by attack', report.byAttack),
    '',
  ].join('\n');
}

export async function runEval(
  opts: {
    data: string;
    mode: DetectionMode;
    limit?: number;
    head?: boolean;
    seed?: number;
    threshold?: number;
    json?: boolean;
    product?: boolean;
    edited?: EditedPolicy;
    detector: Detector;
  },
  io: { output: Writable; progress: Writable & { isTTY?: boolean } },
): Promise<EvalReport> {
  const { rows, skipped } = await readDataset(openLines(opts.data), opts);
  if (skipped.length > 0)
    io.progress.write(
      `inkprint eval: skipped ${skipped.length} invalid lines (first: line ${skipped[0].line}: ${skipped[0].message})\n`,
    );
  const progress = new Progress(io.progress, `inkprint eval (${opts.mode})`, rows.length);
  const records = await scoreRows(rows, opts.detector, opts.mode, progress, opts.product, opts.edited);
  const defaultThreshold = opts.product
    ? opts.detector.info.thresholds.ai
    : opts.detector.info.operatingThresholds[opts.mode];
  const report = evaluate(records, opts.threshold ?? defaultThreshold);
  const meta = {
    file: opts.data,
    mode: opts.mode,
    engine: opts.detector.info.engine,
    scored: opts.product ? 'product score' : 'calibrated probability',
  };
  io.output.write(
    opts.json
      ? `${JSON.stringify({ ...meta, ...report }, (_k, v: unknown) => (typeof v === 'number' && Number.isNaN(v) ? null : v))}\n`
      : formatReport(report, meta),
  );
  return report;
}

export function register(program: Command): void {
  program
    .command('eval')
    .description('Evaluate the detector on a labelled JSONL(.gz) dataset: AUROC, TPR at 1% FPR, FPR at the threshold')
    .requiredOption('-d, --data <file>', 'dataset file (.jsonl or .jsonl.gz)')
    .option('-m, --mode <mode>', 'fast | moderate | strong | forensic', 'moderate')
    .option('-n, --limit <n>', 'score a seeded uniform sample of n rows (or the first n with --head)')
    .option('--head', 'with --limit: take the first n rows instead of a sample')
    .option('--seed <n>', 'sample seed', '1')
    .option(
      '--threshold <t>',
      'value at or above which a text counts as flagged (default: the mode operating point, or 0.65 with --product)',
    )
    .option(
      '--product',
      'evaluate the product score of full results (report bands, short-text handling) instead of the calibrated probability',
    )
    .option('--edited <policy>', 'how ai_edited rows count: ai | human | skip', 'ai')
    .option('--engine <engine>', 'auto | onnx | heuristic', 'auto')
    .option(
      '--language-model <choice>',
      'auto (the moderate, strong and forensic cascades use models/lm when npm run models:fetch has built it) | off (default: $INKPRINT_LANGUAGE_MODEL, else auto)',
    )
    .option(
      '--models-dir <dir>',
      'folder with inkprint-detector.json and the ONNX files (default: $INKPRINT_MODELS_DIR, else the repository models/)',
    )
    .option('--json', 'print the report as JSON')
    .action(
      async (o: {
        data: string;
        mode: string;
        limit?: string;
        head?: boolean;
        seed: string;
        threshold?: string;
        product?: boolean;
        edited: string;
        engine: 'auto' | 'onnx' | 'heuristic';
        modelsDir?: string;
        languageModel?: string;
        json?: boolean;
      }) => {
        if (!['ai', 'human', 'skip'].includes(o.edited)) throw new Error('--edited must be ai, human or skip');
        const mode = parseMode(o.mode);
        if (!fs.existsSync(o.data)) throw new Error(`no such file: ${o.data}`);
        const limit = o.limit === undefined ? undefined : Number(o.limit);
        if (limit !== undefined && !(Number.isInteger(limit) && limit > 0))
          throw new Error('--limit must be a positive integer');
        const threshold = o.threshold === undefined ? undefined : Number(o.threshold);
        if (threshold !== undefined && !(threshold >= 0 && threshold <= 1))
          throw new Error('--threshold must be between 0 and 1');
        const detector = await createDetector(detectorSettings(o));
        if (detector.info.fallbackReason)
          process.stderr.write(`inkprint: using the heuristic engine (${detector.info.fallbackReason})\n`);
        try {
          await runEval(
            {
              data: o.data,
              mode,
              limit,
              head: o.head,
              seed: Number(o.seed),
              threshold,
              json: o.json,
              product: o.product,
              edited: o.edited as EditedPolicy,
              detector,
            },
            { output: process.stdout, progress: process.stderr },
          );
        } finally {
          await detector.close();
        }
      },
    );
}
