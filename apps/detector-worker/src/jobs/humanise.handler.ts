import type { HumaniseJobPayload } from '@inkprint/job-bus';
import { JobError } from './job-errors';

/** The humaniser engine's expected surface (libs/humaniser, not written yet). */
interface HumaniserModule {
  createHumaniser(): Promise<{ humanise(text: string, options: { tone?: string }): Promise<unknown> }> | { humanise(text: string, options: { tone?: string }): Promise<unknown> };
}

function loadHumaniser(): HumaniserModule | undefined {
  try {
    // Optional until the humaniser lands: loaded by name so this app builds without it.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    return require('@inkprint/humaniser') as HumaniserModule;
  } catch {
    return undefined;
  }
}

export async function handleHumanise(payload: HumaniseJobPayload): Promise<unknown> {
  if (!payload || typeof payload.text !== 'string') {
    throw new JobError('JOB_INVALID_PAYLOAD', 'humanise job needs a text string');
  }
  const humaniser = loadHumaniser();
  if (!humaniser || typeof humaniser.createHumaniser !== 'function') {
    throw new JobError('HUMANISER_UNAVAILABLE', 'The humaniser engine is not available in this build');
  }
  const engine = await humaniser.createHumaniser();
  return engine.humanise(payload.text, payload.tone ? { tone: payload.tone } : {});
}
