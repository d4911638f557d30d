// The judge: the language model's fluency check and the strongest detector available choose among the candidates.
// The guide (language model off) ranks them on the objective; the first one within the human range of fluency wins.
import { normalize, type DetectionResult } from '@inkprint/detector';
import { objectiveOf } from './objective';
import type { Candidate, JudgeReport, RewriteRequest } from './result';
import type { EngineSettings } from './settings';

const r3 = (x: number): number => Math.round(x * 1000) / 1000;

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

export async function judgeRewrites(
  settings: EngineSettings,
  request: RewriteRequest,
  candidates: Candidate[],
): Promise<{ judge: JudgeReport; chosen: Candidate | undefined; after: DetectionResult | undefined }> {
  const { detector, mode, judgeMode, guidedOn } = settings;
  const { text, profile, avoid, counter } = request;
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
      const objective = objectiveOf(p, c.text, text, profile.targets, settings, avoid);
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
  return { judge, chosen, after };
}
