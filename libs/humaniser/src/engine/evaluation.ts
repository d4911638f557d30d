// The Humanizer evaluation of the product spec (section 4) from a Detection result.
import type { DetectionResult } from '@inkprint/detector';

export type HumaniserVerdict = 'Humanised' | 'AI Generated';
export type HumaniserBadge = 'humanised' | 'borderline' | 'ai';

export interface HumaniserEvaluation {
  /**
   * AI probability on the product scale 0..1 that the spec's bands apply to: the detector's `score` (its calibrated
   * probability mapped so the model's operating points sit on 0.35 / 0.65; docs/detector.md "Score").
   */
  aiProbability: number;
  /** The detector's calibrated probability, 0..1 (its `aiProbability` / 100). */
  calibratedProbability: number;
  /** Detector confidence, percent. */
  confidence: number;
  /** 'Humanised' when aiProbability <= 0.5, else 'AI Generated'. */
  verdict: HumaniserVerdict;
  /** humanised at <= 0.35, ai at >= 0.65, else borderline. */
  badge: HumaniserBadge;
  /** The detector's own verdict and mode, for the report. */
  detectorVerdict: DetectionResult['verdict'];
  mode: DetectionResult['mode'];
  engine: string;
}

export function badgeFor(aiProbability: number): HumaniserBadge {
  if (aiProbability <= 0.35) return 'humanised';
  if (aiProbability >= 0.65) return 'ai';
  return 'borderline';
}

export function verdictFor(aiProbability: number): HumaniserVerdict {
  return aiProbability <= 0.5 ? 'Humanised' : 'AI Generated';
}

export function evaluation(r: DetectionResult): HumaniserEvaluation {
  const p = Math.round(r.score * 10000) / 10000;
  return {
    aiProbability: p,
    calibratedProbability: Math.round(r.aiProbability * 100) / 10000,
    confidence: r.confidence,
    verdict: verdictFor(p),
    badge: badgeFor(p),
    detectorVerdict: r.verdict,
    mode: r.mode,
    engine: r.engine,
  };
}
