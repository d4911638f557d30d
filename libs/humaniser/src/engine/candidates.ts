// The candidates the judge weighs: the guided edit search's rewrite, then the plan search's best few distinct
// rewrites, each through the meaning guard.
import { renderPlan } from '../core/plan';
import { Rng } from '../core/rng';
import type { Guide } from './guide';
import { EDIT_BUDGET, guidedEdit, type GuidedReport } from './guided';
import { proposeInContext } from './lm-proposals';
import { guard } from './meaning-guard';
import { changedWordShare } from './objective';
import type { Candidate, RewriteRequest } from './result';
import type { Scored } from './search';
import type { EngineSettings } from './settings';

/** The guided edit search: word swaps in the sentences with the most machine evidence, up to the tone's budget. */
export async function guidedCandidate(
  settings: EngineSettings,
  request: RewriteRequest,
  best: Scored,
  guide: Guide,
  refusedCos: Map<string, number>,
): Promise<{ report: GuidedReport | undefined; candidate?: Candidate }> {
  const { text, plan, tone, seed, seedLabel, ignore, avoid } = request;
  const enc = settings.meaning.encoder;
  // Gemma's in-context proposals: the mode's language model (read for fluency and proposals, never as a detector)
  const lm = settings.lmProposals
    ? await settings.detector.languageModel(settings.mode).catch(() => undefined)
    : undefined;
  const runner = lm?.runner.hasTopK() ? lm.runner : undefined;
  // a failure in the guided search (a tagger surprise) must not fail the rewrite: the plan's candidates remain
  const g = await guidedEdit({
    original: text,
    plan,
    choice: best.choice,
    budget: EDIT_BUDGET[tone],
    objective: (t) => guide.objective(t),
    evidence: (x) => guide.probability(x, 'off'),
    cosine: enc ? async (a, b) => (await enc.cosines([[a, b]]))[0] : undefined,
    changedShare: changedWordShare,
    maxCalls: settings.guidedCalls,
    rng: seedLabel === '' || seedLabel === '0' ? undefined : new Rng(`${seed}:guided`),
    propose: runner ? (masked) => proposeInContext(runner, masked, (x) => plan.doc.table.restore(x)) : undefined,
  }).catch(() => undefined);
  const report = g?.report;
  if (g && (g.report.swaps > 0 || g.report.restructured > 0)) {
    const gd = await guard(
      settings.meaning,
      text,
      g.plan,
      { text: g.text, p: NaN, objective: NaN, changes: renderPlan(g.plan, g.choice).changes, choice: g.choice },
      ignore,
    );
    if (gd.ok && !avoid.has(gd.text))
      return {
        report,
        candidate: {
          text: gd.text,
          changes: gd.changes,
          sim: gd.sim,
          choice: gd.choice,
          plan: g.plan,
          cos: new Map([...refusedCos, ...g.cos]),
          engine: 'builtin',
        },
      };
  }
  return { report };
}

/** The best few distinct rewrites the guards allow (best objective first), added to `candidates` for the judge. */
export async function searchCandidates(
  settings: EngineSettings,
  request: RewriteRequest,
  best: Scored,
  pool: Map<string, Scored>,
  candidates: Candidate[],
): Promise<void> {
  const { text, plan, ignore, avoid } = request;
  const want = (settings.judgeMode === 'off' ? 1 : settings.judgeCandidates) + candidates.length;
  const ranked = [best, ...[...pool.values()].filter((c) => c !== best).sort((x, y) => x.objective - y.objective)];
  for (const c of ranked.slice(0, 2 * want + 2)) {
    if (candidates.length >= want) break;
    const g = await guard(settings.meaning, text, plan, c, ignore);
    if (!g.ok || candidates.some((k) => k.text === g.text)) continue;
    if (avoid.has(g.text) && candidates.length + 1 < ranked.length) continue;
    candidates.push({ text: g.text, changes: g.changes, sim: g.sim, choice: g.choice, engine: 'builtin' });
  }
}
