// createHumaniser(): the built-in rewrite engine guided by the detector, with an optional LLM provider.
//
// Per text: resolve the tone -> build the plan (3 variants per sentence + merge options, seeded) -> render the
// default choice -> coordinate descent over sentences (seeded order, a fixed budget of detector calls): try each
// sentence's other variants and merge flag, keep a change when the detector's probability drops -> stop once the
// probability is well inside the Human band -> meaning guard (similarity threshold, every entity kept, no sentence
// lost); sentences are relaxed to their light variant until the guard passes -> evaluate before/after.
import { createDetector, type DetectionMode, type Detector, type DetectorOptions } from '@inkprint/detector';
import { composeNotes } from '../core/notes';
import { noChanges, type Changes } from '../core/operators';
import { buildPlan, defaultChoice, renderPlan, type Choice, type Plan } from '../core/plan';
import { Rng } from '../core/rng';
import { similarity, SIMILARITY_THRESHOLD, type Similarity } from '../core/similarity';
import { DEFAULT_TONE, isTone, resolveTone, TONES, type Tone } from '../core/tones';
import { evaluation, type HumaniserEvaluation } from './evaluation';
import { requestRewrite, type LlmConfig } from './llm';

export const MAX_CHARS = 20_000;

export type HumaniserErrorCode = 'INVALID_INPUT' | 'INVALID_TONE' | 'HUMANISER_CHAR_LIMIT';

export class HumaniserError extends Error {
  constructor(
    readonly code: HumaniserErrorCode,
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'HumaniserError';
  }
}

export interface HumaniserOptions {
  /** A detector to reuse (loading one is expensive); otherwise one is created with `detectorOptions`. */
  detector?: Detector;
  detectorOptions?: DetectorOptions;
  /** Detector mode that scores candidates and the result (default moderate). */
  mode?: DetectionMode;
  /** OpenAI-compatible chat endpoint; default from HUMANISER_LLM_URL (unset: built-in engine only); false: never. */
  llm?: LlmConfig | false;
  /** Largest input in characters (default 20,000, the largest plan's limit). */
  maxChars?: number;
  /** Detector calls the search may spend per text beyond the first (default 60). */
  searchBudget?: number;
}

export interface HumaniseOptions {
  tone?: Tone | string;
}

export interface HumaniseResult {
  /** The rewritten text. */
  humanised: string;
  /** One short line for the user saying what changed. */
  notes: string;
  original: string;
  /** Words of the input (detector tokenisation). */
  words: number;
  tone: Tone;
  /** The preset `auto` resolved to (equals `tone` otherwise). */
  appliedTone: Exclude<Tone, 'auto'>;
  /** The detector's evaluation of the rewrite (spec: verdict 'Humanised' at <= 0.5; badge humanised/borderline/ai). */
  evaluation: HumaniserEvaluation;
  /** The same evaluation of the input. */
  before: HumaniserEvaluation;
  similarity: Similarity & { threshold: number };
  changes: Changes;
  engine: 'builtin' | 'llm';
  timings: { durationMs: number; detectorCalls: number };
}

export interface Humaniser {
  humanise(text: string, options?: HumaniseOptions): Promise<HumaniseResult>;
  readonly detector: Detector;
  close(): Promise<void>;
}

interface Scored {
  text: string;
  p: number;
  changes: Changes;
  choice: Choice;
}

function cloneChoice(c: Choice): Choice {
  return { variant: c.variant.map((v) => [...v]), merge: c.merge.map((m) => [...m]) };
}

