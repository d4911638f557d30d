// humanise-diagnose: where the built-in engine loses change (issue 26). On the first N development texts of the
// unseen-source eval (generators claude-3.5-sonnet and gpt-3.5-turbo only; the other three are the held-out half),
// per sentence: variants the operators propose, how many are identical to the sentence / duplicates / refused by
// variantPasses, how many the sentence encoder refuses, and for each kept default variant whether the search
// objective (n-gram probability + style + markers) rises when it is used alone against the text as written; then
// how many sentences the shipped humanise() actually changed.
//   cd libs/humaniser && node -r ../../scripts/ts-register.js bench/humanise-diagnose.ts [--texts 20]
import { createDetector } from '@inkprint/detector';
import {
  buildPlan,
  createHumaniser,
  machineMarkers,
  measureStyle,
  renderPlan,
  resolveTone,
  styleDistance,
} from '../src';
import { MARKER_WEIGHT, STYLE_WEIGHT } from '../src/engine/humaniser';
import { selectTexts } from './humanise-eval';

const arg = (name: string, dflt: string): string =>
  process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : dflt;
const DEV = new Set(['claude-3.5-sonnet', 'gpt-3.5-turbo']);

async function main(): Promise<void> {
  const n = Number(arg('--texts', '20'));
  const texts = selectTexts(150)
    .filter((r) => DEV.has(r.generator))
    .slice(0, n);
  const detector = await createDetector({ threads: 1 });
  const humaniser = await createHumaniser({ detector, llm: false });
  const enc = humaniser.meaning;
  const tot = { sentences: 0, proposed: 0, identical: 0, duplicate: 0, refused: 0, kept: 0, withVariant: 0 };
  const t2 = {
    encoderRefused: 0,
    variantsChecked: 0,
    defaultsTried: 0,
    objUp: 0,
    pUp: 0,
    styleUp: 0,
    outputChanged: 0,
  };
  for (const row of texts) {
    const profile = resolveTone('auto', row.text);
    const plan = buildPlan(row.text, profile, `auto\u0000${row.text}`);
    for (const k of Object.keys(plan.stats) as (keyof typeof plan.stats)[]) tot[k] += plan.stats[k];
    const restore = (x: string): string => plan.doc.table.restore(x);
    const asWritten = {
      variant: plan.lines.map((l) => l.sentences.map((s) => s.variants.length - 1)),
      merge: plan.lines.map((l) => l.sentences.map(() => false)),
    };
    const objective = async (text: string): Promise<{ o: number; p: number; st: number }> => {
      const { probability } = await detector.probability(text, {
        mode: 'moderate',
        languageModel: 'off',
        encoder: 'off',
      });
      const st =
        STYLE_WEIGHT * styleDistance(measureStyle(text), profile.targets) + MARKER_WEIGHT * machineMarkers(text);
      return { o: probability + st, p: probability, st };
    };
    const base = await objective(renderPlan(plan, asWritten).text);
    for (const [li, lp] of plan.lines.entries())
      for (const [si, sp] of lp.sentences.entries()) {
        if (sp.variants.length > 1) tot.withVariant++;
        for (let vi = 0; vi < sp.variants.length - 1; vi++) {
          t2.variantsChecked++;
          const cos = enc ? (await enc.cosines([[restore(sp.original), restore(sp.variants[vi].text)]]))[0] : 1;
          if (cos < 0.85) {
            t2.encoderRefused++;
            continue;
          }
          if (vi !== 0) continue;
          const c = { variant: asWritten.variant.map((r) => [...r]), merge: asWritten.merge };
          c.variant[li][si] = 0;
          const s = await objective(renderPlan(plan, c).text);
          t2.defaultsTried++;
          if (s.o > base.o + 1e-9) t2.objUp++;
          if (s.p > base.p + 1e-9) t2.pUp++;
          if (s.st > base.st + 1e-9) t2.styleUp++;
        }
      }
    const r = await humaniser.humanise(row.text, { tone: 'auto' });
    const out = r.humanised;
    for (const lp of plan.lines)
      for (const sp of lp.sentences) if (!out.includes(restore(sp.original).trim())) t2.outputChanged++;
    process.stdout.write(
      `${row.id} ${row.generator}: sentences ${plan.stats.sentences}, kept variants ${plan.stats.kept}, ` +
        `changed words ${(r.changedWords * 100).toFixed(1)}%\n`,
    );
  }
  process.stdout.write(`${JSON.stringify({ texts: texts.length, ...tot, ...t2 }, null, 1)}\n`);
  await humaniser.close();
  await detector.close();
}

void main();
