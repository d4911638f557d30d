// paraphrase-probe: can the generators this machine has rewrite a sentence faithfully? (issue 40; docs/humaniser.md,
// "Clause-level generation with the models at hand"). Takes 30 sentences (12-32 words, no quotation marks, the third of
// each text) from GECScore development-half texts 200-400 (claude-3.5-sonnet, gpt-3.5-turbo), asks
//   - Gemma 3 270M base (models/lm, npm run models:fetch) with a three-shot "Original: … / Rewrite: …" prompt, and
//   - SmolLM2-135M-Instruct (models/smollm2, bash scripts/llm-fetch.sh) in chat with a rewrite instruction,
// temperature 0.3, seed 1, one ONNX-free llama.cpp thread, first line of the reply; writes one JSON line per reply.
// Scored by paraphrase-probe-score.ts (the humaniser's own sentence encoder and guards).
//   node libs/humaniser/bench/paraphrase-probe.mjs [--out tmp/paraphrase-probe.jsonl]   (from the repository root)
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as zlib from 'node:zlib';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const DATA = process.env.INKPRINT_DATA ?? path.resolve(ROOT, '../shared/datasets');
const out = process.argv.includes('--out')
  ? process.argv[process.argv.indexOf('--out') + 1]
  : path.join(ROOT, 'tmp/paraphrase-probe.jsonl');
const { getLlama, LlamaChatSession, LlamaCompletion } = await import(
  pathToFileURL(path.join(ROOT, '.services/llm/node_modules/node-llama-cpp/dist/index.js')).href
);

const rows = zlib
  .gunzipSync(fs.readFileSync(path.join(DATA, 'gecscore.jsonl.gz')))
  .toString()
  .split('\n')
  .filter(Boolean)
  .map((l) => JSON.parse(l))
  .filter((r) => r.generator === 'claude-3.5-sonnet' || r.generator === 'gpt-3.5-turbo');
const sentences = [];
for (const r of rows.slice(200, 400)) {
  const s = r.text
    .replace(/([.!?])([A-Z"])/g, '$1 $2')
    .split(/(?<=[.!?])\s+/)
    .filter((x) => x.split(' ').length >= 12 && x.split(' ').length <= 32 && !/["“”]/.test(x));
  if (s[2]) sentences.push(s[2]);
  if (sentences.length >= 30) break;
}

const SHOTS = `Rewrite each sentence in plain words, keeping its meaning, names and numbers.

Original: The committee has decided to postpone the meeting until further notice due to unforeseen circumstances.
Rewrite: Something came up, so the committee put the meeting off until further notice.

Original: She meticulously examined every document, ensuring that no detail was overlooked in the final report.
Rewrite: She went through every document carefully so the final report would not miss a thing.

Original: The new policy is expected to significantly reduce costs for small businesses across the region.
Rewrite: Small businesses across the region should pay a lot less under the new policy.

`;
const SYSTEM =
  'You rewrite sentences in plain words. Keep the meaning, names and numbers. Reply with the rewritten sentence only.';
const params = { maxTokens: 60, temperature: 0.3, topP: 0.9, seed: 1 };
const llama = await getLlama({ gpu: false });
const lines = [];

const gemma = await llama.loadModel({ modelPath: path.join(ROOT, 'models/lm/gemma-3-270m-q4_k_m.gguf') });
const gemmaCtx = await gemma.createContext({ contextSize: 1024, threads: 1 });
const completion = new LlamaCompletion({ contextSequence: gemmaCtx.getSequence() });
for (const input of sentences) {
  const t0 = Date.now();
  const reply = await completion.generateCompletion(`${SHOTS}Original: ${input}\nRewrite:`, {
    ...params,
    stopGenerationTriggers: ['\n'],
  });
  lines.push({ model: 'gemma-3-270m-base', input, output: reply.split('\n')[0].trim(), ms: Date.now() - t0 });
}
await gemmaCtx.dispose();
await gemma.dispose();

const smol = await llama.loadModel({ modelPath: path.join(ROOT, 'models/smollm2/SmolLM2-135M-Instruct.Q4_1.gguf') });
const smolCtx = await smol.createContext({ contextSize: 1024, threads: 1 });
for (const input of sentences) {
  const sequence = smolCtx.getSequence();
  const chat = new LlamaChatSession({ contextSequence: sequence, systemPrompt: SYSTEM });
  const t0 = Date.now();
  const reply = await chat.prompt(input, params);
  lines.push({ model: 'smollm2-135m-instruct', input, output: reply.split('\n')[0].trim(), ms: Date.now() - t0 });
  chat.dispose();
  sequence.dispose();
}
await smolCtx.dispose();
await smol.dispose();

fs.mkdirSync(path.dirname(out), { recursive: true });
fs.writeFileSync(out, `${lines.map((l) => JSON.stringify(l)).join('\n')}\n`);
process.stdout.write(`paraphrase-probe: ${lines.length} replies -> ${out}\n`);
