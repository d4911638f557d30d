import { isMainThread, workerData } from 'node:worker_threads';
import type { EngineSettings } from '@inkprint/config';

/**
 * The engine settings of this worker thread: the process's validated configuration, handed over by the thread pool
 * as `workerData.handlerOptions` (the handlers never read the environment themselves).
 */
export function threadEngineSettings(): EngineSettings {
  const options = isMainThread
    ? undefined
    : (workerData as { handlerOptions?: EngineSettings } | undefined)?.handlerOptions;
  return options ?? { detectorEngine: 'auto' };
}
