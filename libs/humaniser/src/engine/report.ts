// The rewrite's report: the chosen text (or the input when nothing passed), its meaning figures, the detector's
// evaluation before and after, the style targets met, the sentences the guide still reads as AI, and the notes line.
import type { DetectionResult } from '@inkprint/detector';
import { wordCount } from '../core/document';
import { composeNotes } from '../core/notes';
import { noChanges, type Changes } from '../core/operators';
import { proseSentences, similarity, SIMILARITY_THRESHOLD, type Similarity } from '../core/similarity';
import { measureStyle, styleReport, type StyleReport } from '../core/style';
import { evaluation } from './evaluation';
import type { Guide } from './guide';
import type { GuidedReport } from './guided';
import type { LlmState } from './llm-candidate';
import { alignedMeaning } from './meaning-guard';
import { changedWordShare } from './objective';
import type { Candidate, HumaniseResult, JudgeReport, RewriteRequest } from './result';
import type { EngineSettings } from './settings';

/** The chosen rewrite with the figures the result reports. */
export interface Settled {
  out: string;
  changes: Changes;
  sim: Similarity;
  engine: 'builtin' | 'llm';
  meaningReport: HumaniseResult['meaning'];
  before: DetectionResult;
  afterResult: DetectionResult;
  style: StyleReport;
  stillAi: string[];
  guidedUsed: boolean;
}

export async function settleRewrite(
  settings: EngineSettings,
  request: RewriteRequest,
  chosen: Candidate | undefined,
  after: DetectionResult | undefined,
  refusedCos: Map<string, number>,
  guided: GuidedReport | undefined,
  guide: Guide,
): Promise<Settled> {
  const { detector, mode, meaning } = settings;
  const { text, profile, plan, ignore, counter } = request;
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
      const cosMap = chosen.cos ?? refusedCos;
      (chosen.plan ?? plan).lines.forEach((lp, li) =>
        lp.sentences.forEach((_, si) => cos.push(cosMap.get(`${li}:${si}:${chosen?.choice?.variant[li][si]}`) ?? 1)),
      );
      meaningReport = meaning.encoder.score(cos, await meaning.encoder.paragraphCosines(text, out));
    } else meaningReport = await alignedMeaning(meaning, text, out, ignore);
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
      if (wordCount(x) >= 5 && (await guide.probability(x, 'off')) >= 0.5) stillAi.push(x.trim());
  const guidedUsed = Boolean(guided && chosen?.plan);
  return { out, changes, sim, engine, meaningReport, before, afterResult, style, stillAi, guidedUsed };
}

/** What the steps decided besides the rewrite itself, for the notes. */
export interface Decisions {
  chosen: Candidate | undefined;
  judge: JudgeReport;
  guided: GuidedReport | undefined;
  llmState: LlmState | undefined;
  llmReason: string | undefined;
  /** Built-in candidates that passed the guards. */
  builtinCount: number;
  /** performance.now() when the request began. */
  started: number;
}

export function composeResult(request: RewriteRequest, settled: Settled, decisions: Decisions): HumaniseResult {
  const { text, tone, profile, plan, counter, seedLabel } = request;
  const { out, changes, sim, engine, meaningReport, before, afterResult, style, stillAi, guidedUsed } = settled;
  const { chosen, judge, guided, llmState, llmReason, builtinCount, started } = decisions;
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
        ? `${guided.restructured ? `restructured ${guided.restructured} more ${guided.restructured === 1 ? 'sentence' : 'sentences'}, ` : ''}swapped ${guided.swaps} more ${guided.swaps === 1 ? 'word' : 'words'} in ${guided.edited} ${guided.edited === 1 ? 'sentence' : 'sentences'} (${Math.round(changedWordShare(text, out) * 100)}% of words changed)`
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
