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
import {
  machineMarkers,
  measureStyle,
  styleDistance,
  styleReport,
  type StyleKey,
  type StyleStats,
} from '../core/style';
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
  /** Weight of the distance to the tone's style targets in the search objective (default STYLE_WEIGHT). */
  styleWeight?: number;
}

export interface HumaniseOptions {
  tone?: Tone | string;
  /**
   * Seed of the rewrite. Unset: the first request for a text and tone uses the default seed, and asking again for
   * the same text and tone on the same instance ('Regenerate') uses the next seed and avoids the rewrites already
   * returned.
   */
  seed?: string | number;
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
  /** The tone's style targets and which of them the rewrite meets (core/style.ts). */
  style: { met: StyleKey[]; missed: StyleKey[]; before: StyleStats; after: StyleStats };
  /** Share of the input's words that are not in the rewrite at the same place (word-level edit distance / words). */
  changedWords: number;
  /** Seed the rewrite used ('' = the default). */
  seed: string;
}

export interface Humaniser {
  humanise(text: string, options?: HumaniseOptions): Promise<HumaniseResult>;
  readonly detector: Detector;
  close(): Promise<void>;
}

interface Scored {
  text: string;
  p: number;
  /** The search objective: detector probability + style distance weight (lower is better). */
  objective: number;
  changes: Changes;
  choice: Choice;
}

/** Weight of one unit of style distance (one target fully missed) against the detector's probability. */
export const STYLE_WEIGHT = 0.2;
/** Weight of one machine marker per 100 words left in the text (core/style.ts machineMarkers). */
export const MARKER_WEIGHT = 0.05;

/** Share of words of `a` not matched in order in `b` (word-level edit distance over the length of `a`). */
export function changedWordShare(a: string, b: string): number {
  const x = a.toLowerCase().match(/[\p{L}\p{N}']+/gu) ?? [];
  const y = b.toLowerCase().match(/[\p{L}\p{N}']+/gu) ?? [];
  if (x.length === 0) return 0;
  let prev = Array.from({ length: y.length + 1 }, (_, j) => j);
  for (let i = 1; i <= x.length; i++) {
    const cur = [i];
    for (let j = 1; j <= y.length; j++)
      cur[j] = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (x[i - 1] === y[j - 1] ? 0 : 1));
    prev = cur;
  }
  return Math.min(1, prev[y.length] / x.length);
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
  const styleWeight = options.styleWeight ?? STYLE_WEIGHT;
  /** Per text and tone: how often it was asked for and the rewrites returned (so 'Regenerate' gives another). */
  const seen = new Map<string, { asked: number; outputs: Set<string> }>();

  /**
   * Coordinate descent over the plan's choices (seeded order, a fixed budget of detector calls): for each sentence
   * try its other variants and merge flag and keep the change that lowers the objective (the detector's probability
   * plus the distance to the tone's style targets). No threshold ends it early: it spends its budget looking for the
   * best rewrite the guards allow. Rewrites in `avoid` (returned before for this text) are never chosen.
   */
  async function search(plan: Plan, seed: string, counter: { calls: number }, avoid: Set<string>): Promise<Scored> {
    const targets = plan.profile.targets;
    const score = async (choice: Choice): Promise<Scored> => {
      const r = renderPlan(plan, choice);
      counter.calls++;
      // The search scores dozens of candidates: on the n-gram procedure (the language model would cost a second a
      // candidate); the before/after evaluation below uses the mode as detections do, language model included.
      const { probability } = await detector.probability(r.text, { mode, languageModel: 'off' });
      const objective =
        probability +
        styleWeight * styleDistance(measureStyle(r.text), targets) +
        MARKER_WEIGHT * machineMarkers(r.text) +
        (avoid.has(r.text) ? 10 : 0);
      return { text: r.text, p: probability, objective, changes: r.changes, choice };
    };
    let best = await score(defaultChoice(plan, seed));
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
          if (s.objective < best.objective - 1e-9) {
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
    const key = `${tone}\u0000${text}`;
    const history = seen.get(key) ?? { asked: 0, outputs: new Set<string>() };
    const seedLabel = opts.seed !== undefined ? String(opts.seed) : history.asked === 0 ? '' : String(history.asked);
    const seed = seedLabel === '' ? key : `${key}\u0000${seedLabel}`;
    const avoid = opts.seed !== undefined ? new Set<string>() : history.outputs;
    const counter = { calls: 0 };

    const plan = buildPlan(text, profile, seed);
    const ignore = [plan.removed.preamble, plan.removed.closing].filter((x): x is string => Boolean(x));
    const best = await search(plan, seed, counter, avoid);
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
            detector.probability(out, { mode, languageModel: 'off' }),
            detector.probability(reply.text, { mode, languageModel: 'off' }),
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
    const style = styleReport(out, profile.targets);
    if (opts.seed === undefined) {
      history.asked++;
      history.outputs.add(out);
      if (seen.size >= 256 && !seen.has(key)) seen.delete(seen.keys().next().value as string);
      seen.set(key, history);
    }
    const notes = composeNotes({
      style: out === text ? undefined : style,
      changes,
      profile,
      requestedTone: tone,
      removed: engine === 'builtin' && guarded.ok ? plan.removed : {},
      dropped: sim.dropped,
      llm: llmState,
      llmReason,
      unchanged: !guarded.ok && engine === 'builtin',
      candidates: plan.lines.reduce((a, l) => a + l.sentences.reduce((b, sp) => b + sp.variants.length - 1, 0), 0),
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
      style: { met: style.met, missed: style.missed, before: measureStyle(text), after: style.stats },
      changedWords: Math.round(changedWordShare(text, out) * 1000) / 1000,
      seed: seedLabel,
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
