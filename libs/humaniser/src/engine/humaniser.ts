// createHumaniser(): the built-in rewrite engine guided by the detector, with an optional LLM provider.
//
// Per text: resolve the tone -> build the plan (up to 5 variants per sentence + merge options, seeded) -> the sentence
// encoder drops variants that moved too far from their sentence (meaning.ts) -> coordinate descent over sentences
// (seeded order, a fixed budget of n-gram detector calls): try each sentence's other variants and merge flag, keep a
// change when the objective (probability + style distance + machine markers) drops -> the best few distinct
// candidates go through the meaning guard (word overlap, every entity kept, no sentence lost, paragraph cosine;
// sentences are relaxed to the text as written until it passes) -> the judge: the language-model-backed detector
// scores the candidates (a further built-in one only where that needs no Gemma pass of its own), and the language
// model (Gemma 3 270M, the detector's own) checks fluency in the order of that score; the best fluent candidate wins
// (the LLM provider's rewrite competes when configured) -> evaluate before/after.
import {
  createDetector,
  normalize,
  type DetectionMode,
  type DetectionResult,
  type Detector,
  type DetectorOptions,
} from '@inkprint/detector';
import { wordCount } from '../core/document';
import { composeNotes } from '../core/notes';
import { noChanges, type Changes } from '../core/operators';
import { buildPlan, defaultChoice, renderPlan, type Choice, type Plan } from '../core/plan';
import { Rng } from '../core/rng';
import { proseSentences, similarity, SIMILARITY_THRESHOLD, type Similarity } from '../core/similarity';
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
import { LLM_MAX_GROWTH, requestRewrite, type LlmConfig } from './llm';
import { EDIT_BUDGET, guidedEdit, type GuidedReport } from './guided';
import { MeaningEncoder, PARAGRAPH_COSINE, SENTENCE_COSINE, type EncoderState, type MeaningScore } from './meaning';

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
  /** Reward for the share of words changed in the search and judge objectives (default CHANGE_WEIGHT; 0: none). */
  changeWeight?: number;
  /**
   * The sentence encoder of the meaning guard: a loaded one to reuse, or false for word overlap only. Default: loads
   * models/encoder (npm run models:fetch); without it the guard uses word overlap alone and the notes say so.
   */
  encoder?: MeaningEncoder | false;
  /**
   * 'auto' (default): when the detector's mode has its language model, the best JUDGE_CANDIDATES candidates are judged
   * by it (fluency, and the language-model-backed probability); 'off': the n-gram search's best is taken.
   */
  judge?: 'auto' | 'off';
  /** Candidates the judge weighs (default JUDGE_CANDIDATES). */
  judgeCandidates?: number;
  /**
   * The guided edit search (engine/guided.ts): word swaps where the guide detector sees the most machine evidence, up
   * to the tone's edit budget (EDIT_BUDGET). Default true; false: the plan's search alone.
   */
  guided?: boolean;
  /** Guide calls the guided search may spend per text (default GUIDED_CALLS). */
  guidedCalls?: number;
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
  /**
   * The sentence encoder's figures for the rewrite (cosine per sentence and paragraph, the thresholds), or why it was
   * not used (`encoder: null`: meaning was checked by word overlap only).
   */
  meaning: MeaningScore | { encoder: null; reason: string };
  /** How the rewrite was chosen among candidates. */
  judge: JudgeReport;
  changes: Changes;
  engine: 'builtin' | 'llm';
  timings: { durationMs: number; detectorCalls: number };
  /** The tone's style targets and which of them the rewrite meets (core/style.ts). */
  style: { met: StyleKey[]; missed: StyleKey[]; before: StyleStats; after: StyleStats };
  /** Share of the input's words that are not in the rewrite at the same place (word-level edit distance / words). */
  changedWords: number;
  /** Seed the rewrite used ('' = the default). */
  seed: string;
  /**
   * What the guided edit search did (absent when it was off): the guide it queried (the moderate detector with its
   * language model off; never the forensic mode or the independent detector that judge the result), the sentences it
   * edited and the swaps it kept, and the sentences of the result the guide still reads as AI (probability >= 0.5 for
   * the sentence alone).
   */
  guided?: GuidedReport & { used: boolean; stillAi: string[] };
}

