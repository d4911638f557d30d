import type { HumaniseJobPayload, HumaniseJobResult } from '@inkprint/contracts';
import { createHumaniser, HumaniserError, type Humaniser } from '@inkprint/humaniser';
import { detectorInstance } from './detect.handler';
import { threadEngineSettings } from './engine-settings';
import { JobError } from './job-errors';

let humaniser: Promise<Humaniser> | undefined;

/** One humaniser per thread, sharing the thread's detector (created on first use). */
function humaniserInstance(): Promise<Humaniser> {
  if (humaniser) return humaniser;
  const created = detectorInstance()
    .then((detector) => createHumaniser({ detector, llm: threadEngineSettings().humaniserLlm ?? false }))
    .catch((error: unknown) => {
      humaniser = undefined;
      if (error instanceof JobError) throw error;
      throw new JobError('HUMANISER_UNAVAILABLE', `The humaniser could not start: ${(error as Error).message}`);
    });
  humaniser = created;
  return created;
}

/**
 * A payload the job contract accepted (job-handler.ts). The humaniser's own result type must fit the contract's
 * result: this signature is the compile-time check.
 */
export async function handleHumanise(payload: HumaniseJobPayload): Promise<HumaniseJobResult> {
  const engine = await humaniserInstance();
  try {
    const result = await engine.humanise(payload.text, {
      ...(payload.tone ? { tone: payload.tone } : {}),
      ...(payload.seed !== undefined ? { seed: payload.seed } : {}),
    });
    // Changes is an interface (no index signature): copied into a plain record of counts. What the result tells the
    // writer besides the rewrite: the lowest sentence similarity and the sentences still read as AI (spec'd in
    // HumanisationResult; the engine keeps them in its meaning and guided reports).
    return {
      ...result,
      changes: { ...result.changes },
      lowestSentenceSimilarity: result.meaning.encoder === null ? null : result.meaning.sentenceMin,
      ...(result.guided ? { stillAi: result.guided.stillAi } : {}),
    };
  } catch (e) {
    if (e instanceof HumaniserError)
      throw new JobError(e.code === 'HUMANISER_CHAR_LIMIT' ? 'HUMANISER_CHAR_LIMIT' : 'JOB_INVALID_PAYLOAD', e.message);
    throw e;
  }
}
