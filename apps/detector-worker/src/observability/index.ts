export { PinoNestLogger } from './nest-logger';
export { serveMetrics, WorkerMetrics } from './worker-metrics';
