// `inkprint humanise [--tone T]`: JSON lines {"id","text"} on stdin -> one line per input line on stdout:
// {"id","text","humanised","aiProbabilityBefore","aiProbabilityAfter","similarity","notes"}. Streams like `detect`
// (one line out per line in, in order); bad lines become error lines and the run goes on.
import * as readline from 'node:readline';
import type { Readable, Writable } from 'node:stream';
import type { Command } from 'commander';
import { createDetector } from '@inkprint/detector';
import {
  createHumaniser,
  isTone,
  HumaniserError,
  llmConfigFromEnv,
  TONES,
  type Humaniser,
  type Tone,
} from '@inkprint/humaniser';
import { Progress } from './detect.command';

export interface HumaniseIo {
  input: Readable;
  output: Writable;
  progress: Writable & { isTTY?: boolean };
}

export interface HumaniseRunOptions {
  tone: Tone;
  humaniser: Humaniser;
  /** Add the full result (evaluation, changes, timings) under "result". */
  full?: boolean;
}

export interface HumaniseSummary {
  lines: number;
  ok: number;
  failed: number;
}

type ErrorCode = 'INVALID_JSON' | 'INVALID_INPUT' | 'HUMANISE_FAILED' | 'HUMANISER_CHAR_LIMIT';

function errorLine(id: unknown, line: number, code: ErrorCode, message: string): string {
  const safeId = typeof id === 'string' || typeof id === 'number' ? id : null;
  return JSON.stringify({ id: safeId, line, error: { code, message } });
}

async function write(out: Writable, line: string): Promise<void> {
  if (!out.write(`${line}\n`)) await new Promise<void>((resolve) => out.once('drain', resolve));
}

export async function runHumanise(io: HumaniseIo, opts: HumaniseRunOptions): Promise<HumaniseSummary> {
  const rl = readline.createInterface({ input: io.input, crlfDelay: Infinity });
  const progress = new Progress(io.progress, `inkprint humanise (${opts.tone})`);
  const summary: HumaniseSummary = { lines: 0, ok: 0, failed: 0 };
  let lineNo = 0;
  for await (const raw of rl) {
    lineNo++;
    if (raw.trim() === '') continue;
    summary.lines++;
    let out: string;
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw);
    } catch (e) {
      summary.failed++;
      await write(
        io.output,
        errorLine(null, lineNo, 'INVALID_JSON', `line ${lineNo} is not valid JSON: ${(e as Error).message}`),
      );
      progress.tick(summary.lines, summary.failed);
      continue;
    }
    const rec =
      typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
        ? (parsed as Record<string, unknown>)
        : undefined;
    const id = rec?.id;
    if (!rec || typeof rec.text !== 'string' || rec.text.trim() === '') {
      out = errorLine(
        id,
        lineNo,
        'INVALID_INPUT',
        `line ${lineNo}: expected an object {"id", "text"} with "text" a non-empty string`,
      );
      summary.failed++;
    } else {
      try {
        const r = await opts.humaniser.humanise(rec.text, { tone: opts.tone });
        out = JSON.stringify({
          id: id ?? null,
          text: rec.text,
          humanised: r.humanised,
          aiProbabilityBefore: r.before.aiProbability,
          aiProbabilityAfter: r.evaluation.aiProbability,
          similarity: Math.round(r.similarity.score * 10000) / 10000,
          notes: r.notes,
          ...(opts.full ? { result: { ...r, original: undefined, humanised: undefined } } : {}),
        });
        summary.ok++;
      } catch (e) {
        const code: ErrorCode =
          e instanceof HumaniserError && e.code === 'HUMANISER_CHAR_LIMIT' ? 'HUMANISER_CHAR_LIMIT' : 'HUMANISE_FAILED';
        out = errorLine(id, lineNo, code, `line ${lineNo}: ${(e as Error).message}`);
        summary.failed++;
      }
    }
    await write(io.output, out);
    progress.tick(summary.lines, summary.failed);
  }
  progress.end(summary.lines, summary.failed);
  return summary;
}

export function parseTone(value: string): Tone {
  if (!isTone(value)) throw new Error(`unknown tone "${value}" (use ${TONES.join(', ')})`);
  return value;
}

export function register(program: Command): void {
  program
    .command('humanise')
    .alias('humanize')
    .description(
      'Rewrite JSON lines {"id","text"} from stdin so they read as human; one JSON result per line on stdout',
    )
    .option('-t, --tone <tone>', TONES.join(' | '), 'auto')
    .option('--engine <engine>', 'detector engine: auto (ONNX, heuristic fallback) | onnx | heuristic', 'auto')
    .option(
      '--models-dir <dir>',
      'folder with inkprint-detector.json and the ONNX files (default: $INKPRINT_MODELS_DIR, else the repository models/)',
      process.env.INKPRINT_MODELS_DIR,
    )
    .option('--full', 'add the full result (evaluation before/after, similarity parts, changes, timings)')
    .action(async (o: { tone: string; engine: 'auto' | 'onnx' | 'heuristic'; modelsDir?: string; full?: boolean }) => {
      const tone = parseTone(o.tone);
      const detector = await createDetector({ engine: o.engine, modelsDir: o.modelsDir });
      if (detector.info.fallbackReason)
        process.stderr.write(`inkprint: using the heuristic detector (${detector.info.fallbackReason})\n`);
      const humaniser = await createHumaniser({ detector, llm: llmConfigFromEnv(process.env) ?? false });
      try {
        const s = await runHumanise(
          { input: process.stdin, output: process.stdout, progress: process.stderr },
          { tone, humaniser, full: o.full },
        );
        if (s.failed > 0)
          process.stderr.write(
            `inkprint humanise: ${s.failed} of ${s.lines} lines could not be humanised (see their error lines)\n`,
          );
      } finally {
        await humaniser.close();
        await detector.close();
      }
    });
}
