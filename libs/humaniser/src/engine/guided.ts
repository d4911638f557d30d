// The guided edit search (issue 40): after the plan's search has chosen a variant per sentence, word edits go
// further where the guide detector sees the most machine evidence.
//
// 1. Rank sentences by their AI evidence: the guide's probability for the sentence alone (highest first).
// 2. For each, in that order, propose single-word swaps (core/edits.ts: the WordNet-derived table, by part of speech,
//    inflected) and score each alone on the whole text with the guide objective (one call each).
// 3. Keep the swaps that did not raise the objective by GUIDE_TOLERANCE, best first, up to a share of the sentence's
//    words; the sentence must still pass the variant guard (names, spans, a/an, no doubled word) and keep a sentence
//    cosine >= the floor (MiniLM): the weakest swaps are dropped until it does. The whole text is scored once more;
//    the edited sentence is kept when the objective did not rise.
//    With in-context proposals on (engine/lm-proposals.ts, `propose`): Gemma's own alternatives at the sentence's most
//    predictable words are tried after the table's swaps, each only when the sentence with it alone keeps
//    LM_SWAP_COSINE to the sentence as written.
// 4. Stop when the changed-word share reaches the tone's edit budget, the call budget is spent, or no sentence is
//    left - not at the first dip under 0.5.
//
// The guide is only ever the caller's `objective` (the product detector in moderate mode with its language model
// off); the forensic mode and the independent detector that judge the result are never queried here.
import { wordCount } from '../core/document';
import { applyEdits, proposeEdits, type WordEdit } from '../core/edits';
import { renderPlan, variantPasses, type Choice, type Plan } from '../core/plan';
import type { Rng } from '../core/rng';
import { AUTO_TONE, TONE_DEFINITIONS, type Tone } from '../core/tones';

/** Share of the input's words the guided search may bring the rewrite to, per tone (core/tones.ts; auto: 25%). */
export const EDIT_BUDGET = {
  auto: AUTO_TONE.editBudget,
  ...Object.fromEntries(Object.entries(TONE_DEFINITIONS).map(([tone, d]) => [tone, d.editBudget])),
} as Record<Tone, number>;
/** At most this share of a sentence's words is swapped (a sentence keeps most of its words). */
export const SENTENCE_SWAP_SHARE = 0.34;
/** Sentence cosine (MiniLM) an edited sentence keeps to the sentence as written. */
export const GUIDED_COSINE = 0.9;
/**
 * A swap is kept when the guide objective rises by less than this (about the change reward of one word in 300): the
 * budget, not the first swap the guide is indifferent to, ends the search; a swap the guide objects to never passes.
 */
export const GUIDE_TOLERANCE = 0.002;
/**
 * A structural variant of the plan (clause moved, sentence split, participle joined, phrase put plainly) that the
 * plan's search left out because the guide read it a little higher is taken when the guide objective rises by less
 * than this, and it changes more of the sentence than the variant chosen: the tone's edit budget, not a rise of a
 * hundredth in the n-gram probability, decides how much of the text is rewritten (issue 40). 0.01 is about the change
 * reward of eight words in 400.
 */
export const STRUCTURE_TOLERANCE = 0.01;
/** Share of the proposed swaps a non-default seed withholds (another attempt keeps another set of swaps). */
export const WITHHELD = 0.35;
/**
 * Sentence cosine (MiniLM) a sentence with one in-context proposal alone keeps to the sentence as written: on sentences
 * written for the check, an antonym read 0.77-0.91 ("expand" -> "reduce", "won" -> "lost"), a kept sense-mate
 * 0.945-0.986 ("expand" -> "extend", "commence" -> "begin").
 */
export const LM_SWAP_COSINE = 0.93;
/** Guide calls the guided search may spend per text. */
export const GUIDED_CALLS = 120;

export interface GuidedReport {
  /** The detector the search queried (never the judges). */
  guide: string;
  /** Sentences ranked and edited. */
  sentences: number;
  edited: number;
  /** Word swaps kept. */
  swaps: number;
  /** Swaps proposed and tried alone, and those refused: the guide's objective rose, or the sentence's meaning guard. */
  proposed: number;
  refusedByGuide: number;
  refusedByMeaning: number;
  /** Sentences given a structural variant of the plan the plan's search had left out (STRUCTURE_TOLERANCE). */
  restructured: number;
  /** Examples of swaps kept ("huge -> vast"), at most 8. */
  examples: string[];
  calls: number;
  /** The tone's edit budget (share of words). */
  budget: number;
  /**
   * In-context proposals (Gemma's alternatives, engine/lm-proposals.ts) when on: offered after the table's swaps and
   * the per-swap cosine, tried with the guide, kept in the rewrite; examples "made -> had".
   */
  lm?: { offered: number; refusedByMeaning: number; tried: number; kept: number; examples: string[] };
}

