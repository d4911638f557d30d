import type { EngineSettings } from '@inkprint/config';
import { InProcessJobBus, observedJobHandler } from '@inkprint/job-bus';
import { JOB_HANDLER_MODULE } from './jobs/job-handler';

export interface EmbeddedJobBusOptions {
  /** Jobs run at once (one worker thread each). Default 2. */
  concurrency?: number;
  /** Detector engine, models folder and humaniser LLM for the job handlers. Default: the auto engine, no LLM. */
  engines?: EngineSettings;
}

/**
 * For the API in embedded mode (no KAFKA_BROKERS): the in-process bus running this app's job handler in worker
 * threads. The API calls `request(job)`; close it on shutdown. Each job writes the worker's log line (kind, mode,
 * priority, ms, outcome, correlationId) through the process's logger.
 */
export function createEmbeddedJobBus(options: EmbeddedJobBusOptions = {}): InProcessJobBus {
  return new InProcessJobBus({
    concurrency: options.concurrency ?? 2,
    handlerModule: JOB_HANDLER_MODULE,
    handlerOptions: options.engines ?? { detectorEngine: 'auto' },
    wrapHandler: (handler) => observedJobHandler(handler),
  });
}