export interface Humaniser {
  humanise(text: string, options?: HumaniseOptions): Promise<HumaniseResult>;
  readonly detector: Detector;
  /** The meaning guard's sentence encoder, when loaded. */
  readonly meaning: MeaningEncoder | undefined;
  close(): Promise<void>;
}

export interface JudgeReport {
  /** 'language-model': Gemma's fluency check and the language-model-backed detector; 'n-gram': the search's detector. */
  by: 'language-model' | 'n-gram';
  /** Distinct guarded candidates weighed (the LLM provider's rewrite included). */
  candidates: number;
  /** Why the language model did not judge (by 'n-gram'). */
  reason?: string;
  /**
   * Gemma's mean log-probability per token of the chosen rewrite over the tokens the mode scores, the human floor it
   * had to reach, and the input's figure when it was needed (an input below the floor itself).
   */
  fluency?: { before?: number; after: number; floor: number };
  /** Candidates refused as less fluent than human text / the input allows. */
  disfluent?: number;
  /**
   * Candidates behind the search's best left unweighed because the detector would have needed a language-model pass
   * of their own (their first tokens differ and the cascade's gate holds them).
   */
  unread?: number;
}

interface Candidate {
  text: string;
  changes: Changes;
  sim: Similarity;
  choice?: Choice;
  /** The plan the choice refers to (the guided search's extended copy) and its variants' cosines. */
  plan?: Plan;
  cos?: Map<string, number>;
  engine: 'builtin' | 'llm';
  logp?: number;
}

const r3 = (x: number): number => Math.round(x * 1000) / 1000;

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
/**
 * Reward per unit of changed-word share (core: changedWordShare, word edit distance / words) in the search and judge
 * objectives. Among candidates that pass every guard, a rewrite that reads the same to the detector but changes more
 * of the machine's word sequence is preferred: without it the search reverted a structural change whenever the
 * n-gram probability rose by a hundredth (16 of 98 default variants on the development texts, docs/humaniser.md).
 * 0.5: a rewrite changing 10% more words may score 0.05 higher on the detector's probability.
 */
export const CHANGE_WEIGHT = 0.5;
/**
 * Candidates the language-model judge may weigh per text. The search's best is always weighed; another built-in one
 * only where the detector settles it without a Gemma pass of its own (a pass over the mode's first tokens costs about
 * as much as the rest of the rewrite; the LLM provider's rewrite is always weighed).
 */
export const JUDGE_CANDIDATES = 2;
/**
 * Fluency floor: Gemma 3 270M's mean log p per token over the first 128 tokens of human text, 5th percentile (694
 * human texts of the detector's LM sample, ml/cache/lm-sample-128.jsonl: p1 -4.88, p5 -4.44, median -3.61; AI median
 * -3.01). A rewrite below it reads less fluent than 95% of human writing.
 */
export const HUMAN_LOGP_FLOOR = -4.44;
/**
 * An input that is itself below HUMAN_LOGP_FLOOR (dense technical text) may lose at most this much. Above it the floor
 * alone applies: AI text is more predictable than human text (median -3.0 against -3.6), so a rewrite that reads less
 * predictably but stays within human range is not a fluency loss.
 */
