// Issue 38: every piece of evidence moderate reads, per text, for the genre validation (ml/experiments/genre_lines.py).
//   node -r ../../scripts/ts-register.js scripts/genre-evidence.ts IN.jsonl OUT.jsonl [--shard i/n] [--lm-from 0.3]
// IN: rows {id, text, ...} (ml/experiments/genre_sample.py). OUT: the row's fields less the text, plus words, the
// n-gram probability pNgram, the encoder's pEncoder, the stacked pStack, Gemma's 8 features of the first 128 tokens
// and the cascade stacker's pLm (only where pStack >= --lm-from: the language model costs ~0.5 s a text), and the
// shipped procedure's pShipped (the cascade inside its gate, else pStack). Resumable: ids already in OUT are skipped.
import * as path from 'node:path';
import { TextFeatures } from '../src/core/features';
import { normalize } from '../src/core/normalize';
import { encoderStack, logit } from '../src/engine/analyze';
import { LmRunner } from '../src/engine/lm-runner';
import { evidenceArgs, loadEvidenceModels, resumableOutput } from './evidence-run';
import { readJsonl } from './jsonl';

async function main(): Promise<void> {
  const { input, output, shard, shards, flag } = evidenceArgs();
  const { modelsDir, plan, wordLists, scorer, encoder } = await loadEvidenceModels();
  const mode = plan.modes.moderate;
  const lmFrom = Number(flag('--lm-from') ?? '0.3');
  const lm = mode.languageModel!;
  const runner = await LmRunner.load(path.resolve(modelsDir, lm.dir), 1, lm);
  const { done, out } = resumableOutput(output);
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