export interface GuidedContext {
  original: string;
  plan: Plan;
  choice: Choice;
  budget: number;
  /** The guide objective of a whole candidate text (lower is more human); each call counts. */
  objective: (text: string) => Promise<number>;
  /** The guide's probability of one sentence alone (its AI evidence). */
  evidence: (sentence: string) => Promise<number>;
  /** Cosine of a sentence and its rewrite, or undefined without the sentence encoder. */
  cosine?: (a: string, b: string) => Promise<number>;
  changedShare: (a: string, b: string) => number;
  maxCalls?: number;
  /**
   * Another seed than the default ('Regenerate', the API's attempt 1, 2 …): withhold a seeded share of the swaps
   * (WITHHELD) and try the rest in a seeded order, so that each attempt keeps another set of swaps.
   */
  rng?: Rng;
  /** In-context proposals for a masked sentence (engine/lm-proposals.ts), tried after the table's swaps. */
  propose?: (masked: string) => Promise<WordEdit[]>;
}

export interface GuidedResult {
  plan: Plan;
  choice: Choice;
  text: string;
  /** Cosines of the edited sentences, keyed `line:sentence:variant` in the returned plan. */
  cos: Map<string, number>;
  report: GuidedReport;
}

/** A shallow copy of the plan whose sentences' variant lists can be extended. */
function clonePlan(plan: Plan): Plan {
  return {
    ...plan,
    lines: plan.lines.map((lp) => ({
      ...lp,
      sentences: lp.sentences.map((sp) => ({ ...sp, variants: [...sp.variants] })),
    })),
  };
}

/**
 * The plan's variant of one sentence that changes more of it than the chosen one, where the guide objective rises by
 * less than STRUCTURE_TOLERANCE and the sentence keeps GUIDED_COSINE (the most changed first, then the least rise);
 * `choice` is updated.
 */
async function restructure(
  ctx: GuidedContext,
  plan: Plan,
  choice: Choice,
  li: number,
  si: number,
  current: number,
  report: GuidedReport,
): Promise<{ text: string; objective: number; cosine: number } | undefined> {
  const sp = plan.lines[li].sentences[si];
  const at = choice.variant[li][si];
  const restore = (x: string): string => plan.doc.table.restore(x);
  const share = (t: string): number => ctx.changedShare(restore(sp.original), restore(t));
  const tried = new Set([sp.variants[at].text, sp.original]);
  let best: { k: number; text: string; objective: number; gain: number } | undefined;
  for (const [k, v] of sp.variants.entries()) {
    if (tried.has(v.text) || share(v.text) <= share(sp.variants[at].text)) continue;
    tried.add(v.text);
    if ((ctx.maxCalls ?? GUIDED_CALLS) <= report.calls) break;
    const c = { variant: choice.variant.map((x) => [...x]), merge: choice.merge };
    c.variant[li][si] = k;
    const text = renderPlan(plan, c).text;
    const o = await ctx.objective(text);
    report.calls++;
    // the most changed variant under the tolerance (the budget decides how much is rewritten), then the lowest
    const gain = share(v.text);
    if (o - current < STRUCTURE_TOLERANCE && (!best || gain > best.gain || (gain === best.gain && o < best.objective)))
      best = { k, text, objective: o, gain };
  }
  if (!best) return undefined;
  const cosine = ctx.cosine ? await ctx.cosine(restore(sp.original), restore(sp.variants[best.k].text)) : 1;
  if (cosine < GUIDED_COSINE) return undefined;
  choice.variant[li][si] = best.k;
  report.restructured++;
  return { text: best.text, objective: best.objective, cosine };
}

