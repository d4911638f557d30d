export * from './port/priority';
export * from './port/errors';
export * from './port/job-bus';
export * from './port/jobs';
export { PriorityScheduler, type ScheduledTask } from './in-process/priority-scheduler';
export { WorkerThreadPool, HandlerError, type WorkerThreadPoolOptions } from './in-process/worker-thread-pool';
export { InProcessJobBus, type InProcessJobBusOptions } from './in-process/in-process-job-bus';
