// Independent JavaScript implementation of ml/FEATURES.md (v2) (reference for the TS port).
// Purpose: prove the spec is portable (Python re vs JS /u regexes, NFKC, hashing, float maths) and give the
// TypeScript engineer a compact reference. Run: node ml/tests/js_parity.mjs   (exit code 0 = all fixtures match)
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, "..", "..");
const WL = JSON.parse(readFileSync(join(root, "models", "inkprint-wordlists.json"), "utf8"));
const sets = Object.fromEntries(Object.entries(WL).filter(([, v]) => Array.isArray(v)).map(([k, v]) => [k, new Set(v)]));

// ---- 1. normalisation
const MAP = new Map();
const del = [0x00ad, 0x180e, 0x200b, 0x200c, 0x200d, 0x2060, 0x2061, 0x2062, 0x2063, 0x2064, 0xfeff, 0x7f];
for (let c = 0; c <= 8; c++) del.push(c);
for (let c = 0x0e; c < 0x20; c++) del.push(c);
for (const c of del) MAP.set(c, "");
for (const c of [0x0d, 0x0b, 0x0c, 0x85, 0x2028, 0x2029]) MAP.set(c, "\n");
for (const c of [0x09, 0xa0, 0x1680, 0x202f, 0x205f, 0x3000]) MAP.set(c, " ");
for (let c = 0x2000; c < 0x200b; c++) MAP.set(c, " ");
const HOMO = {
  0x0430: "a", 0x0435: "e", 0x043e: "o", 0x0440: "p", 0x0441: "c", 0x0443: "y", 0x0445: "x", 0x0456: "i", 0x0458: "j",
  0x0455: "s", 0x04bb: "h", 0x0501: "d", 0x051b: "q", 0x051d: "w", 0x04cf: "l", 0x0410: "A", 0x0412: "B", 0x0415: "E",
  0x041a: "K", 0x041c: "M", 0x041d: "H", 0x041e: "O", 0x0420: "P", 0x0421: "C", 0x0422: "T", 0x0423: "Y", 0x0425: "X",
  0x0406: "I", 0x0408: "J", 0x0405: "S", 0x04ae: "Y", 0x0391: "A", 0x0392: "B", 0x0395: "E", 0x0396: "Z", 0x0397: "H",
  0x0399: "I", 0x039a: "K", 0x039c: "M", 0x039d: "N", 0x039f: "O", 0x03a1: "P", 0x03a4: "T", 0x03a5: "Y", 0x03a7: "X",
  0x03bf: "o", 0x03b1: "a", 0x03bd: "v", 0x03b9: "i", 0x03ba: "k", 0x03c1: "p", 0x03c5: "u", 0x0131: "i",
  0x2018: "'", 0x2019: "'", 0x201a: "'", 0x201b: "'", 0x2032: "'", 0x201c: '"', 0x201d: '"', 0x201e: '"', 0x201f: '"',
};
for (const [k, v] of Object.entries(HOMO)) MAP.set(Number(k), v);

function trimSN(s) {
  let a = 0, b = s.length;
  while (a < b && (s[a] === " " || s[a] === "\n")) a++;
  while (b > a && (s[b - 1] === " " || s[b - 1] === "\n")) b--;
  return s.slice(a, b);
}
export function normalize(text) {
  let t = text.normalize("NFKC").replace(/\r\n/g, "\n");
  let out = "";
  for (const ch of t) {
    const r = MAP.get(ch.codePointAt(0));
    out += r === undefined ? ch : r;
  }
  out = out.replace(/ {2,}/g, " ").replace(/ *\n */g, "\n").replace(/\n{3,}/g, "\n\n");
  return trimSN(out);
}