export async function guidedEdit(ctx: GuidedContext): Promise<GuidedResult> {
  const plan = clonePlan(ctx.plan);
  const choice: Choice = { variant: ctx.choice.variant.map((v) => [...v]), merge: ctx.choice.merge.map((m) => [...m]) };
  const restore = (x: string): string => plan.doc.table.restore(x);
  const maxCalls = ctx.maxCalls ?? GUIDED_CALLS;
  const report: GuidedReport = {
    guide: 'moderate detector, language model off',
    sentences: 0,
    edited: 0,
    restructured: 0,
    swaps: 0,
    proposed: 0,
    refusedByGuide: 0,
    refusedByMeaning: 0,
    examples: [],
    calls: 0,
    budget: ctx.budget,
    ...(ctx.propose ? { lm: { offered: 0, refusedByMeaning: 0, tried: 0, kept: 0, examples: [] } } : {}),
  };
  const fromLm = new Set<WordEdit>();
  const cos = new Map<string, number>();
  let text = renderPlan(plan, choice).text;
  let current = await ctx.objective(text);
  report.calls++;

  // 1. rank sentences by the guide's evidence
  const slots: { li: number; si: number; p: number }[] = [];
  for (const [li, lp] of plan.lines.entries())
    for (const [si, sp] of lp.sentences.entries()) {
      const v = sp.variants[choice.variant[li][si]];
      // a sentence of a quotation the plan keeps as written (SentencePlan.quoted) is not edited either
      if (wordCount(v.text) < 5 || sp.quoted) continue;
      report.calls++;
      slots.push({ li, si, p: await ctx.evidence(restore(v.text)) });
    }
  slots.sort((a, b) => b.p - a.p);
  report.sentences = slots.length;

  for (const { li, si } of slots) {
    if (report.calls >= maxCalls) break;
    if (ctx.changedShare(ctx.original, text) >= ctx.budget) break;
    const sp = plan.lines[li].sentences[si];
    const moved = await restructure(ctx, plan, choice, li, si, current, report);
    if (moved) {
      ({ text, objective: current } = moved);
      cos.set(`${li}:${si}:${choice.variant[li][si]}`, moved.cosine);
      if (ctx.changedShare(ctx.original, text) >= ctx.budget) break;
    }
    const at = choice.variant[li][si];
    const base = sp.variants[at];
    const rng = ctx.rng;
    // a word the plan already put in ("ultimately" -> "finally") is not swapped again ("finally" -> "at last"): each
    // swap is read against the word as written, and a chain drifts from its sense
    const written = new Set(sp.original.toLowerCase().match(/[a-z'’-]+/g) ?? []);
    const table = proposeEdits(base.text, 3).filter((e) => written.has(e.from.toLowerCase()));
    const extra: WordEdit[] = [];
    if (ctx.propose && report.lm) {
      for (const e of await ctx.propose(base.text).catch(() => [] as WordEdit[])) {
        if (table.some((x) => x.start === e.start && x.to === e.to)) continue;
        report.lm.offered++;
        const t = applyEdits(base.text, [e]);
        if (ctx.cosine && (await ctx.cosine(restore(sp.original), restore(t))) < LM_SWAP_COSINE) {
          report.lm.refusedByMeaning++;
          continue;
        }
        fromLm.add(e);
        extra.push(e);
      }
    }
    const proposals = [...table, ...extra].filter(() => !rng || !rng.chance(WITHHELD));
    if (!proposals.length) continue;
    if (rng)
      for (let i = proposals.length - 1; i > 0; i--) {
        const j = rng.int(i + 1);
        [proposals[i], proposals[j]] = [proposals[j], proposals[i]];
      }
    // 2. each swap alone, scored on the whole text
    const scored: { e: WordEdit; gain: number }[] = [];
    const asVariant = (t: string): number => {
      // the trial variant sits just before the sentence as written (the last variant stays the as-written one)
      const k = sp.variants.length - 1;
      sp.variants.splice(k, 0, { text: t, changes: base.changes });
      return k;
    };
    const dropVariant = (k: number): void => void sp.variants.splice(k, 1);
    for (const e of proposals) {
      if (report.calls >= maxCalls) break;
      if (scored.some((x) => x.e.start === e.start && x.gain < 0)) continue;
      const t = applyEdits(base.text, [e]);
      if (!variantPasses(sp.original, t)) continue;
      const k = asVariant(t);
      const c = { variant: choice.variant.map((v) => [...v]), merge: choice.merge };
      c.variant[li][si] = k;
      const o = await ctx.objective(renderPlan(plan, c).text);
      report.calls++;
      dropVariant(k);
      report.proposed++;
      if (fromLm.has(e) && report.lm) report.lm.tried++;
      if (o - current >= GUIDE_TOLERANCE) report.refusedByGuide++;
      scored.push({ e, gain: o - current });
    }
    // 3. the swaps that helped, best first, one per word, within the sentence's share
    const words = wordCount(base.text);
    const cap = Math.max(1, Math.floor(words * SENTENCE_SWAP_SHARE));
    const keep: WordEdit[] = [];
    for (const { e } of scored.filter((x) => x.gain < GUIDE_TOLERANCE).sort((a, b) => a.gain - b.gain)) {
      if (keep.length >= cap) break;
      if (keep.some((k) => k.start === e.start)) continue;
      keep.push(e);
    }
    let edited: string | undefined;
    let cosine = 1;
    while (keep.length) {
      const t = applyEdits(base.text, keep);
      if (variantPasses(sp.original, t)) {
        cosine = ctx.cosine ? await ctx.cosine(restore(sp.original), restore(t)) : 1;
        if (cosine >= GUIDED_COSINE) {
          edited = t;
          break;
        }
      }
      keep.pop();
      report.refusedByMeaning++;
    }
    if (!edited) continue;
    const k = asVariant(edited);
    const c = { variant: choice.variant.map((v) => [...v]), merge: choice.merge };
    c.variant[li][si] = k;
    const candidate = renderPlan(plan, c).text;
    const o = await ctx.objective(candidate);
    report.calls++;
    if (o > current + 1e-9) {
      dropVariant(k);
      continue;
    }
    sp.variants[k] = { text: edited, changes: base.changes };
    choice.variant[li][si] = k;
    // a variant index at or after k of another choice in this plan moved by one; only `choice` refers to this plan
    cos.set(`${li}:${si}:${k}`, cosine);
    current = o;
    text = candidate;
    report.edited++;
    report.swaps += keep.length;
    for (const e of keep) if (report.examples.length < 8) report.examples.push(`${e.from} -> ${e.to}`);
    if (report.lm)
      for (const e of keep.filter((x) => fromLm.has(x))) {
        report.lm.kept++;
        if (report.lm.examples.length < 8) report.lm.examples.push(`${e.from} -> ${e.to}`);
      }
  }
  return { plan, choice, text, cos, report };
}
