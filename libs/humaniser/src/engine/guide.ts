// The guide: the mode's detector without its language model (n-gram + the fine-tuned encoder where `encoder` is not
// off). The forensic mode and the independent detector that judge the humaniser are never queried.
import { objectiveOf } from './objective';
import type { RewriteRequest } from './result';
import type { EngineSettings } from './settings';

export interface Guide {
  /** The guide's probability that `t` is machine-written (one detector call). */
  probability(t: string, encoder: 'off' | undefined): Promise<number>;
  /** The search objective of `t` with the guide's probability. */
  objective(t: string, encoder?: 'off' | undefined): Promise<number>;
}

export function guideFor(settings: EngineSettings, request: RewriteRequest): Guide {
  const { detector, mode } = settings;
  const { text, profile, avoid, counter } = request;
  const probability = async (t: string, encoder: 'off' | undefined): Promise<number> => {
    counter.calls++;
    return (await detector.probability(t, { mode, languageModel: 'off', ...(encoder ? { encoder } : {}) })).probability;
  };
  const objective = async (t: string, encoder: 'off' | undefined = 'off'): Promise<number> =>
    objectiveOf(await probability(t, encoder), t, text, profile.targets, settings, avoid);
  return { probability, objective };
}