// ---- 2. tokenisation
const W = "[0-9A-Za-z\\u00AA\\u00B5\\u00BA\\u00C0-\\u00D6\\u00D8-\\u00F6\\u00F8-\\u024F\\u0300-\\u036F\\u0370-\\u03FF\\u0400-\\u052F\\u0590-\\u05FF\\u0600-\\u06FF\\u0900-\\u097F\\u3040-\\u30FF\\u3400-\\u4DBF\\u4E00-\\u9FFF\\uAC00-\\uD7AF]";
const TOKEN = W + "+(?:'" + W + "+)*";
const asciiLower = (s) => s.replace(/[A-Z]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 32));
const tokensCased = (norm) => norm.match(new RegExp(TOKEN, "gu")) ?? [];
export const tokenize = (norm) => tokensCased(norm).map(asciiLower);
export function sentences(norm) {
  return norm.replace(/([.!?\u2026]+["')\]]*) /gu, "$1\n").split("\n").map(tokenize).filter((t) => t.length > 0);
}

// ---- 3. hashing
const enc = new TextEncoder();
export function fnv1a32(s) {
  let h = 0x811c9dc5;
  for (const b of enc.encode(s)) h = Math.imul(h ^ b, 0x01000193) >>> 0;
  return h;
}
function block(keys, dim) {
  const counts = new Map();
  for (const k of keys) { const i = fnv1a32(k) % dim; counts.set(i, (counts.get(i) ?? 0) + 1); }
  const idx = [...counts.keys()].sort((a, b) => a - b);
  const vals = idx.map((i) => 1 + Math.log(counts.get(i)));
  let ss = 0; for (const v of vals) ss += v * v;
  const n = Math.sqrt(ss);
  return { idx, vals: vals.map((v) => (n > 0 ? v / n : v)) };
}
const wordKeys = (t) => [...t.map((x) => "w:" + x), ...t.slice(0, -1).map((x, i) => "b:" + x + " " + t[i + 1])];
function charKeys(norm) {
  const c = Array.from(asciiLower(norm).replace(/\n/g, " "));
  const k = [];
  for (let i = 0; i + 3 <= c.length; i++) k.push("c3:" + c.slice(i, i + 3).join(""));
  for (let i = 0; i + 4 <= c.length; i++) k.push("c4:" + c.slice(i, i + 4).join(""));
  return k;
}
const PUNCT = ".,;:!?\"()\u2014\u2013\u2026\n-";
export function fwStream(norm) {
  const re = new RegExp(TOKEN + "|[.,;:!?\"()\\u2014\\u2013\\u2026\\n-]", "gu");
  return (norm.match(re) ?? []).map((s) => {
    if (s.length === 1 && PUNCT.includes(s)) return s;
    const t = asciiLower(s);
    if (sets.function_words.has(t)) return t;
    if (/^[0-9]+$/.test(t)) return "0";
    if (/^[A-Z]/.test(s)) return "C";
    return "_";
  });
}
function fwKeys(st) {
  const k = [];
  for (const n of [2, 3, 4]) for (let i = 0; i + n <= st.length; i++) k.push("f" + n + ":" + st.slice(i, i + n).join(" "));
  return k;
}

// ---- 5. dense
const div = (a, b) => (b > 0 ? a / b : 0);
const mean = (x) => (x.length ? x.reduce((a, b) => a + b, 0) / x.length : 0);
const pstd = (x) => { if (!x.length) return 0; const m = mean(x); return Math.sqrt(x.reduce((a, v) => a + (v - m) * (v - m), 0) / x.length); };
const count = (s, sub) => s.split(sub).length - 1;
export function dense(norm) {
  const tc = tokensCased(norm), t = tc.map(asciiLower), n = t.length;
  const sl = sentences(norm), slen = sl.map((s) => s.length), m = slen.length;
  const sm = mean(slen), ss = pstd(slen);
  let ad = 0; for (let i = 1; i < m; i++) ad += Math.abs(slen[i] - slen[i - 1]);
  const absdiff = m >= 2 ? div(ad / (m - 1), sm) : 0;
  const wlen = t.map((x) => x.length);
  const blocks = n >= 50 ? Array.from({ length: Math.floor(n / 50) }, (_, k) => t.slice(k * 50, k * 50 + 50)) : n ? [t] : [];
  const ttr = [], hap = [];
  for (const b of blocks) {
    const c = new Map(); for (const x of b) c.set(x, (c.get(x) ?? 0) + 1);
    ttr.push(c.size / b.length); hap.push([...c.values()].filter((v) => v === 1).length / b.length);
  }
  const rate = (set) => div(t.filter((x) => set.has(x)).length, n);
  const lines = norm.split("\n").filter((l) => l !== "");
  const letters = (norm.match(/[A-Za-z]/g) ?? []).length;
  return [
    sm, ss, div(ss, sm), div(slen.filter((x) => x <= 8).length, m), div(slen.filter((x) => x >= 30).length, m), absdiff,
    mean(wlen), pstd(wlen), div(wlen.filter((x) => x >= 7).length, n), div(wlen.filter((x) => x <= 3).length, n),
    mean(ttr), mean(hap), rate(sets.function_words), rate(sets.ai_words),
    div(sl.filter((s) => sets.transitions.has(s[0])).length, m), rate(sets.informal_words), rate(sets.first_person),
    rate(sets.second_person), div(t.filter((x) => x.includes("'")).length, n), div(t.filter((x) => /[0-9]/.test(x)).length, n),
    div(tc.filter((x) => /^[A-Z]/.test(x)).length, n), div(tc.filter((x) => /^[A-Z]{2,}$/.test(x)).length, n),
    ...[",", ".", ";", ":", "!", "?", "\u2014", "\u2013", "-", "(", '"', "'"].map((p) => div(count(norm, p), n)),
    div(count(norm, "\u2026") + count(norm, "..."), n), div(count(norm, "*") + count(norm, "#"), n),
    div(count(norm, "\n"), n), div(count(norm, "\n\n"), n),
    div(lines.filter((l) => /^(?:[-*\u2022]|[0-9]{1,3}[.)]) /u.test(l)).length, lines.length), div((norm.match(/[A-Z]/g) ?? []).length, letters),
  ];
}

const LAYOUT = {
  fast: [["word", 65536], ["fw", 16384], ["dense", 40]],
  full: [["word", 65536], ["char", 65536], ["fw", 16384], ["dense", 40]],
};
export function extract(norm, fs) {
  const t = tokenize(norm);
  const idx = [], vals = [];
  let off = 0;
  for (const [fam, dim] of LAYOUT[fs]) {
    let b;
    if (fam === "word") b = block(wordKeys(t), dim);
    else if (fam === "char") b = block(charKeys(norm), dim);
    else if (fam === "fw") b = block(fwKeys(fwStream(norm)), dim);
    else { const d = dense(norm); b = { idx: [], vals: [] }; d.forEach((v, i) => { if (v !== 0) { b.idx.push(i); b.vals.push(v); } }); }
    b.idx.forEach((i, k) => { idx.push(off + i); vals.push(b.vals[k]); });
    off += dim;
  }
  return { idx, vals };
}


// forensic chunking (manifest "chunking"): 150-token windows, stride 75, substrings of norm
export function chunkTexts(norm) {
  const spans = [...norm.matchAll(new RegExp(TOKEN, "gu"))].map((m) => m.index);
  const n = spans.length;
  if (n <= 150) return [norm];
  const starts = [];
  for (let s = 0; s < n - 150; s += 75) starts.push(s);
  if (!starts.length || starts[starts.length - 1] !== n - 150) starts.push(n - 150);
  return starts.map((s) => trimSN(norm.slice(spans[s], s + 150 < n ? spans[s + 150] : norm.length)));
}