export const FLUENCY_DROP = 0.5;

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
  const changeWeight = options.changeWeight ?? CHANGE_WEIGHT;
  const judgeMode = options.judge ?? 'auto';
  const judgeCandidates = Math.max(1, options.judgeCandidates ?? JUDGE_CANDIDATES);
  const guidedOn = options.guided ?? true;
  const guidedCalls = options.guidedCalls;
  const meaning: EncoderState =
    options.encoder === false
      ? { reason: 'the sentence encoder is turned off' }
      : options.encoder
        ? { encoder: options.encoder }
        : detector.info.engine === 'heuristic'
          ? {
              reason: 'the detector runs without ONNX (heuristic engine), so the sentence encoder is not loaded either',
            }
          : await MeaningEncoder.load();
  const ownsEncoder = options.encoder === undefined && meaning.encoder !== undefined;
  /** Per text and tone: how often it was asked for and the rewrites returned (so 'Regenerate' gives another). */
  const seen = new Map<string, { asked: number; outputs: Set<string> }>();

  /**
   * Coordinate descent over the plan's choices (seeded order, a fixed budget of detector calls): for each sentence
   * try its other variants and merge flag and keep the change that lowers the objective (the detector's probability
   * plus the distance to the tone's style targets). No threshold ends it early: it spends its budget looking for the
   * best rewrite the guards allow. Rewrites in `avoid` (returned before for this text) are never chosen.
   */
  async function search(
    original: string,
    plan: Plan,
    seed: string,
    counter: { calls: number },
    avoid: Set<string>,
    blocked: Set<string>,
  ): Promise<{ best: Scored; pool: Map<string, Scored> }> {
    const targets = plan.profile.targets;
    const pool = new Map<string, Scored>();
    const score = async (choice: Choice): Promise<Scored> => {
      const r = renderPlan(plan, choice);
      counter.calls++;
      // The search scores dozens of candidates: on the mode's n-gram model alone (the language model would cost a
      // second a candidate, the fine-tuned encoder ~200 ms); the judge below re-scores the few best with the mode's
      // strongest evidence (language model or encoder), and the before/after evaluation uses the mode as detections do.
      const { probability } = await detector.probability(r.text, { mode, languageModel: 'off', encoder: 'off' });
      const objective =
        probability +
        styleWeight * styleDistance(measureStyle(r.text), targets) +
        MARKER_WEIGHT * machineMarkers(r.text) -
        changeWeight * changedWordShare(original, r.text) +
        (avoid.has(r.text) ? 10 : 0);
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

  /** Variants whose cosine to the sentence they rewrite is below SENTENCE_COSINE, as `line:sentence:variant`. */
  async function refusedVariants(plan: Plan): Promise<{ blocked: Set<string>; cos: Map<string, number> }> {
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
  async function guard(
    original: string,
    plan: Plan,
    chosen: Scored,
    ignore: string[],
  ): Promise<{ text: string; changes: Changes; sim: Similarity; ok: boolean; choice: Choice }> {
    const check = (text: string): Similarity => similarity(original, text, { ignoreSentences: ignore });
    const paragraphsKept = async (text: string): Promise<boolean> =>
      !meaning.encoder || Math.min(...(await meaning.encoder.paragraphCosines(original, text))) >= PARAGRAPH_COSINE;
    const passes = async (s: Similarity, text: string): Promise<boolean> =>
      s.score >= SIMILARITY_THRESHOLD &&
      s.missing.length === 0 &&
      s.dropped.length === 0 &&
      (await paragraphsKept(text));
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
    const refused = await refusedVariants(plan);
    const { best, pool } = await search(text, plan, seed, counter, avoid, refused.blocked);

    // The guide: the mode's detector without its language model (n-gram + the fine-tuned encoder where `encoder` is
    // not off). The forensic mode and the independent detector that judge the humaniser are never queried.
    const guideP = async (t: string, encoder: 'off' | undefined): Promise<number> => {
      counter.calls++;
      return (await detector.probability(t, { mode, languageModel: 'off', ...(encoder ? { encoder } : {}) }))
        .probability;
    };
    const guideObjective = async (t: string, encoder: 'off' | undefined = 'off'): Promise<number> =>
      (await guideP(t, encoder)) +
      styleWeight * styleDistance(measureStyle(t), profile.targets) +
      MARKER_WEIGHT * machineMarkers(t) -
      changeWeight * changedWordShare(text, t) +
      (avoid.has(t) ? 10 : 0);

    // The guided edit search: word swaps in the sentences with the most machine evidence, up to the tone's budget.
    const candidates: Candidate[] = [];
    let guided: GuidedReport | undefined;
    if (guidedOn) {
      const enc = meaning.encoder;
      // a failure in the guided search (a tagger surprise) must not fail the rewrite: the plan's candidates remain
      const g = await guidedEdit({
        original: text,
        plan,
        choice: best.choice,
        budget: EDIT_BUDGET[tone],
        objective: (t) => guideObjective(t),
        evidence: (x) => guideP(x, 'off'),
        cosine: enc ? async (a, b) => (await enc.cosines([[a, b]]))[0] : undefined,
        changedShare: changedWordShare,
        maxCalls: guidedCalls,
        rng: seedLabel === '' || seedLabel === '0' ? undefined : new Rng(`${seed}:guided`),
      }).catch(() => undefined);
      guided = g?.report;
      if (g && g.report.swaps > 0) {
        const gd = await guard(
          text,
          g.plan,
          { text: g.text, p: NaN, objective: NaN, changes: renderPlan(g.plan, g.choice).changes, choice: g.choice },
          ignore,
        );
        if (gd.ok && !avoid.has(gd.text))
          candidates.push({
            text: gd.text,
            changes: gd.changes,
            sim: gd.sim,
            choice: gd.choice,
            plan: g.plan,
            cos: new Map([...refused.cos, ...g.cos]),
            engine: 'builtin',
          });
      }
    }

    // The best few distinct rewrites the guards allow (best objective first), for the judge.
    const want = (judgeMode === 'off' ? 1 : judgeCandidates) + candidates.length;
    const ranked = [best, ...[...pool.values()].filter((c) => c !== best).sort((x, y) => x.objective - y.objective)];
    for (const c of ranked.slice(0, 2 * want + 2)) {
      if (candidates.length >= want) break;
      const g = await guard(text, plan, c, ignore);
      if (!g.ok || candidates.some((k) => k.text === g.text)) continue;
      if (avoid.has(g.text) && candidates.length + 1 < ranked.length) continue;
      candidates.push({ text: g.text, changes: g.changes, sim: g.sim, choice: g.choice, engine: 'builtin' });
    }
    const builtinCount = candidates.length;

    let llmState: 'used' | 'rejected' | 'failed' | undefined;
    let llmReason: string | undefined;
    if (llm) {
      const reply = await requestRewrite(llm, text, profile);
      if (!reply.ok) {
        llmState = 'failed';
        llmReason = reply.error;
      } else {
        const s = similarity(text, reply.text, { ignoreSentences: ignore });
        const m = meaning.encoder ? await alignedMeaning(text, reply.text, ignore) : undefined;
        const [inWords, outWords] = [wordCount(text), wordCount(reply.text)];
        if (outWords > LLM_MAX_GROWTH * inWords + 10) {
          // a small model's commentary ("I made the following changes: …") keeps every fact and adds text
          llmState = 'rejected';
          llmReason = `it added text (${outWords} words for ${inWords})`;
        } else if (s.missing.length) {
          llmState = 'rejected';
          llmReason = `it changed or dropped ${s.missing
            .slice(0, 2)
            .map((x) => `"${x.slice(0, 30)}"`)
            .join(', ')}`;
        } else if (s.dropped.length) {
          llmState = 'rejected';
          llmReason = `it dropped ${s.dropped.length === 1 ? 'a sentence' : `${s.dropped.length} sentences`}`;
        } else if (s.score < SIMILARITY_THRESHOLD) {
          llmState = 'rejected';
          llmReason = `similarity ${s.score.toFixed(2)} below ${SIMILARITY_THRESHOLD}`;
        } else if (m && !m.passes) {
          llmState = 'rejected';
          llmReason = `meaning similarity ${Math.min(m.sentenceMin, m.paragraphMin).toFixed(2)} below ${
            m.sentenceMin < SENTENCE_COSINE ? SENTENCE_COSINE : PARAGRAPH_COSINE
          }`;
        } else candidates.push({ text: reply.text, changes: noChanges(), sim: s, engine: 'llm' });
      }
    }

    // The judge: the language model's fluency check and the strongest detector available.
    const lm = judgeMode === 'off' ? undefined : await detector.languageModel(mode);
    const judge: JudgeReport = {
      by: lm ? 'language-model' : 'n-gram',
      candidates: candidates.length,
      ...(lm
        ? {}
        : {
            reason:
              judgeMode === 'off'
                ? 'turned off'
                : `the detector's ${mode} mode has no language model here (${detector.info.languageModel?.reason ?? 'not available'})`,
          }),
    };
    let chosen: Candidate | undefined;
    let after: DetectionResult | undefined;
    if (candidates.length) {
      // Fluent = within human range (HUMAN_LOGP_FLOOR); only an input below that range itself needs its own figure.
      let logpBefore: number | undefined;
      const logp = async (t: string): Promise<number> =>
        lm ? (await lm.runner.features(normalize(t), lm.maxTokens))[0] : NaN;
      const fluent = async (lp: number): Promise<boolean> => {
        if (!lm || lp >= HUMAN_LOGP_FLOOR) return true;
        logpBefore ??= await logp(text);
        return logpBefore < HUMAN_LOGP_FLOOR && lp >= logpBefore - FLUENCY_DROP;
      };
      // 1. Every candidate's probability by the mode's detector as a detection computes it: the n-gram model and the
      // fine-tuned encoder, and the language model only where those cannot settle the candidate (the cascade's gate;
      // its features are remembered, so the fluency check below reads them for free). The search's best is always
      // weighed; a further candidate only where that costs no language-model pass of its own (its first tokens are
      // the best's, or the cascade settles it without the language model): one Gemma window per text, not one per
      // candidate (docs/humaniser.md, "What a rewrite costs").
      const windowOf = (t: string): string => (lm ? lm.runner.tokenIds(normalize(t), lm.maxTokens).join(',') : '');
      const read = new Set<string>();
      type Weighed = { c: Candidate; objective: number; result?: DetectionResult };
      const weigh = async (c: Candidate): Promise<Weighed> => {
        let p: number;
        let result: DetectionResult | undefined;
        counter.calls++;
        // the guide (language model off) ranks the candidates; the language model only reads fluency below
        if (candidates.length === 1) p = 0;
        else p = (await detector.probability(c.text, { mode, languageModel: 'off' })).probability;
        const objective =
          p +
          styleWeight * styleDistance(measureStyle(c.text), profile.targets) +
          MARKER_WEIGHT * machineMarkers(c.text) -
          changeWeight * changedWordShare(text, c.text) +
          (avoid.has(c.text) ? 10 : 0);
        return { c, objective, result };
      };
      const weighed: Weighed[] = [];
      const unread: Candidate[] = [];
      for (const [k, c] of candidates.entries()) {
        if (lm && k > 0 && c.engine === 'builtin' && !read.has(windowOf(c.text)) && !guidedOn) {
          // the cascade settles it without the language model only outside the gate
          let settled = false;
          if (lm.gate) {
            counter.calls++;
            const { probability } = await detector.probability(c.text, { mode, languageModel: 'off' });
            settled = probability < lm.gate[0] || probability > lm.gate[1];
          }
          if (!settled) {
            unread.push(c);
            continue;
          }
        }
        weighed.push(await weigh(c));
      }
      // 2. Fluency in the order of the objective: the first candidate within human range wins, which is the best
      // fluent one; a candidate behind it is never read by the language model for fluency alone. Only when none of
      // the weighed candidates is fluent are the unread ones weighed (and read) after all.
      let disfluent = 0;
      const pick = async (list: Weighed[]): Promise<boolean> => {
        for (const w of [...list].sort((a, b) => a.objective - b.objective)) {
          const lp = await logp(w.c.text);
          if (!(await fluent(lp))) {
            disfluent++;
            continue;
          }
          chosen = { ...w.c, logp: lp };
          after = w.result;
          return true;
        }
        return false;
      };
      if (!(await pick(weighed)) && unread.length) {
        const rest: Weighed[] = [];
        for (const c of unread) rest.push(await weigh(c));
        await pick(rest);
      } else if (unread.length) judge.unread = unread.length;
      if (lm) {
        judge.disfluent = disfluent;
        if (chosen)
          judge.fluency = {
            ...(logpBefore === undefined ? {} : { before: r3(logpBefore) }),
            after: r3(chosen.logp ?? NaN),
            floor: HUMAN_LOGP_FLOOR,
          };
      }
    }
    const llmCandidate = candidates.find((c) => c.engine === 'llm');
    if (llmCandidate && chosen?.engine === 'llm') llmState = 'used';
    else if (llmCandidate) {
      llmState = 'rejected';
      llmReason = lm ? 'the built-in rewrite scored better with the judge' : 'the built-in rewrite scored more human';
    }

    const out = chosen?.text ?? text;
    const changes = chosen?.changes ?? noChanges();
    const sim = chosen?.sim ?? similarity(text, text);
    const engine: 'builtin' | 'llm' = chosen?.engine ?? 'builtin';
    let meaningReport: HumaniseResult['meaning'] = {
      encoder: null,
      reason: 'reason' in meaning ? meaning.reason : 'not used',
    };
    if (meaning.encoder) {
      if (chosen?.choice) {
        const cos: number[] = [];
        const cosMap = chosen.cos ?? refused.cos;
        (chosen.plan ?? plan).lines.forEach((lp, li) =>
          lp.sentences.forEach((_, si) => cos.push(cosMap.get(`${li}:${si}:${chosen?.choice?.variant[li][si]}`) ?? 1)),
        );
        meaningReport = meaning.encoder.score(cos, await meaning.encoder.paragraphCosines(text, out));
      } else meaningReport = await alignedMeaning(text, out, ignore);
    }

    counter.calls += after ? 1 : 2;
    const [before, afterResult] = await Promise.all([
      detector.detect(text, { mode }),
      after ? Promise.resolve(after) : detector.detect(out, { mode }),
    ]);
    const style = styleReport(out, profile.targets);
    // Sentences of the result the guide still reads as AI on their own (the user's next edits).
    const stillAi: string[] = [];
    if (guided)
      for (const x of proseSentences(out))
        if (wordCount(x) >= 5 && (await guideP(x, 'off')) >= 0.5) stillAi.push(x.trim());
    const guidedUsed = Boolean(guided && chosen?.plan);
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
      removed: engine === 'builtin' && chosen ? plan.removed : {},
      dropped: sim.dropped,
      llm: llmState,
      llmReason,
      unchanged: !chosen && builtinCount === 0,
      disfluent: !chosen && (judge.disfluent ?? 0) > 0,
      candidates: plan.lines.reduce((a, l) => a + l.sentences.reduce((b, sp) => b + sp.variants.length - 1, 0), 0),
      meaning:
        'reason' in meaningReport
          ? `meaning checked by word overlap only: ${meaningReport.reason}`
          : out === text
            ? undefined
            : `meaning similarity ${meaningReport.sentenceMedian.toFixed(2)} (lowest sentence ${meaningReport.sentenceMin.toFixed(2)})`,
      judge:
        out === text
          ? undefined
          : judge.by === 'language-model'
            ? `chosen among ${judge.candidates - (judge.unread ?? 0)} by the guide detector (no language model) and a fluency check`
            : undefined,
      guided:
        guided && guidedUsed
          ? `swapped ${guided.swaps} more ${guided.swaps === 1 ? 'word' : 'words'} in ${guided.edited} ${guided.edited === 1 ? 'sentence' : 'sentences'} (${Math.round(changedWordShare(text, out) * 100)}% of words changed)`
          : undefined,
    });
    return {
      humanised: out,
      notes,
      original: text,
      words: before.words,
      tone,
      appliedTone: profile.tone,
      evaluation: evaluation(afterResult),
      before: evaluation(before),
      similarity: { ...sim, threshold: SIMILARITY_THRESHOLD },
      meaning: meaningReport,
      judge,
      changes,
      engine,
      timings: { durationMs: Math.round((performance.now() - started) * 100) / 100, detectorCalls: counter.calls },
      style: { met: style.met, missed: style.missed, before: measureStyle(text), after: style.stats },
      changedWords: Math.round(changedWordShare(text, out) * 1000) / 1000,
      seed: seedLabel,
      ...(guided ? { guided: { ...guided, used: guidedUsed, stillAi } } : {}),
    };
  }

  /** Sentence (aligned) and paragraph cosines of any rewrite. */
  async function alignedMeaning(original: string, rewrite: string, ignore: string[]): Promise<MeaningScore> {
    const enc = meaning.encoder as MeaningEncoder;
    const inS = proseSentences(original).filter((x) => !ignore.some((i) => i.includes(x.trim())));
    const cos = await enc.alignedSentenceCosines(inS, proseSentences(rewrite));
    return enc.score(cos, await enc.paragraphCosines(original, rewrite));
  }

  return {
    humanise,
    detector,
    meaning: meaning.encoder,
    async close(): Promise<void> {
      if (ownsDetector) await detector.close();
      if (ownsEncoder) await meaning.encoder?.release();
    },
  };
}
