// The plan's search: coordinate descent over the plan's choices (one variant per sentence, merge flags), each choice
// rendered and scored by the guide detector on the objective (objective.ts); a change is kept when it lowers it.
import type { Changes } from '../core/operators';
import { defaultChoice, renderPlan, type Choice, type Plan } from '../core/plan';
import { Rng } from '../core/rng';
import { objectiveOf } from './objective';
import type { EngineSettings } from './settings';

/** A rendered choice and its score. */
export interface Scored {
  text: string;
  p: number;
  /** The search objective: detector probability + style distance weight (lower is better). */
  objective: number;
  changes: Changes;
  choice: Choice;
}

export function cloneChoice(c: Choice): Choice {
  return { variant: c.variant.map((v) => [...v]), merge: c.merge.map((m) => [...m]) };
}

/**
 * Coordinate descent over the plan's choices (seeded order, a fixed budget of detector calls): for each sentence
 * try its other variants and merge flag and keep the change that lowers the objective (the detector's probability
 * plus the distance to the tone's style targets). No threshold ends it early: it spends its budget looking for the
 * best rewrite the guards allow. Rewrites in `avoid` (returned before for this text) are never chosen.
 */
export async function searchPlan(
  settings: EngineSettings,
  original: string,
  plan: Plan,
  seed: string,
  counter: { calls: number },
  avoid: Set<string>,
  blocked: Set<string>,
): Promise<{ best: Scored; pool: Map<string, Scored> }> {
  const { detector, mode, budget } = settings;
  const targets = plan.profile.targets;
  const pool = new Map<string, Scored>();
  const score = async (choice: Choice): Promise<Scored> => {
    const r = renderPlan(plan, choice);
    counter.calls++;
    // The search scores dozens of candidates: on the mode's n-gram model alone (the language model would cost a
    // second a candidate, the fine-tuned encoder ~200 ms); the judge below re-scores the few best with the mode's
    // strongest evidence (language model or encoder), and the before/after evaluation uses the mode as detections do.
    const { probability } = await detector.probability(r.text, { mode, languageModel: 'off', encoder: 'off' });
    const objective = objectiveOf(probability, r.text, original, targets, settings, avoid);
    const scored = { text: r.text, p: probability, objective, changes: r.changes, choice };
    if (!pool.has(r.text)) pool.set(r.text, scored);
    return scored;
  };
  const first = defaultChoice(plan, seed);
  // a variant the sentence encoder refused is replaced by the next allowed one (the last, as written, always is)
  first.variant.forEach((row, li) =>
    row.forEach((v, si) => {
      let k = v;
      while (blocked.has(`${li}:${si}:${k}`)) k++;
      row[si] = k;
    }),
  );
  let best = await score(first);
  const slots: { li: number; si: number }[] = [];
  plan.lines.forEach((lp, li) => lp.sentences.forEach((_, si) => slots.push({ li, si })));
  const rng = new Rng(`${seed}:order`);
  for (let i = slots.length - 1; i > 0; i--) {
    const j = rng.int(i + 1);
    [slots[i], slots[j]] = [slots[j], slots[i]];
  }
  let spent = 0;
  for (let pass = 0; pass < 3 && spent < budget; pass++) {
    let improved = false;
    for (const { li, si } of slots) {
      if (spent >= budget) break;
      const sp = plan.lines[li].sentences[si];
      const tries: Choice[] = [];
      for (let v = 0; v < sp.variants.length; v++) {
        if (v === best.choice.variant[li][si] || blocked.has(`${li}:${si}:${v}`)) continue;
        const c = cloneChoice(best.choice);
        c.variant[li][si] = v;
        tries.push(c);
      }
      if (sp.mergeable) {
        const c = cloneChoice(best.choice);
        c.merge[li][si] = !c.merge[li][si];
        tries.push(c);
      }
      for (const c of tries) {
        if (spent >= budget) break;
        spent++;
        const s = await score(c);
        if (s.objective < best.objective - 1e-9) {
          best = s;
          improved = true;
        }
      }
    }
    if (!improved) break;
  }
  return { best, pool };
}
