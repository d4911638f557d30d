// The meaning guard: the sentence encoder refuses variants that moved too far from their sentence, and a chosen
// rewrite is relaxed sentence by sentence to the text as written until it keeps the words, the entities, every
// sentence and each paragraph's meaning.
import type { Changes } from '../core/operators';
import { renderPlan, type Choice, type Plan } from '../core/plan';
import { proseSentences, similarity, SIMILARITY_THRESHOLD, type Similarity } from '../core/similarity';
import {
  PARAGRAPH_COSINE,
  SENTENCE_COSINE,
  type EncoderState,
  type MeaningEncoder,
  type MeaningScore,
} from './meaning';
import { cloneChoice, type Scored } from './search';

/** Variants whose cosine to the sentence they rewrite is below SENTENCE_COSINE, as `line:sentence:variant`. */
export async function refusedVariants(
  meaning: EncoderState,
  plan: Plan,
): Promise<{ blocked: Set<string>; cos: Map<string, number> }> {
  const blocked = new Set<string>();
  const cos = new Map<string, number>();
  if (!meaning.encoder) return { blocked, cos };
  const keys: string[] = [];
  const pairs: [string, string][] = [];
  const restore = (x: string): string => plan.doc.table.restore(x);
  plan.lines.forEach((lp, li) =>
    lp.sentences.forEach((sp, si) =>
      sp.variants.forEach((v, vi) => {
        if (vi === sp.variants.length - 1 || v.text === sp.original) return;
        keys.push(`${li}:${si}:${vi}`);
        pairs.push([restore(sp.original), restore(v.text)]);
      }),
    ),
  );
  const values = await meaning.encoder.cosines(pairs);
  keys.forEach((k, i) => {
    cos.set(k, values[i]);
    if (values[i] < SENTENCE_COSINE) blocked.add(k);
  });
  return { blocked, cos };
}

/** Relax sentences to their light variant (and undo merges) until the meaning guard passes. */
export async function guard(
  meaning: EncoderState,
  original: string,
  plan: Plan,
  chosen: Scored,
  ignore: string[],
): Promise<{ text: string; changes: Changes; sim: Similarity; ok: boolean; choice: Choice }> {
  const check = (text: string): Similarity => similarity(original, text, { ignoreSentences: ignore });
  const paragraphsKept = async (text: string): Promise<boolean> =>
    !meaning.encoder || Math.min(...(await meaning.encoder.paragraphCosines(original, text))) >= PARAGRAPH_COSINE;
  const passes = async (s: Similarity, text: string): Promise<boolean> =>
    s.score >= SIMILARITY_THRESHOLD && s.missing.length === 0 && s.dropped.length === 0 && (await paragraphsKept(text));
  let sim = check(chosen.text);
  if (await passes(sim, chosen.text))
    return { text: chosen.text, changes: chosen.changes, sim, ok: true, choice: chosen.choice };
  const choice = cloneChoice(chosen.choice);
  // relax the most-changed sentences first
  const order: { li: number; si: number; weight: number }[] = [];
  plan.lines.forEach((lp, li) =>
    lp.sentences.forEach((sp, si) => {
      const v = sp.variants[choice.variant[li][si]];
      const weight = v ? Object.values(v.changes).reduce((a, b) => a + b, 0) : 0;
      order.push({ li, si, weight });
    }),
  );
  order.sort((a, b) => b.weight - a.weight);
  let rendered = renderPlan(plan, choice);
  for (const { li, si } of order) {
    choice.variant[li][si] = plan.lines[li].sentences[si].variants.length - 1;
    choice.merge[li][si] = false;
    rendered = renderPlan(plan, choice);
    sim = check(rendered.text);
    if (await passes(sim, rendered.text))
      return { text: rendered.text, changes: rendered.changes, sim, ok: true, choice };
  }
  return { text: rendered.text, changes: rendered.changes, sim, ok: false, choice };
}

/** Sentence (aligned) and paragraph cosines of any rewrite. */
export async function alignedMeaning(
  meaning: EncoderState,
  original: string,
  rewrite: string,
  ignore: string[],
): Promise<MeaningScore> {
  const enc = meaning.encoder as MeaningEncoder;
  const inS = proseSentences(original).filter((x) => !ignore.some((i) => i.includes(x.trim())));
  const cos = await enc.alignedSentenceCosines(inS, proseSentences(rewrite));
  return enc.score(cos, await enc.paragraphCosines(original, rewrite));
}
