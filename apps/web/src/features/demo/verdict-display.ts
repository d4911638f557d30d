import type { DetectionResult } from '@inkprint/contracts';
import {
  demoVerdict,
  isTooShortToJudge,
  REPORT_AI_MIN,
  REPORT_HUMAN_MAX,
  reportClassification,
  TOO_SHORT_LABEL,
  type ReportClassification,
} from '@inkprint/contracts/ai/verdicts';

/** What the detector result panel headlines (spec §4 "Verdicts", plus the engine's too-short warning). */
export type VerdictView =
  | { kind: 'too-short'; title: 'Too short to judge'; message: string }
  | { kind: 'ai' | 'human'; title: 'AI Generated' | 'Human Written' };

export function verdictView(result: Pick<DetectionResult, 'score' | 'warning'>): VerdictView {
  if (isTooShortToJudge(result)) {
    return {
      kind: 'too-short',
      title: TOO_SHORT_LABEL,
      message: 'Add more text for a verdict: short passages do not carry enough signal to tell AI from human writing.',
    };
  }
  const title = demoVerdict(result.score);
  return { kind: title === 'AI Generated' ? 'ai' : 'human', title };
}

/** The engine's warnings other than too-short (e.g. homoglyphs or zero-width characters normalised), as shown. */
export function warningNotes(result: Pick<DetectionResult, 'warning'>): string[] {
  const message = result.warning?.message?.trim();
  if (!message) return [];
  return message
    .split(/(?<=\.)\s+(?=[A-Z])/)
    .map((s) => s.trim())
    .filter(Boolean);
}

/** A score 0..1 as the percent the bars show, one decimal. */
export const scorePercent = (score: number): number => Math.round(score * 1000) / 10;

/** A sentence's AI percent on the headline's scale: its score × 100 (aiProbability for results without one). */
export function sentencePercent(sentence: { score?: number; aiProbability: number }): number {
  return typeof sentence.score === 'number' ? scorePercent(sentence.score) : sentence.aiProbability;
}

/** Sentence shading: the sentence's AI probability (percent) as a red (AI) or green (human) wash. */
export function sentenceShade(aiPercent: number): string {
  const p = Math.min(100, Math.max(0, aiPercent)) / 100;
  if (p >= 0.5) return `rgba(192, 57, 43, ${(0.08 + (p - 0.5) * 0.5).toFixed(2)})`;
  return `rgba(46, 125, 91, ${(0.08 + (0.5 - p) * 0.4).toFixed(2)})`;
}

export const percent1 = (value: number): string => `${(Math.round(value * 10) / 10).toFixed(1)}%`;

/**
 * The report's reading of the same score (issue 30 item 1): the quick verdict splits at 50%, the report bands at
 * 35% / 65%, so a score between reads 'Human Written' or 'AI Generated' here and 'Mixed' in the report. The demo
 * card names the band under its verdict and, where the two differ, says why.
 */
export function reportBandView(score: number): { band: ReportClassification; text: string; differs: boolean } {
  const band = reportClassification(score);
  const differs = band === 'Mixed';
  const pct = (x: number) => `${Math.round(x * 100)}%`;
  return {
    band,
    differs,
    text: differs
      ? `Report band: Mixed. The report reads ${Math.round(REPORT_HUMAN_MAX * 100)}–${pct(REPORT_AI_MIN)} AI as Mixed; this quick verdict splits at 50%.`
      : `Report band: ${band}.`,
  };
}

/** The demo's confidence is the engine's certainty, not the AI / Human split the report calls 'Confidence (Human / AI)'. */
export const ENGINE_CONFIDENCE_LABEL = 'Engine confidence';
export const ENGINE_CONFIDENCE_NOTE =
  'Engine confidence is how sure the detector is of this score (text length, agreement between its parts); the AI and Human probabilities are the score itself.';
