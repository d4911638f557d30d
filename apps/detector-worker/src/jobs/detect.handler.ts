import type { DetectJobPayload, DetectJobResult } from '@inkprint/contracts';
import { createDetector, type Detector } from '@inkprint/detector';
import { threadEngineSettings } from './engine-settings';
import { JobError } from './job-errors';

let detector: Promise<Detector> | undefined;

/** One detector per thread, created on first use (loading the model takes a moment). */
export function detectorInstance(): Promise<Detector> {
  if (detector) return detector;
  const settings = threadEngineSettings();
  const created = createDetector({
    engine: settings.detectorEngine,
    ...(settings.languageModel ? { languageModel: settings.languageModel } : {}),
    ...(settings.modelsDir ? { modelsDir: settings.modelsDir } : {}),
  }).catch((error: unknown) => {
    detector = undefined;
    throw new JobError('DETECTOR_UNAVAILABLE', `The detector could not start: ${(error as Error).message}`);
  });
  detector = created;
  return created;
}

/**
 * A payload the job contract accepted (job-handler.ts). The detector's own result type must fit the contract's
 * result: this signature is the compile-time check.
 */
export async function handleDetect(payload: DetectJobPayload): Promise<DetectJobResult> {
  const engine = await detectorInstance();
  return engine.detect(payload.text, payload.mode ? { mode: payload.mode } : {});
}

export async function closeDetector(): Promise<void> {
  const current = detector;
  detector = undefined;
  if (current) await (await current.catch(() => undefined))?.close();
}
