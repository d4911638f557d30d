// Issue 42: the sentence evidence the product has, per sentence of the mixed-authorship benchmark
// (ml/inkprint_ml/mixed_bench.py), for ml/experiments/mixed_sentences.py to compare and tune.
//   node -r ../../scripts/ts-register.js scripts/mixed-evidence.ts IN.jsonl OUT.jsonl [--shard i/n]
// For each document: the product's own result in moderate (language model off: its sentences inherit their chunk's
// score, the heat-map before issue 42), and for each of the product's sentences its label from the document's AI
// character spans (more than half its characters inside one) and the evidence of the windows around it: the n-gram
// document model and the fine-tuned encoder on +-1 and +-2 sentences. Resumable: ids already in OUT are skipped.
import { TextFeatures } from '../src/core/features';
import { normalize } from '../src/core/normalize';
import { splitSentences } from '../src/core/sentences';
import { createDetector } from '../src/engine/detector';
import { evidenceArgs, loadEvidenceModels, resumableOutput } from './evidence-run';
import { readJsonl } from './jsonl';

interface BenchRow {
  id: string;
  text: string;
  ai_spans: [number, number][];
  [k: string]: unknown;
}

async function main(): Promise<void> {
  const { input, output, shard, shards } = evidenceArgs();
  const { modelsDir, plan, wordLists, scorer, encoder } = await loadEvidenceModels();
  const mode = plan.modes.moderate;
  const detector = await createDetector({ modelsDir, languageModel: 'off' });
  const { done, out } = resumableOutput(output);
  let i = -1;
  let n = 0;
  let skipped = 0;
  const t0 = performance.now();
  for await (const raw of readJsonl(input)) {
    i++;
    const row = raw as BenchRow;
    if (i % shards !== shard || done.has(row.id)) continue;
    // Offsets of the AI spans are the bench text's: a text whose normalised form is not the same length (a
    // character folded into two, spaces collapsed) is left out and counted, not mislabelled.
    const norm = normalize(row.text);
    if (norm.length !== row.text.length) {
      skipped++;
      continue;
    }
    const result = await detector.detect(row.text, { mode: 'moderate' });
    const sentences = splitSentences(norm);
    const aiShare = (a: number, b: number): number => {
      let inside = 0;
      for (const [s, e] of row.ai_spans) inside += Math.max(0, Math.min(b, e) - Math.max(a, s));
      return inside / Math.max(1, b - a);
    };
    const window = (k: number) =>
      sentences.map((_, j) =>
        norm.slice(sentences[Math.max(0, j - k)].start, sentences[Math.min(sentences.length - 1, j + k)].end),
      );
    const w1 = window(1);
    const w2 = window(2);
    const ng1 = await scorer.score(
      mode.documentModel,
      w1.map((t) => new TextFeatures(t, wordLists)),
    );
    const ng2 = await scorer.score(
      mode.documentModel,
      w2.map((t) => new TextFeatures(t, wordLists)),
    );
    const enc1: number[] = [];
    const enc2: number[] = [];
    for (const t of w1) enc1.push(await encoder.probability(t));
    for (const t of w2) enc2.push(await encoder.probability(t));
    const byStart = new Map(result.sentences.map((s) => [s.start, s]));
    const { text: _text, ...meta } = row;
    out.write(
      JSON.stringify({
        ...meta,
        words: result.words,
        docScore: result.score,
        chunks: result.chunks.map((c) => ({ start: c.start, end: c.end, words: c.words, score: c.score })),
        sentences: sentences.map((s, j) => ({
          start: s.start,
          end: s.end,
          words: byStart.get(s.start)?.words ?? 0,
          ai: aiShare(s.start, s.end),
          shipped: byStart.get(s.start)?.score,
          ng1: ng1[j],
          ng2: ng2[j],
          enc1: enc1[j],
          enc2: enc2[j],
        })),
      }) + '\n',
    );
    if (++n % 20 === 0) console.error(`${n} documents, ${((performance.now() - t0) / n).toFixed(0)} ms a document`);
  }
  await new Promise<void>((r) => out.end(r));
  console.error(`done: ${n} documents, ${skipped} left out (normalisation moved offsets)`);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
