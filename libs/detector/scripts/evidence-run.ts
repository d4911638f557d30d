// What the evidence harnesses (genre-evidence.ts, mixed-evidence.ts) share: their arguments, the shipped models loaded
// as the engine loads them, and a resumable JSONL output.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { parseWordLists, type WordLists } from '../src/core/word-lists';
import { findModelsDir, MANIFEST_FILE } from '../src/engine/detector';
import { EncoderRunner } from '../src/engine/encoder-runner';
import { parseManifest } from '../src/engine/manifest';
import type { DetectorPlan } from '../src/engine/manifest-plan';
import { OnnxScorer } from '../src/engine/onnx-scorer';

/** `IN.jsonl OUT.jsonl [--shard i/n] [--name value ...]` */
export function evidenceArgs(): {
  input: string;
  output: string;
  shard: number;
  shards: number;
  flag: (name: string) => string | undefined;
} {
  const [input, output] = process.argv.slice(2);
  const flag = (name: string): string | undefined => {
    const i = process.argv.indexOf(name);
    return i > 0 ? process.argv[i + 1] : undefined;
  };
  const [shard, shards] = (flag('--shard') ?? '0/1').split('/').map(Number);
  return { input, output, shard, shards, flag };
}

/** The manifest, word lists, n-gram scorer and fine-tuned encoder of the repository's models/. */
export async function loadEvidenceModels(): Promise<{
  modelsDir: string;
  plan: DetectorPlan;
  wordLists: WordLists;
  scorer: OnnxScorer;
  encoder: EncoderRunner;
}> {
  const modelsDir = findModelsDir(__dirname)!;
  const plan = parseManifest(JSON.parse(fs.readFileSync(path.join(modelsDir, MANIFEST_FILE), 'utf8')));
  const wordLists = parseWordLists(JSON.parse(fs.readFileSync(path.join(modelsDir, plan.wordlistsFile), 'utf8')));
  const scorer = await OnnxScorer.load(
    'inkprint-onnx-v1',
    Object.entries(plan.models).map(([name, spec]) => ({
      name,
      path: path.resolve(modelsDir, spec.file),
      dim: spec.dim,
      ...(spec.kind === 'features' ? { layout: plan.featureSets[spec.featureSet] } : {}),
    })),
  );
  const encoder = await EncoderRunner.load(
    path.resolve(modelsDir, plan.encoder!.file),
    path.resolve(modelsDir, plan.encoder!.tokenizer),
    plan.encoder!.maxTokens,
  );
  return { modelsDir, plan, wordLists, scorer, encoder };
}

/** The ids already in `output` (skipped on a rerun) and a stream appending to it. */
export function resumableOutput(output: string): { done: Set<string>; out: fs.WriteStream } {
  const done = new Set<string>();
  if (fs.existsSync(output))
    for (const line of fs.readFileSync(output, 'utf8').split('\n'))
      if (line.trim()) done.add((JSON.parse(line) as { id: string }).id);
  return { done, out: fs.createWriteStream(output, { flags: 'a' }) };
}
