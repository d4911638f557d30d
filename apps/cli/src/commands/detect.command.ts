// `inkprint detect [--mode M]`: JSON lines {"id","text"} on stdin -> one result line per input line on stdout.
// Streams (one line out per line in, nothing buffered beyond the current line); bad lines become error lines.
import type { Command } from 'commander';
import { readEngineSettings } from '@inkprint/config';
import { createDetector, isDetectionMode, type Detector, type DetectionMode } from '@inkprint/detector';
import { runJsonl, type JsonlIo, type JsonlSummary } from '../jsonl/jsonl-runner';

export type DetectIo = JsonlIo;
export type DetectSummary = JsonlSummary;

export interface DetectRunOptions {
  mode: DetectionMode;
  detector: Detector;
  /** Leave out per-sentence scores and signals to keep lines short. */
  compact?: boolean;
}

export function runDetect(io: DetectIo, opts: DetectRunOptions): Promise<DetectSummary> {
  return runJsonl(io, {
    label: `inkprint detect (${opts.mode})`,
    numbering: 'records',
    nonEmptyText: false,
    async run(text) {
      const result = await opts.detector.detect(text, { mode: opts.mode });
      const { score, verdict, confidence, mode, engine, chunks, ...rest } = result;
      const body = opts.compact ? (({ sentences: _s, signals: _g, ...r }) => r)(rest) : rest;
      return { score, verdict, confidence, mode, engine, chunks, ...body };
    },
    failureCode: () => 'DETECTION_FAILED',
  });
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

/**
 * The detector's settings of `inkprint detect` and `eval`: the options, else the environment read through
 * @inkprint/config (INKPRINT_LANGUAGE_MODEL, INKPRINT_MODELS_DIR), else auto and the repository's models/.
 */
export function detectorSettings(o: {
  engine: 'auto' | 'onnx' | 'heuristic';
  modelsDir?: string;
  languageModel?: string;
}): { engine: 'auto' | 'onnx' | 'heuristic'; modelsDir?: string; languageModel: 'auto' | 'off' } {
  const settings = readEngineSettings(process.env, 'inkprint settings');
  return {
    engine: o.engine,
    modelsDir: o.modelsDir ?? settings.modelsDir,
    languageModel:
      o.languageModel === undefined ? (settings.languageModel ?? 'auto') : parseLanguageModel(o.languageModel),
  };
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
    )
    .option(
      '--models-dir <dir>',
      'folder with inkprint-detector.json and the ONNX files (default: $INKPRINT_MODELS_DIR, else the repository models/)',
    )
    .option('--compact', 'leave out per-sentence scores and signals')
    .action(
      async (o: {
        mode: string;
        engine: 'auto' | 'onnx' | 'heuristic';
        modelsDir?: string;
        languageModel?: string;
        compact?: boolean;
      }) => {
        const mode = parseMode(o.mode);
        const detector = await createDetector(detectorSettings(o));
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
