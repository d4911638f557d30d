// Checks the JS port (js_features.mjs) of ml/FEATURES.md against ml/fixtures/parity.jsonl. Run: node ml/tests/js_parity.mjs
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { normalize, tokenize, sentences, fwStream, dense, extract, chunkTexts } from "./js_features.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
// ---- check against fixtures
let bad = 0;
const fix = readFileSync(join(root, "ml", "fixtures", "parity.jsonl"), "utf8").split("\n").filter(Boolean).map((l) => JSON.parse(l));
for (const r of fix) {
  const norm = normalize(r.text);
  const errs = [];
  if (norm !== r.normalized) errs.push("normalized");
  if (JSON.stringify(tokenize(norm)) !== JSON.stringify(r.tokens)) errs.push("tokens");
  if (JSON.stringify(sentences(norm).map((s) => s.length)) !== JSON.stringify(r.sentence_lengths)) errs.push("sentences");
  if (JSON.stringify(fwStream(norm)) !== JSON.stringify(r.fw_stream)) errs.push("fw_stream");
  const d = dense(norm);
  d.forEach((v, i) => { if (Math.abs(Math.fround(v) - r.dense[i]) > 1e-5 * Math.max(1, Math.abs(r.dense[i]))) errs.push("dense[" + i + "]"); });
  for (const fs of ["fast", "full"]) {
    const { idx, vals } = extract(norm, fs);
    if (JSON.stringify(idx) !== JSON.stringify(r.features[fs].indices)) errs.push(fs + ".indices");
    else vals.forEach((v, k) => { if (Math.abs(Math.fround(v) - r.features[fs].values[k]) > 1e-6) errs.push(fs + ".values"); });
  }
  if (JSON.stringify(chunkTexts(norm)) !== JSON.stringify(r.chunks)) errs.push("chunks");
  if (errs.length) { bad++; console.log("MISMATCH", r.name, [...new Set(errs)].join(",")); }
}
console.log(`${fix.length - bad}/${fix.length} fixtures match`);
process.exit(bad ? 1 : 0);
