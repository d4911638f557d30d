// `inkprint humanise [--tone T]`: JSON lines {"id","text"} on stdin -> one line per input line on stdout:
// {"id","text","humanised","aiProbabilityBefore","aiProbabilityAfter","similarity","notes"}. Streams like `detect`
// (one line out per line in, in order); bad lines become error lines and the run goes on.
import type { Command } from 'commander';
import { readEngineSettings } from '@inkprint/config';
import { createDetector } from '@inkprint/detector';
import { createHumaniser, isTone, HumaniserError, TONES, type Humaniser, type Tone } from '@inkprint/humaniser';
import { runJsonl, type JsonlIo, type JsonlSummary } from '../jsonl/jsonl-runner';

export type HumaniseIo = JsonlIo;
export type HumaniseSummary = JsonlSummary;

export interface HumaniseRunOptions {
  tone: Tone;
  humaniser: Humaniser;
  /** Add the full result (evaluation, changes, timings) under "result". */
  full?: boolean;
}

export function runHumanise(io: HumaniseIo, opts: HumaniseRunOptions): Promise<HumaniseSummary> {
  return runJsonl(io, {
    label: `inkprint humanise (${opts.tone})`,
    numbering: 'file',
    nonEmptyText: true,
    async run(text) {
      const r = await opts.humaniser.humanise(text, { tone: opts.tone });
      return {
        text,
        humanised: r.humanised,
        aiProbabilityBefore: r.before.aiProbability,
        aiProbabilityAfter: r.evaluation.aiProbability,
        similarity: Math.round(r.similarity.score * 10000) / 10000,
        notes: r.notes,
        ...(opts.full ? { result: { ...r, original: undefined, humanised: undefined } } : {}),
      };
    },
    failureCode: (e) =>
      e instanceof HumaniserError && e.code === 'HUMANISER_CHAR_LIMIT' ? 'HUMANISER_CHAR_LIMIT' : 'HUMANISE_FAILED',
  });
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
    )
    .option('--full', 'add the full result (evaluation before/after, similarity parts, changes, timings)')
    .action(async (o: { tone: string; engine: 'auto' | 'onnx' | 'heuristic'; modelsDir?: string; full?: boolean }) => {
      const tone = parseTone(o.tone);
      // INKPRINT_MODELS_DIR and the HUMANISER_LLM_* variables, checked as the API and the worker check them.
      const settings = readEngineSettings(process.env, 'inkprint settings');
      const detector = await createDetector({ engine: o.engine, modelsDir: o.modelsDir ?? settings.modelsDir });
      if (detector.info.fallbackReason)
        process.stderr.write(`inkprint: using the heuristic detector (${detector.info.fallbackReason})\n`);
      const humaniser = await createHumaniser({ detector, llm: settings.humaniserLlm ?? false });
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
