import type { TextFeatures } from '../core/features';
import { heuristicProbability } from '../core/heuristic';
import type { ProbabilityScorer } from './analyze';

/** The fallback engine: the fitted stylometric logistic model, whatever model name is asked for. */
export class HeuristicScorer implements ProbabilityScorer {
  readonly engine = 'heuristic';
  // Its held-out AUROC is far below the trained model's (docs/detector.md), so its confidence is discounted.
  readonly reliability = 0.6;

  async score(_model: string, items: readonly TextFeatures[]): Promise<Float64Array> {
    return Float64Array.from(items.map((f) => heuristicProbability(f.dense())));
  }
}
