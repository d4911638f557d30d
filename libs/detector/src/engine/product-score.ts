// The product score: a mode's calibrated probability mapped onto the score the report bands read.
import { DEFAULT_THRESHOLDS, type Thresholds } from '../core/result';

/**
 * Maps a calibrated probability onto the product score the report bands and the 0.5 line read. With `knots` (the
 * manifest's score_knots: p at 0.5 and 0.65 chosen on human text of families never trained on) it is the
 * piecewise-linear map through them (ml/inkprint_ml/engine.py product_score). Without: the legacy map p =
 * humanProbability -> 0.35 and p = operatingThreshold -> 0.65, linear in between and to 0 / 1 at the ends. Monotone
 * either way, so AUROC is unchanged; `aiProbability` keeps the calibrated probability itself.
 */
export function productScore(
  p: number,
  humanProbability: number,
  operatingThreshold: number,
  t: Thresholds = DEFAULT_THRESHOLDS,
  knots?: readonly (readonly [number, number])[],
): number {
  if (knots && knots.length >= 2) {
    for (let i = 1; i < knots.length; i++) {
      const [p0, s0] = knots[i - 1];
      const [p1, s1] = knots[i];
      if (p <= p1) return p1 <= p0 ? s0 : s0 + ((p - p0) / (p1 - p0)) * (s1 - s0);
    }
    return knots[knots.length - 1][1];
  }
  const h = Math.min(humanProbability, operatingThreshold - 1e-6);
  const a = operatingThreshold;
  if (p <= h) return h > 0 ? (p / h) * t.human : t.human;
  if (p < a) return t.human + ((p - h) / (a - h)) * (t.ai - t.human);
  return a < 1 ? t.ai + ((p - a) / (1 - a)) * (1 - t.ai) : 1;
}
