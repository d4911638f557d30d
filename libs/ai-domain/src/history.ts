import {
  displayModeLabel,
  reportClassification,
  round1,
  scoreBadge,
  type DetectionMode,
  type HistoryDisplay,
} from '@inkprint/contracts';

/** The scores of one detection as the engine gave them (what events keep; never the text). */
export interface DetectionScores {
  /** Product score 0..1 (the calibrated probability mapped onto the report bands). */
  score: number;
  /** Calibrated AI probability, percent 0..100. */
  aiProbability: number;
  confidence: number;
  mode: DetectionMode;
  modeLabel: string;
}

/**
 * History display (docs/detection-history.md): `raw.biasedScore` is the engine's product score, i.e. the calibrated
 * probability after the band mapping that puts the model's operating points on 0.35 / 0.65; `biasPercent` is how far
 * that mapping moved it, in percentage points (score x 100 - calibrated AI %), signed: positive leans the reading
 * towards AI, negative towards human. Both come from the engine's output; nothing is estimated here.
 */
export function historyDisplay(scores: DetectionScores): HistoryDisplay {
  return {
    aiProbabilityPercent: round1(scores.score * 100),
    confidencePercent: round1(scores.confidence),
    verdict: reportClassification(scores.score),
    badge: scoreBadge(scores.score),
    detectionMode: scores.mode,
    detectionModeLabel: displayModeLabel(scores.modeLabel),
    biasPercent: round1(scores.score * 100 - scores.aiProbability),
    raw: { biasedScore: scores.score },
  };
}
