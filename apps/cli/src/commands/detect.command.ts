// `inkprint detect [--mode M]`: JSON lines {"id","text"} on stdin -> one result line per input line on stdout.
// Streams (one line out per line in, nothing buffered beyond the current line); bad lines become error lines.
import * as readline from 'node:readline';
import type { Readable, Writable } from 'node:stream';
import type { Command } from 'commander';
import { createDetector, isDetectionMode, type Detector, type DetectionMode } from '@inkprint/detector';

export interface DetectIo {
  input: Readable;
  output: Writable;
  /** Where progress goes; it is drawn only when this is a TTY. */
  progress: Writable & { isTTY?: boolean };
}

export interface DetectRunOptions {
  mode: DetectionMode;
  detector: Detector;
  /** Leave out per-sentence scores and signals to keep lines short. */
  compact?: boolean;
}

export interface DetectSummary {
  lines: number;
  ok: number;
  failed: number;
}

type ErrorCode = 'INVALID_JSON' | 'INVALID_INPUT' | 'DETECTION_FAILED';

function errorLine(id: unknown, line: number, code: ErrorCode, message: string): string {
  const safeId = typeof id === 'string' || typeof id === 'number' ? id : null;
  return JSON.stringify({ id: safeId, line, error: { code, message } });
}

/** Progress on a terminal: count and rate, redrawn at most 10 times a second. */
export class Progress {
  private last = 0;
  private readonly started = Date.now();
  constructor(
    private readonly out: Writable & { isTTY?: boolean },
    private readonly label: string,
    private readonly total?: number,
  ) {}

  get enabled(): boolean {
    return this.out.isTTY === true;
  }

  tick(done: number, failed = 0, force = false): void {
    if (!this.enabled) return;
    const now = Date.now();
    if (!force && now - this.last < 100) return;
    this.last = now;
    const rate = done / Math.max(0.001, (now - this.started) / 1000);
    let bar = '';
    if (this.total && this.total > 0) {
      const width = 24;
      const filled = Math.round((width * Math.min(done, this.total)) / this.total);
      bar = `[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${done}/${this.total}`;
    } else bar = `${done} docs`;
    this.out.write(`\r${this.label} ${bar} ${rate.toFixed(1)} docs/s${failed ? `, ${failed} errors` : ''}   `);
  }

  end(done: number, failed = 0): void {
    if (!this.enabled) return;
    this.tick(done, failed, true);
    this.out.write('\n');
  }
}

async function write(out: Writable, line: string): Promise<void> {
  if (!out.write(`${line}\n`)) await new Promise<void>((resolve) => out.once('drain', resolve));
}

export async function runDetect(io: DetectIo, opts: DetectRunOptions): Promise<DetectSummary> {
  const rl = readline.createInterface({ input: io.input, crlfDelay: Infinity });
  const progress = new Progress(io.progress, `inkprint detect (${opts.mode})`);
  const summary: DetectSummary = { lines: 0, ok: 0, failed: 0 };
  for await (const raw of rl) {
    summary.lines++;
    const lineNo = summary.lines;
    if (raw.trim() === '') {
      summary.lines--;
      continue;
    }
    let out: string;
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw);
    } catch (e) {
      out = errorLine(null, lineNo, 'INVALID_JSON', `line ${lineNo} is not valid JSON: ${(e as Error).message}`);
      summary.failed++;
      await write(io.output, out);
      progress.tick(summary.lines, summary.failed);
      continue;
    }
    const rec =
      typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
        ? (parsed as Record<string, unknown>)
        : undefined;
    const id = rec?.id;
    if (!rec || typeof rec.text !== 'string') {
      out = errorLine(
        id,
        lineNo,
        'INVALID_INPUT',
        `line ${lineNo}: expected an object {"id", "text"} with "text" a string`,
      );
      summary.failed++;
    } else {
      try {
        const result = await opts.detector.detect(rec.text, { mode: opts.mode });
        const { score, verdict, confidence, mode, engine, chunks, ...rest } = result;
        const body = opts.compact ? (({ sentences: _s, signals: _g, ...r }) => r)(rest) : rest;
        out = JSON.stringify({ id: id ?? null, score, verdict, confidence, mode, engine, chunks, ...body });
        summary.ok++;
      } catch (e) {
        out = errorLine(id, lineNo, 'DETECTION_FAILED', `line ${lineNo}: ${(e as Error).message}`);
        summary.failed++;
      }
    }
    await write(io.output, out);
    progress.tick(summary.lines, summary.failed);
  }
  progress.end(summary.lines, summary.failed);
  return summary;
}

export function parseMode(value: string): DetectionMode {
  if (!isDetectionMode(value)) throw new Error(`unknown mode "${value}" (use fast, moderate, strong or forensic)`);
  return value;
}

export function parseLanguageModel(value: string): 'auto' | 'off' {
  if (value !== 'auto' && value !== 'off')
    throw new Error(`unknown language-model choice "${value}" (use auto or off)`);
  return value;
}

export function register(program: Command): void {
  program
    .command('detect')
    .description('Score JSON lines {"id","text"} from stdin; writes one JSON result per line to stdout')
    .option('-m, --mode <mode>', 'fast | moderate | strong | forensic', 'moderate')
    .option('--engine <engine>', 'auto (ONNX, heuristic fallback) | onnx | heuristic', 'auto')
    .option(
      '--language-model <choice>',
      'auto (the moderate, strong and forensic cascades use models/lm when npm run models:fetch has built it) | off (default: $INKPRINT_LANGUAGE_MODEL, else auto)',
      process.env.INKPRINT_LANGUAGE_MODEL ?? 'auto',
    )
    .option(
      '--models-dir <dir>',
      'folder with inkprint-detector.json and the ONNX files (default: $INKPRINT_MODELS_DIR, else the repository models/)',
      process.env.INKPRINT_MODELS_DIR,
    )
    .option('--compact', 'leave out per-sentence scores and signals')
    .action(
      async (o: {
        mode: string;
        engine: 'auto' | 'onnx' | 'heuristic';
        modelsDir?: string;
        languageModel: string;
        compact?: boolean;
      }) => {
        const mode = parseMode(o.mode);
        const detector = await createDetector({
          engine: o.engine,
          modelsDir: o.modelsDir,
          languageModel: parseLanguageModel(o.languageModel),
        });
        if (detector.info.fallbackReason)
          process.stderr.write(`inkprint: using the heuristic engine (${detector.info.fallbackReason})\n`);
        try {
          const s = await runDetect(
            { input: process.stdin, output: process.stdout, progress: process.stderr },
            { mode, detector, compact: o.compact },
          );
          if (s.failed > 0)
            process.stderr.write(
              `inkprint detect: ${s.failed} of ${s.lines} lines could not be scored (see their error lines)\n`,
            );
        } finally {
          await detector.close();
        }
      },
    );
}
