// The document's product score before the AI-part rules: the score map, the agreement rule's hold, the short-text
// rule. One home for the engine (whether sentences' own evidence can be shown) and the result. Pure.
import type { LengthPolicy } from './result';

/** A text below the minimum length never reaches 0.5 (the demo's "AI Generated" line). */
export const SHORT_TEXT_MAX_SCORE = 0.49;

/**
 * Below the minimum length a probability is pulled into the Mixed band (|p - 0.5| < 0.14), so no consumer applying
 * the report thresholds to a score can read a confident verdict off a text too short to judge.
 */
export function shrinkShort(probability: number, words: number, minWords: number): number {
  if (words <= 0) return 0.5;
  if (words >= minWords) return probability;
  return 0.5 + (probability - 0.5) * ((0.28 * words) / minWords);
}

/**
 * The document-level short-text rule (ml/inkprint_ml/engine.py final_score): pulled to the middle like shrinkShort and
 * capped below 0.5, so a text under the minimum length never reads as AI, whatever the model says.
 */
export function shortTextScore(score: number, words: number, policy: LengthPolicy): number {
  const s = shrinkShort(score, words, policy.minWords);
  return words > 0 && words < policy.minWords ? Math.min(s, policy.shortTextMaxScore ?? SHORT_TEXT_MAX_SCORE) : s;
}

/**
 * The document's product score before the AI-part rules: the probability through the score map, held at `maxScore`
 * (the agreement rule) and under the short-text rule. The engine reads it to decide whether sentences' own evidence
 * can be shown at all.
 */
export function documentScore(
  probability: number,
  scoreOf: (p: number) => number,
  maxScore: number | undefined,
  words: number,
  lengthPolicy: LengthPolicy,
): { score: number; heldBack: boolean } {
  const scored = scoreOf(probability);
  const heldBack = maxScore !== undefined && scored > maxScore;
  return { score: shortTextScore(heldBack ? maxScore : scored, words, lengthPolicy), heldBack };
}
