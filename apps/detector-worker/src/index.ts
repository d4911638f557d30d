export { createEmbeddedJobBus, type EmbeddedJobBusOptions } from './embedded';
export { JOB_HANDLER_MODULE, handleJob } from './jobs/job-handler';
export { startDetectorWorker, startDetectorWorkerWith } from './bootstrap';
export { loadWorkerConfig, WorkerConfigError, type WorkerConfig } from './config/worker-config';
export { configureEngines } from './jobs/engine-settings';
export { PinoNestLogger, serveMetrics, WorkerMetrics } from './observability';