export async function createHumaniser(options: HumaniserOptions = {}): Promise<Humaniser> {
  const ownsDetector = !options.detector;
  const detector = options.detector ?? (await createDetector(options.detectorOptions ?? {}));
  const mode = options.mode ?? 'moderate';
  const llm = options.llm === false ? undefined : options.llm;
  const maxChars = options.maxChars ?? MAX_CHARS;
  const budget = options.searchBudget ?? 60;
  const humanP = detector.info.humanProbability;

  async function search(plan: Plan, seed: string, counter: { calls: number }): Promise<Scored> {
    const score = async (choice: Choice): Promise<Scored> => {
      const r = renderPlan(plan, choice);
      counter.calls++;
      const { probability } = await detector.probability(r.text, { mode });
      return { text: r.text, p: probability, changes: r.changes, choice };
    };
    let best = await score(defaultChoice(plan, seed));
    // Stop well inside the Human band: pushing further only fits our own model's quirks.
    const target = humanP / 2;
    const slots: { li: number; si: number }[] = [];
    plan.lines.forEach((lp, li) => lp.sentences.forEach((_, si) => slots.push({ li, si })));
    const rng = new Rng(`${seed}:order`);
    for (let i = slots.length - 1; i > 0; i--) {
      const j = rng.int(i + 1);
      [slots[i], slots[j]] = [slots[j], slots[i]];
    }
    let spent = 0;
    for (let pass = 0; pass < 2 && best.p > target && spent < budget; pass++) {
      let improved = false;
      for (const { li, si } of slots) {
        if (best.p <= target || spent >= budget) break;
        const sp = plan.lines[li].sentences[si];
        const tries: Choice[] = [];
        for (let v = 0; v < sp.variants.length; v++) {
          if (v === best.choice.variant[li][si]) continue;
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
          if (s.p < best.p - 1e-9) {
            best = s;
            improved = true;
          }
        }
      }
      if (!improved) break;
    }
    return best;
  }

  /** Relax sentences to their light variant (and undo merges) until the meaning guard passes. */
  function guard(
    original: string,
    plan: Plan,
    chosen: Scored,
    ignore: string[],
  ): { text: string; changes: Changes; sim: Similarity; ok: boolean } {
    const check = (text: string): Similarity => similarity(original, text, { ignoreSentences: ignore });
    const passes = (s: Similarity): boolean =>
      s.score >= SIMILARITY_THRESHOLD && s.missing.length === 0 && s.dropped.length === 0;
    let sim = check(chosen.text);
    if (passes(sim)) return { text: chosen.text, changes: chosen.changes, sim, ok: true };
    const choice = cloneChoice(chosen.choice);
    // relax the most-changed sentences first
    const order: { li: number; si: number; weight: number }[] = [];
    plan.lines.forEach((lp, li) =>
      lp.sentences.forEach((sp, si) => {
        const v = sp.variants[choice.variant[li][si]];
        const weight = v ? v.changes.words + v.changes.phrases + v.changes.splits + v.changes.hedges : 0;
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
      if (passes(sim)) return { text: rendered.text, changes: rendered.changes, sim, ok: true };
    }
    return { text: rendered.text, changes: rendered.changes, sim, ok: false };
  }

  async function humanise(text: string, opts: HumaniseOptions = {}): Promise<HumaniseResult> {
    const started = performance.now();
    if (typeof text !== 'string' || text.trim() === '')
      throw new HumaniserError('INVALID_INPUT', 'Paste some text first.');
    if (text.length > maxChars)
      throw new HumaniserError('HUMANISER_CHAR_LIMIT', `Input exceeds ${maxChars} chars.`, { max: maxChars });
    const tone = opts.tone ?? DEFAULT_TONE;
    if (!isTone(tone)) throw new HumaniserError('INVALID_TONE', `unknown tone "${String(tone)}" (${TONES.join(', ')})`);
    const profile = resolveTone(tone, text);
    const seed = `${tone}\u0000${text}`;
    const counter = { calls: 0 };

    const plan = buildPlan(text, profile, seed);
    const ignore = [plan.removed.preamble, plan.removed.closing].filter((x): x is string => Boolean(x));
    const best = await search(plan, seed, counter);
    const guarded = guard(text, plan, best, ignore);
    let out = guarded.ok ? guarded.text : text;
    let changes = guarded.ok ? guarded.changes : noChanges();
    let sim = guarded.ok ? guarded.sim : similarity(text, text);
    let engine: 'builtin' | 'llm' = 'builtin';
    let llmState: 'used' | 'rejected' | 'failed' | undefined;
    let llmReason: string | undefined;

    if (llm) {
      const reply = await requestRewrite(llm, text, profile);
      if (!reply.ok) {
        llmState = 'failed';
        llmReason = reply.error;
      } else {
        const s = similarity(text, reply.text, { ignoreSentences: ignore });
        if (s.missing.length) {
          llmState = 'rejected';
          llmReason = `it changed or dropped ${s.missing
            .slice(0, 2)
            .map((m) => `"${m.slice(0, 30)}"`)
            .join(', ')}`;
        } else if (s.dropped.length) {
          llmState = 'rejected';
          llmReason = `it dropped ${s.dropped.length === 1 ? 'a sentence' : `${s.dropped.length} sentences`}`;
        } else if (s.score < SIMILARITY_THRESHOLD) {
          llmState = 'rejected';
          llmReason = `similarity ${s.score.toFixed(2)} below ${SIMILARITY_THRESHOLD}`;
        } else {
          counter.calls += 2;
          const [mine, theirs] = await Promise.all([
            detector.probability(out, { mode }),
            detector.probability(reply.text, { mode }),
          ]);
          if (theirs.probability <= mine.probability) {
            out = reply.text;
            sim = s;
            changes = noChanges();
            engine = 'llm';
            llmState = 'used';
          } else {
            llmState = 'rejected';
            llmReason = 'the built-in rewrite scored more human';
          }
        }
      }
    }

    counter.calls += 2;
    const [before, after] = await Promise.all([detector.detect(text, { mode }), detector.detect(out, { mode })]);
    const notes = composeNotes({
      changes,
      profile,
      requestedTone: tone,
      removed: engine === 'builtin' && guarded.ok ? plan.removed : {},
      dropped: sim.dropped,
      llm: llmState,
      llmReason,
      unchanged: !guarded.ok && engine === 'builtin',
    });
    return {
      humanised: out,
      notes,
      original: text,
      words: before.words,
      tone,
      appliedTone: profile.tone,
      evaluation: evaluation(after),
      before: evaluation(before),
      similarity: { ...sim, threshold: SIMILARITY_THRESHOLD },
      changes,
      engine,
      timings: { durationMs: Math.round((performance.now() - started) * 100) / 100, detectorCalls: counter.calls },
    };
  }

  return {
    humanise,
    detector,
    async close(): Promise<void> {
      if (ownsDetector) await detector.close();
    },
  };
}
