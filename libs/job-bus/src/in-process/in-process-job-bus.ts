import {
  newJobEnvelope,
  type JobBus,
  type JobBusHealth,
  type JobEnvelope,
  type JobHandler,
  type JobRequest,
  type JobWorker,
  type RequestOptions,
} from '../port/job-bus';
import { JobBusClosedError, JobFailedError, JobTimeoutError, toJobErrorInfo } from '../port/errors';
import { PriorityScheduler } from './priority-scheduler';
import { WorkerThreadPool } from '@inkprint/thread-pool';

export interface InProcessJobBusOptions {
  /** Jobs that run at once (= worker threads when `handlerModule` is set). Default 2. */
  concurrency?: number;
  /**
   * Module exporting `handleJob(job)`, loaded inside each worker thread. When set, the bus serves jobs itself;
   * otherwise call `serve(handler)` (the handler then runs on the main thread: for light work and tests).
   */
  handlerModule?: string;
  /** Passed to the handler module as `workerData.handlerOptions`. */
  handlerOptions?: unknown;
  /** Wraps the handler built from `handlerModule` (the worker's job log lines and metrics). */
  wrapHandler?: (handler: JobHandler) => JobHandler;
}

/**
 * Embedded job bus: a strict-priority queue (FIFO within a priority, bounded concurrency) in this process, with
 * CPU-heavy handlers run in worker threads. It is both the API side (`request`) and the worker side (`serve`).
 */
export class InProcessJobBus implements JobBus, JobWorker {
  private readonly scheduler: PriorityScheduler;
  private readonly pool?: WorkerThreadPool;
  private handler?: JobHandler;
  private closed = false;
  private readonly waitingForHandler: Array<() => void> = [];

  constructor(options: InProcessJobBusOptions = {}) {
    const concurrency = options.concurrency ?? 2;
    this.scheduler = new PriorityScheduler(concurrency);
    if (options.handlerModule) {
      this.pool = new WorkerThreadPool({
        handlerModule: options.handlerModule,
        threads: concurrency,
        handlerOptions: options.handlerOptions,
      });
      const pool = this.pool;
      const inThread: JobHandler = (job) => pool.run(job);
      this.handler = options.wrapHandler ? options.wrapHandler(inThread) : inThread;
    }
  }

  async serve(handler: JobHandler): Promise<void> {
    if (this.closed) throw new JobBusClosedError();
    if (this.pool) throw new Error('InProcessJobBus was built with a handlerModule; it serves jobs already');
    this.handler = handler;
    for (const wake of this.waitingForHandler.splice(0)) wake();
  }

  /** Jobs waiting and running (for health and metrics). */
  stats(): { queued: number; running: number } {
    return { queued: this.scheduler.queued(), running: this.scheduler.running };
  }

  async health(): Promise<JobBusHealth> {
    if (this.closed) throw new JobBusClosedError();
    return { kind: 'in-process', ...this.stats(), handler: this.handler ? 'ready' : 'waiting' };
  }

  request<Result = unknown>(job: JobRequest, options: RequestOptions = {}): Promise<Result> {
    if (this.closed) return Promise.reject(new JobBusClosedError());
    let envelope: JobEnvelope;
    let timeoutMs: number;
    try {
      ({ envelope, timeoutMs } = newJobEnvelope(job, options));
    } catch (error) {
      return Promise.reject(error);
    }
    const task = this.scheduler.schedule(job.priority, async () => {
      const handler = await this.awaitHandler();
      try {
        return await handler(envelope);
      } catch (error) {
        const info = toJobErrorInfo(error);
        throw new JobFailedError(envelope.id, envelope.kind, info.message, info.code);
      }
    });
    return new Promise<Result>((resolve, reject) => {
      const timer = setTimeout(() => {
        // A queued job is dropped; a running one finishes in its thread and its result is discarded.
        task.cancel(new JobTimeoutError(envelope.id, envelope.kind, envelope.priority, timeoutMs));
        reject(new JobTimeoutError(envelope.id, envelope.kind, envelope.priority, timeoutMs));
      }, timeoutMs);
      task.promise.then(
        (result) => {
          clearTimeout(timer);
          resolve(result as Result);
        },
        (error: Error) => {
          clearTimeout(timer);
          reject(error);
        },
      );
    });
  }

  /** Stops accepting jobs, rejects the queued ones, waits for the running ones, then stops the threads. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.scheduler.rejectQueued(() => new JobBusClosedError());
    for (const wake of this.waitingForHandler.splice(0)) wake();
    await this.scheduler.whenIdle();
    await this.pool?.close();
  }

  private async awaitHandler(): Promise<JobHandler> {
    while (!this.handler) {
      if (this.closed) throw new JobBusClosedError();
      await new Promise<void>((resolve) => this.waitingForHandler.push(resolve));
    }
    return this.handler;
  }
}
