// How the meaning guard's cosine thresholds were chosen (docs/humaniser.md, "Meaning guard"):
//   cd libs/humaniser && node -r ../../scripts/ts-register.js bench/meaning-thresholds.ts [N]
// On the first N texts (default 60) of bench/eval-set.json (claude-3-opus, BiScope; the humaniser's development set,
// never the evaluation set of humanise-eval), with all-MiniLM-L6-v2:
// * sentences: every variant the plan offers for a sentence (tones auto, casual, formal) against the sentence, versus
//   two kinds of meaning change: the next sentence of the same text (same topic, another claim) and a "drift"
//   sentence (first half of the sentence + second half of the next one);
// * paragraphs: each paragraph against its default rewrite, versus the paragraph with one sentence swapped for a
//   sentence of another text, and with its longest sentence dropped.
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as zlib from 'node:zlib';
import { buildPlan, defaultChoice, renderPlan } from '../src/core/plan';
import { resolveTone } from '../src/core/tones';
import { MeaningEncoder, paragraphsOf } from '../src/engine/meaning';

const N = Number(process.argv[2] ?? 60);
const DATA_DIR = process.env.INKPRINT_DATA ?? path.resolve(__dirname, '../../../../shared/datasets');

function pct(xs: number[], qs: number[]): string {
  const s = [...xs].sort((a, b) => a - b);
  return qs.map((q) => `p${q * 100}=${s[Math.min(s.length - 1, Math.floor(q * s.length))].toFixed(3)}`).join(' ');
}
const share = (xs: number[], t: number): string =>
  `${((100 * xs.filter((x) => x >= t).length) / xs.length).toFixed(1)}%`;
const sentencesOf = (p: string): string[] =>
  p.split(/(?<=[.!?])\s+(?=[A-Z"“])/).filter((s) => s.split(/\s+/).length >= 4);

async function main(): Promise<void> {
  const set = (JSON.parse(fs.readFileSync(path.join(__dirname, 'eval-set.json'), 'utf8')) as { id: string }[]).slice(
    0,
    N,
  );
  const want = new Set(set.map((e) => e.id));
  const rows = new Map<string, string>();
  for (const line of zlib
    .gunzipSync(fs.readFileSync(path.join(DATA_DIR, 'biscope.jsonl.gz')))
    .toString('utf8')
    .split('\n')) {
    if (!line) continue;
    const r = JSON.parse(line) as { id: string; text: string };
    if (want.has(r.id)) rows.set(r.id, r.text);
  }
  const texts = set.map((e) => rows.get(e.id)).filter((t): t is string => Boolean(t));
  const state = await MeaningEncoder.load();
  if (!state.encoder) throw new Error(state.reason);
  const enc = state.encoder;
  const variantPairs: [string, string][] = [];
  const nextPairs: [string, string][] = [];
  const driftPairs: [string, string][] = [];
  const paraRewrite: [string, string][] = [];
  const paraSwap: [string, string][] = [];
  const paraDrop: [string, string][] = [];
  texts.forEach((text, ti) => {
    for (const tone of ['auto', 'casual', 'formal'] as const) {
      const plan = buildPlan(text, resolveTone(tone, text), `thresholds:${ti}`);
      const restore = (s: string): string => plan.doc.table.restore(s);
      for (const lp of plan.lines)
        for (const sp of lp.sentences)
          for (const v of sp.variants.slice(0, -1))
            if (v.text !== sp.original) variantPairs.push([restore(sp.original), restore(v.text)]);
      if (tone === 'auto') {
        const out = renderPlan(plan, defaultChoice(plan, `thresholds:${ti}`)).text;
        const a = paragraphsOf(text);
        const b = paragraphsOf(out);
        if (a.length === b.length) a.forEach((p, i) => paraRewrite.push([p, b[i]]));
      }
    }
    const other = sentencesOf(texts[(ti + 1) % texts.length]);
    for (const p of paragraphsOf(text)) {
      const ss = sentencesOf(p);
      for (let i = 0; i + 1 < ss.length; i++) {
        nextPairs.push([ss[i], ss[i + 1]]);
        const a = ss[i].split(/\s+/);
        const b = ss[i + 1].split(/\s+/);
        driftPairs.push([ss[i], [...a.slice(0, a.length >> 1), ...b.slice(b.length >> 1)].join(' ')]);
      }
      if (ss.length >= 3 && other.length) {
        const k = ss.length >> 1;
        paraSwap.push([p, [...ss.slice(0, k), other[0], ...ss.slice(k + 1)].join(' ')]);
        const longest = ss.reduce((m, s, i) => (s.length > ss[m].length ? i : m), 0);
        paraDrop.push([p, ss.filter((_, i) => i !== longest).join(' ')]);
      }
    }
  });
  const report = async (name: string, pairs: [string, string][], ts: number[]): Promise<void> => {
    const c = await enc.cosines(pairs);
    const at = ts.map((t) => `>=${t}: ${share(c, t)}`).join(', ');
    process.stdout.write(`${name.padEnd(34)} n=${String(c.length).padStart(5)}  ${pct(c, [0.01, 0.05, 0.5])}  ${at}\n`);
  };
  process.stdout.write(`${texts.length} texts\n`);
  const st = [0.7, 0.75, 0.8, 0.85];
  await report('sentence: plan variants', variantPairs, st);
  await report('sentence: next sentence', nextPairs, st);
  await report('sentence: half-drift', driftPairs, st);
  const pt = [0.85, 0.9, 0.93, 0.95];
  await report('paragraph: default rewrite', paraRewrite, pt);
  await report('paragraph: one sentence swapped', paraSwap, pt);
  await report('paragraph: longest sentence dropped', paraDrop, pt);
  await enc.release();
}

void main();
