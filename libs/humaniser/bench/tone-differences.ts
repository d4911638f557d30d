// tone-differences: do the tones differ? (issue 40 item 3, "Tones differ measurably"; docs/humaniser.md). Reads a
// humanise-eval result file in which several tones rewrote the same texts and prints, per tone, what the rewrite
// measures (core/style.ts, per 100 words: contractions, first/second person, formality; mean sentence length) next to
// the input's, the words changed, and how far the tone's rewrite is from auto's and from the nearest other tone's
// rewrite of the same text (share of words changed between the two rewrites, engine/objective.ts changedWordShare).
//   cd libs/humaniser && node -r ../../scripts/ts-register.js bench/tone-differences.ts ../../tmp/tones-dev.jsonl
import * as fs from 'node:fs';
import { measureStyle } from '../src/core/style';
import { changedWordShare } from '../src/engine/objective';

interface Line {
  id: string;
  tone: string;
  original: string;
  humanised: string;
  changedWords: number;
}

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? (s.length % 2 ? s[s.length >> 1] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2) : NaN;
};
const f1 = (x: number): string => (Number.isNaN(x) ? '—' : x.toFixed(1));
const pct = (x: number): string => (Number.isNaN(x) ? '—' : `${(x * 100).toFixed(1)}%`);

function main(): void {
  const file = process.argv[2];
  if (!file) throw new Error('usage: tone-differences.ts RESULT.jsonl');
  const lines = fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Line);
  const byText = new Map<string, Map<string, Line>>();
  for (const l of lines) byText.set(l.id, (byText.get(l.id) ?? new Map<string, Line>()).set(l.tone, l));
  const tones = [...new Set(lines.map((l) => l.tone))];
  // only texts every tone rewrote, so the tones are compared on the same texts
  const shared = [...byText.values()].filter((m) => tones.every((t) => m.has(t)));
  const rows = [
    '| tone | texts | words changed, median | contractions / 100 words (input → rewrite) | first/second person / 100 words | formality / 100 words | mean sentence length | apart from auto, median | apart from the nearest other tone, median (which) |',
    '| --- | --: | --: | --: | --: | --: | --: | --: | --: |',
  ];
  for (const tone of tones) {
    const mine = shared.map((m) => m.get(tone) as Line);
    const inStyle = mine.map((l) => measureStyle(l.original));
    const outStyle = mine.map((l) => measureStyle(l.humanised));
    const fromAuto =
      tone === 'auto' || !tones.includes('auto')
        ? []
        : shared.map((m) => changedWordShare((m.get('auto') as Line).humanised, (m.get(tone) as Line).humanised));
    let nearest = { tone: '', gap: Infinity };
    for (const other of tones)
      if (other !== tone) {
        const gap = median(
          shared.map((m) => changedWordShare((m.get(other) as Line).humanised, (m.get(tone) as Line).humanised)),
        );
        if (gap < nearest.gap) nearest = { tone: other, gap };
      }
    rows.push(
      `| ${tone} | ${mine.length} | ${pct(median(mine.map((l) => l.changedWords)))} | ` +
        `${f1(median(inStyle.map((s) => s.contractions)))} → ${f1(median(outStyle.map((s) => s.contractions)))} | ` +
        `${f1(median(inStyle.map((s) => s.person)))} → ${f1(median(outStyle.map((s) => s.person)))} | ` +
        `${f1(median(inStyle.map((s) => s.formality)))} → ${f1(median(outStyle.map((s) => s.formality)))} | ` +
        `${f1(median(inStyle.map((s) => s.meanLength)))} → ${f1(median(outStyle.map((s) => s.meanLength)))} | ` +
        `${fromAuto.length ? pct(median(fromAuto)) : '—'} | ${pct(nearest.gap)} (${nearest.tone}) |`,
    );
  }
  process.stdout.write(`${shared.length} texts rewritten in all of ${tones.join(', ')}\n\n${rows.join('\n')}\n`);
}

main();
