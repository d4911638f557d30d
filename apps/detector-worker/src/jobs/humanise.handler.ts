import { createHumaniser, HumaniserError, isTone, type Humaniser, type HumaniseResult } from '@inkprint/humaniser';
import type { HumaniseJobPayload } from '@inkprint/job-bus';
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

export async function handleHumanise(payload: HumaniseJobPayload): Promise<HumaniseResult> {
  if (!payload || typeof payload.text !== 'string') {
    throw new JobError('JOB_INVALID_PAYLOAD', 'humanise job needs a text string');
  }
  if (payload.tone !== undefined && !isTone(payload.tone)) {
    throw new JobError('JOB_INVALID_PAYLOAD', `unknown tone "${String(payload.tone)}"`);
  }
  const engine = await humaniserInstance();
  try {
    return await engine.humanise(payload.text, payload.tone ? { tone: payload.tone } : {});
  } catch (e) {
    if (e instanceof HumaniserError)
      throw new JobError(e.code === 'HUMANISER_CHAR_LIMIT' ? 'HUMANISER_CHAR_LIMIT' : 'JOB_INVALID_PAYLOAD', e.message);
    throw e;
  }
}
