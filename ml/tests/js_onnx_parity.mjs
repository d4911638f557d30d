// Runs the exported models in onnxruntime-node (the product runtime) on the parity fixtures: features are computed
// by the independent JS port (js_parity.mjs exports) and the per-mode probabilities are compared to the fixtures
// (tolerance 1e-4). Needs onnxruntime-node resolvable from the repo root (node_modules). Run: node ml/tests/js_onnx_parity.mjs
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const require = createRequire(join(root, "package.json"));
const ort = require("onnxruntime-node");
const F = await import("./js_features.mjs");

const man = JSON.parse(readFileSync(join(root, "models", "inkprint-detector.json"), "utf8"));
const sess = {};
for (const [name, m] of Object.entries(man.models)) sess[name] = await ort.InferenceSession.create(join(root, "models", m.file), { intraOpNumThreads: 1, interOpNumThreads: 1 });
const dims = { fast: man.feature_sets.fast.dim, full: man.feature_sets.full.dim };

function vec(norm, fs) {
  const { idx, vals } = F.extract(norm, fs);
  const x = new Float32Array(dims[fs]);
  idx.forEach((i, k) => (x[i] = vals[k]));
  return x;
}
async function run(name, rows, D) {
  const data = new Float32Array(rows.length * D);
  rows.forEach((r, i) => data.set(r, i * D));
  const out = await sess[name].run({ features: new ort.Tensor("float32", data, [rows.length, D]) });
  return Array.from(out.probability.data);
}
const logit = (p) => { const q = Math.min(Math.max(p, 1e-7), 1 - 1e-7); return Math.log(q / (1 - q)); };
async function score(text, mode) {
  const norm = F.normalize(text);
  if (mode === "fast") return (await run("fast", [vec(norm, "fast")], dims.fast))[0];
  // the mode's document model (strong and forensic read moderate's since lm_cascade --strong-base / --forensic-base
  // moderate; forensic's aggregator path below only while its manifest entry names the aggregator)
  if (mode === "moderate" || mode === "strong" || !man.modes[mode].models.includes("forensic"))
    return (await run(man.modes[mode].models[0], [vec(norm, "full")], dims.full))[0];
  const ch = F.chunkTexts(norm);
  const texts = [norm, ...(ch.length > 1 ? ch : [])];
  const ps = await run("strong", texts.map((t) => vec(t, "full")), dims.full);
  const z = ps.map(logit);
  const zc = z.length > 1 ? z.slice(1) : z;
  const agg = [z[0], zc.reduce((a, b) => a + b, 0) / zc.length, Math.max(...zc), Math.min(...zc)];
  return (await run("forensic", [Float32Array.from(agg)], 4))[0];
}

let bad = 0, worst = 0;
const fix = readFileSync(join(root, "ml", "fixtures", "parity.jsonl"), "utf8").split("\n").filter(Boolean).map((l) => JSON.parse(l));
for (const r of fix) {
  if (JSON.stringify(F.chunkTexts(F.normalize(r.text))) !== JSON.stringify(r.chunks)) { bad++; console.log("CHUNKS", r.name); }
  for (const mode of ["fast", "moderate", "strong", "forensic"]) {
    const p = await score(r.text, mode);
    // moderate and strong stack the fine-tuned encoder on top (libs/detector's parity test checks that): this port
    // checks their n-gram models, `ngram_probability`
    const want = r.ngram_probability?.[mode] ?? r.probability[mode];
    const d = Math.abs(p - want);
    worst = Math.max(worst, d);
    if (d > 1e-4) { bad++; console.log("MISMATCH", r.name, mode, p, want); }
  }
}
// latency on a ~500-word text (features + inference), single call, after warm-up
const pool = fix.filter((r) => ["ai_long", "human_long", "numbers", "dashes", "questions", "essay_student"].includes(r.name)).map((r) => r.text).join(" ");
const text500 = pool.split(" ").slice(0, 500).join(" ");
for (const mode of ["fast", "moderate", "strong", "forensic"]) {
  await score(text500, mode);
  const t0 = performance.now(); const reps = 10;
  for (let i = 0; i < reps; i++) await score(text500, mode);
  console.log(`latency ${mode}: ${((performance.now() - t0) / reps).toFixed(2)} ms / 500 words (node, JS port, onnxruntime-node)`);
}
console.log(`${fix.length * 4 - bad}/${fix.length * 4} mode probabilities match (max |diff| ${worst.toExponential(2)})`);
process.exit(bad ? 1 : 0);
