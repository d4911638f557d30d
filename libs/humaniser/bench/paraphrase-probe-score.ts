// Scores paraphrase-probe.mjs's replies with the humaniser's own measures (docs/humaniser.md, "Clause-level generation
// with the models at hand"): sentence cosine (engine/meaning.ts, the all-MiniLM-L6-v2 encoder), numbers and names
// kept (core/similarity.ts, the guard every candidate passes), words of the input not in the reply, and length.
// A reply "passes" when it would survive the engine's guards and is a real rewrite: cosine >= SENTENCE_COSINE, every
// number and name kept, at most 1.5 times the input's words, and at least 15% of the input's words changed.
//   node -r ./scripts/ts-register.js libs/humaniser/bench/paraphrase-probe-score.ts [tmp/paraphrase-probe.jsonl]
import * as fs from 'node:fs';
import { similarity } from '../src/core/similarity';
import { MeaningEncoder, SENTENCE_COSINE } from '../src/engine/meaning';

interface Reply {
  model: string;
  input: string;
  output: string;
  ms: number;
}

const words = (s: string): string[] => s.toLowerCase().match(/[a-z0-9']+/g) ?? [];

async function main(): Promise<void> {
  const file = process.argv[2] ?? 'tmp/paraphrase-probe.jsonl';
  const replies = fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Reply);
  const state = await MeaningEncoder.load();
  if (!state.encoder) throw new Error(state.reason);
  const cosines = await state.encoder.cosines(replies.map((r) => [r.input, r.output] as const));
  const scored = replies.map((r, i) => {
    const before = words(r.input);
    const after = new Set(words(r.output));
    const changed = before.filter((w) => !after.has(w)).length / Math.max(1, before.length);
    const kept = similarity(r.input, r.output).missing.length === 0;
    const short = words(r.output).length <= 1.5 * before.length;
    return {
      ...r,
      cosine: cosines[i],
      changed,
      kept,
      passes: cosines[i] >= SENTENCE_COSINE && kept && short && changed >= 0.15,
    };
  });
  for (const model of [...new Set(scored.map((r) => r.model))]) {
    const rs = scored.filter((r) => r.model === model);
    const ms = rs.map((r) => r.ms).sort((a, b) => a - b);
    const count = (f: (r: (typeof rs)[number]) => boolean): number => rs.filter(f).length;
    process.stdout.write(
      `${model}: ${rs.length} replies; cosine >= ${SENTENCE_COSINE}: ${count((r) => r.cosine >= SENTENCE_COSINE)}; ` +
        `unchanged copies: ${count((r) => r.changed === 0)}; names and numbers kept: ${count((r) => r.kept)}; ` +
        `passes (a guarded rewrite of >= 15% of the words): ${count((r) => r.passes)}; p50 ${ms[ms.length >> 1]} ms\n`,
    );
  }
  for (const r of scored.filter((x) => x.cosine >= SENTENCE_COSINE && x.changed > 0))
    process.stdout.write(
      `\n[${r.model}, cosine ${r.cosine.toFixed(3)}, ${(r.changed * 100).toFixed(0)}% changed${r.passes ? ', passes' : ''}]\n` +
        `  in:  ${r.input}\n  out: ${r.output}\n`,
    );
  await state.encoder.release();
}

void main();
