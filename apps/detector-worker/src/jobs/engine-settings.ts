import { isMainThread, workerData } from 'node:worker_threads';
import type { EngineSettings } from '@inkprint/config';

let configured: EngineSettings | undefined;

/** Sets the engine settings of handlers run on this thread directly (not through a worker-thread pool). */
export function configureEngines(settings: EngineSettings | undefined): void {
  configured = settings;
}

/**
 * The engine settings of this thread: the process's validated configuration, handed over by the thread pool as
 * `workerData.handlerOptions`, or set with configureEngines (the handlers never read the environment themselves).
 */
export function threadEngineSettings(): EngineSettings {
  const fromPool = isMainThread
    ? undefined
    : (workerData as { handlerOptions?: EngineSettings } | undefined)?.handlerOptions;
  return configured ?? fromPool ?? { detectorEngine: 'auto' };
}
