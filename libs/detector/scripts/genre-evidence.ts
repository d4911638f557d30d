// Issue 38: every piece of evidence moderate reads, per text, for the genre validation (ml/experiments/genre_lines.py).
//   node -r ../../scripts/ts-register.js scripts/genre-evidence.ts IN.jsonl OUT.jsonl [--shard i/n] [--lm-from 0.3]
// IN: rows {id, text, ...} (ml/experiments/genre_sample.py). OUT: the row's fields less the text, plus words, the
// n-gram probability pNgram, the encoder's pEncoder, the stacked pStack, Gemma's 8 features of the first 128 tokens
// and the cascade stacker's pLm (only where pStack >= --lm-from: the language model costs ~0.5 s a text), and the
// shipped procedure's pShipped (the cascade inside its gate, else pStack). Resumable: ids already in OUT are skipped.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { TextFeatures, parseWordLists } from '../src/core/features';
import { normalize } from '../src/core/normalize';
import { encoderStack, logit } from '../src/engine/analyze';
import { findModelsDir, MANIFEST_FILE } from '../src/engine/detector';
import { EncoderRunner } from '../src/engine/encoder-runner';
import { LmRunner } from '../src/engine/lm-runner';
import { parseManifest } from '../src/engine/manifest';
import { OnnxScorer } from '../src/engine/onnx-scorer';
import { readJsonl } from './jsonl';

async function main(): Promise<void> {
  const [input, output] = process.argv.slice(2);
  const flag = (name: string): string | undefined => {
    const i = process.argv.indexOf(name);
    return i > 0 ? process.argv[i + 1] : undefined;
  };
  const [shard, shards] = (flag('--shard') ?? '0/1').split('/').map(Number);
  const lmFrom = Number(flag('--lm-from') ?? '0.3');
  const modelsDir = findModelsDir(__dirname)!;
  const plan = parseManifest(JSON.parse(fs.readFileSync(path.join(modelsDir, MANIFEST_FILE), 'utf8')));
  const wordLists = parseWordLists(JSON.parse(fs.readFileSync(path.join(modelsDir, plan.wordlistsFile), 'utf8')));
  const mode = plan.modes.moderate;
  const lm = mode.languageModel!;
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
  const runner = await LmRunner.load(path.resolve(modelsDir, lm.dir), 1, lm);
  const done = new Set<string>();
  if (fs.existsSync(output))
    for (const line of fs.readFileSync(output, 'utf8').split('\n'))
      if (line.trim()) done.add((JSON.parse(line) as { id: string }).id);
  const out = fs.createWriteStream(output, { flags: 'a' });
  let i = -1;
  let n = 0;
  const t0 = performance.now();
  for await (const raw of readJsonl(input)) {
    i++;
    const row = raw as { id: string; text: string; [k: string]: unknown };
    if (i % shards !== shard || done.has(row.id)) continue;
    const norm = normalize(row.text);
    const doc = new TextFeatures(norm, wordLists);
    const pNgram = (await scorer.score(mode.documentModel, [doc]))[0];
    const pEncoder = await encoder.probability(norm);
    const pStack = encoderStack(pNgram, pEncoder, mode.encoderStack!);
    let lmFeatures: number[] | undefined;
    let pLm: number | undefined;
    if (pStack >= lmFrom) {
      lmFeatures = await runner.features(norm, lm.maxTokens);
      pLm = (await scorer.scoreVectors(lm.model, [[logit(pStack), ...lmFeatures]]))[0];
    }
    const inGate = pStack >= lm.gate![0] && pStack <= lm.gate![1];
    const pShipped = inGate ? pLm! : pStack;
    const { text: _text, ...meta } = row;
    out.write(
      JSON.stringify({ ...meta, words: doc.words, pNgram, pEncoder, pStack, lmFeatures, pLm, inGate, pShipped }) + '\n',
    );
    if (++n % 100 === 0) console.error(`${n} texts, ${((performance.now() - t0) / n).toFixed(0)} ms a text`);
  }
  await new Promise<void>((r) => out.end(r));
  console.error(`done: ${n} texts`);
}

void main();
