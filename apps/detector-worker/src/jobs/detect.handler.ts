import type { DetectJobPayload, DetectJobResult } from '@inkprint/contracts';
import { createDetector, isDetectionMode, type Detector } from '@inkprint/detector';
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

/** The detector's own result type must fit the job contract's: this signature is the compile-time check. */
export async function handleDetect(payload: DetectJobPayload): Promise<DetectJobResult> {
  if (!payload || typeof payload.text !== 'string') {
    throw new JobError('JOB_INVALID_PAYLOAD', 'detect job needs a text string');
  }
  if (payload.mode !== undefined && !isDetectionMode(payload.mode)) {
    throw new JobError('JOB_INVALID_PAYLOAD', `unknown detection mode "${String(payload.mode)}"`);
  }
  const engine = await detectorInstance();
  return engine.detect(payload.text, payload.mode ? { mode: payload.mode } : {});
}

export async function closeDetector(): Promise<void> {
  const current = detector;
  detector = undefined;
  if (current) await (await current.catch(() => undefined))?.close();
}
