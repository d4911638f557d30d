// createHumaniser(): the built-in rewrite engine guided by the detector, with an optional LLM provider.
//
// Per text, one small step each:
//   plan       resolve the tone and build the plan: up to 5 variants per sentence + merge options, seeded (core/plan.ts)
//   refuse     the sentence encoder drops variants that moved too far from their sentence (meaning-guard.ts)
//   search     coordinate descent over sentences (seeded order, a fixed budget of n-gram detector calls): try each
//              sentence's other variants and merge flag, keep a change when the objective (probability + style
//              distance + machine markers - words changed, objective.ts) drops (search.ts)
//   propose    the guided edit search's word swaps (guided.ts) and the search's best few distinct rewrites, each through
//              the meaning guard (word overlap, every entity kept, no sentence lost, paragraph cosine; sentences are
//              relaxed to the text as written until it passes) (candidates.ts); the LLM provider's rewrite competes
//              when configured (llm-candidate.ts)
//   judge      the guide ranks the candidates and the language model (Gemma 3 270M, the detector's own) checks
//              fluency in that order; the best fluent candidate wins (judge.ts)
//   report     meaning figures, the evaluation before/after, style targets met, the notes (report.ts)
import { DEFAULT_TONE, isTone, resolveTone, TONES } from '../core/tones';
import { buildPlan } from '../core/plan';
import { guidedCandidate, searchCandidates } from './candidates';
import { guideFor } from './guide';
import type { GuidedReport } from './guided';
import { judgeRewrites } from './judge';
import { llmCandidate } from './llm-candidate';
import { refusedVariants } from './meaning-guard';
import { HumaniserError, type HumaniseOptions, type HumaniserOptions } from './options';
import { composeResult, settleRewrite } from './report';
import type { Candidate, HumaniseResult, Humaniser, RewriteRequest } from './result';
import { searchPlan } from './search';
import { engineSettings } from './settings';

export { FLUENCY_DROP, HUMAN_LOGP_FLOOR, JUDGE_CANDIDATES } from './judge';
export { CHANGE_WEIGHT, changedWordShare, MARKER_WEIGHT, STYLE_WEIGHT } from './objective';
export {
  HumaniserError,
  MAX_CHARS,
  type HumaniseOptions,
  type HumaniserErrorCode,
  type HumaniserOptions,
} from './options';
export type { HumaniseResult, Humaniser, JudgeReport } from './result';

export async function createHumaniser(options: HumaniserOptions = {}): Promise<Humaniser> {
  const settings = await engineSettings(options);
  const { detector, maxChars, meaning } = settings;
  /** Per text and tone: how often it was asked for and the rewrites returned (so 'Regenerate' gives another). */
  const seen = new Map<string, { asked: number; outputs: Set<string> }>();

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

    // plan
    const plan = buildPlan(text, profile, seed);
    const ignore = [plan.removed.preamble, plan.removed.closing].filter((x): x is string => Boolean(x));
    const request: RewriteRequest = { text, tone, profile, seedLabel, seed, plan, ignore, avoid, counter };
    // refuse, search
    const refused = await refusedVariants(meaning, plan);
    const { best, pool } = await searchPlan(settings, text, plan, seed, counter, avoid, refused.blocked);
    const guide = guideFor(settings, request);

    // propose
    const candidates: Candidate[] = [];
    let guided: GuidedReport | undefined;
    if (settings.guidedOn) {
      const g = await guidedCandidate(settings, request, best, guide, refused.cos);
      guided = g.report;
      if (g.candidate) candidates.push(g.candidate);
    }
    await searchCandidates(settings, request, best, pool, candidates);
    const builtinCount = candidates.length;
    const fromLlm = settings.llm ? await llmCandidate(settings.llm, meaning, request) : {};
    let llmState = fromLlm.state;
    let llmReason = fromLlm.reason;
    if (fromLlm.candidate) candidates.push(fromLlm.candidate);

    // judge
    const { judge, chosen, after } = await judgeRewrites(settings, request, candidates);
    const llmCandidateWeighed = candidates.find((c) => c.engine === 'llm');
    if (llmCandidateWeighed && chosen?.engine === 'llm') llmState = 'used';
    else if (llmCandidateWeighed) {
      llmState = 'rejected';
      llmReason =
        judge.by === 'language-model'
          ? 'the built-in rewrite scored better with the judge'
          : 'the built-in rewrite scored more human';
    }

    // report
    const settled = await settleRewrite(settings, request, chosen, after, refused.cos, guided, guide);
    if (opts.seed === undefined) {
      history.asked++;
      history.outputs.add(settled.out);
      if (seen.size >= 256 && !seen.has(key)) seen.delete(seen.keys().next().value as string);
      seen.set(key, history);
    }
    return composeResult(request, settled, { chosen, judge, guided, llmState, llmReason, builtinCount, started });
  }

  return {
    humanise,
    detector,
    meaning: meaning.encoder,
    async close(): Promise<void> {
      if (settings.ownsDetector) await detector.close();
      if (settings.ownsEncoder) await meaning.encoder?.release();
    },
  };
}
