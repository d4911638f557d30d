import { Worker } from 'node:worker_threads';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { JobEnvelope, JobHandler } from '../port/job-bus';
import { JobBusClosedError, type JobErrorInfo } from '../port/errors';

/** Thrown inside the pool when the handler failed in its thread; carries the thread's error. */
export class HandlerError extends Error {
  constructor(readonly info: JobErrorInfo) {
    super(info.message);
    this.name = info.name;
    if (info.code) (this as { code?: string }).code = info.code;
  }
}

export interface WorkerThreadPoolOptions {
  /** Absolute path (or resolvable id) of a module exporting `handleJob(job)` (named or default). */
  handlerModule: string;
  /** Number of threads = jobs that run at once. */
  threads: number;
  /** Passed to the handler module as `workerData.handlerOptions` (must be structured-cloneable). */
  handlerOptions?: unknown;
}

// The thread's entry point is inline (eval) so it works from both the compiled dist and the TypeScript sources under
// Jest. A `.ts` handler module (development and tests only) runs through the repo's loader, scripts/ts-register.js.
const THREAD_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const file = workerData.handlerModule;
if (workerData.loader) require(workerData.loader);
const loaded = require(file);
const handle = typeof loaded.handleJob === 'function' ? loaded.handleJob
  : loaded.default && typeof loaded.default.handleJob === 'function' ? loaded.default.handleJob
  : typeof loaded.default === 'function' ? loaded.default : undefined;
if (!handle) throw new Error('Job handler module ' + file + ' exports no handleJob function');
parentPort.on('message', async (message) => {
  try {
    const result = await handle(message.job);
    parentPort.postMessage({ id: message.id, ok: true, result });
  } catch (error) {
    const info = error instanceof Error
      ? { name: error.name, message: error.message, code: typeof error.code === 'string' ? error.code : undefined }
      : { name: 'Error', message: String(error) };
    parentPort.postMessage({ id: message.id, ok: false, error: info });
  }
});
`;

interface Slot {
  worker: Worker;
  busy?: { id: number; resolve: (value: unknown) => void; reject: (error: Error) => void };
}

interface Waiting {
  job: JobEnvelope;
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
}

/**
 * Runs jobs in `threads` worker threads, one job per thread at a time, so CPU-heavy handlers never block the
 * main event loop. A thread that crashes fails its job and is replaced.
 */
export class WorkerThreadPool {
  private readonly slots: Slot[] = [];
  private readonly waiting: Waiting[] = [];
  private readonly handlerModule: string;
  private nextId = 1;
  private closed = false;

  constructor(private readonly options: WorkerThreadPoolOptions) {
    if (!Number.isInteger(options.threads) || options.threads < 1) {
      throw new RangeError(`threads must be a positive integer, got ${options.threads}`);
    }
    // Fail at construction, in the caller's thread, with a clear message when the module cannot be found.
    try {
      this.handlerModule = require.resolve(
        path.isAbsolute(options.handlerModule) ? options.handlerModule : path.resolve(options.handlerModule),
      );
    } catch {
      throw new Error(`Job handler module not found: ${options.handlerModule}`);
    }
  }

  /** A JobHandler that runs each job in the pool. */
  readonly handler: JobHandler = (job) => this.run(job);

  run(job: JobEnvelope): Promise<unknown> {
    if (this.closed) return Promise.reject(new JobBusClosedError(job.id));
    return new Promise((resolve, reject) => {
      this.waiting.push({ job, resolve, reject });
      this.dispatch();
    });
  }

  /** Waits for running jobs, then terminates the threads. Jobs not yet started are rejected. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    for (const w of this.waiting.splice(0)) w.reject(new JobBusClosedError(w.job.id));
    await Promise.all(
      this.slots.map(async (slot) => {
        if (slot.busy) await new Promise<void>((r) => slot.worker.once('message', () => r()).once('exit', () => r()));
      }),
    );
    await Promise.all(this.slots.splice(0).map((slot) => slot.worker.terminate()));
  }

  private dispatch(): void {
    while (this.waiting.length > 0) {
      let slot = this.slots.find((s) => !s.busy);
      if (!slot && this.slots.length < this.options.threads) slot = this.spawn();
      if (!slot) return;
      const { job, resolve, reject } = this.waiting.shift()!;
      const id = this.nextId++;
      slot.busy = { id, resolve, reject };
      slot.worker.postMessage({ id, job });
    }
  }

  private spawn(): Slot {
    const worker = new Worker(THREAD_SOURCE, {
      eval: true,
      workerData: {
        handlerModule: this.handlerModule,
        handlerOptions: this.options.handlerOptions,
        loader: this.handlerModule.endsWith('.ts') ? typeScriptLoader(this.handlerModule) : undefined,
      },
    });
    const slot: Slot = { worker };
    worker.on('message', (message: { id: number; ok: boolean; result?: unknown; error?: JobErrorInfo }) => {
      const busy = slot.busy;
      if (!busy || busy.id !== message.id) return;
      slot.busy = undefined;
      if (message.ok) busy.resolve(message.result);
      else busy.reject(new HandlerError(message.error ?? { name: 'Error', message: 'unknown error' }));
      this.dispatch();
    });
    const onDeath = (error: Error) => {
      const index = this.slots.indexOf(slot);
      if (index < 0) return;
      this.slots.splice(index, 1);
      slot.busy?.reject(
        new HandlerError({ name: 'WorkerThreadError', message: `worker thread died: ${error.message}` }),
      );
      slot.busy = undefined;
      if (!this.closed) this.dispatch();
    };
    worker.on('error', onDeath);
    worker.on('exit', (code) => onDeath(new Error(`exit code ${code}`)));
    worker.unref();
    this.slots.push(slot);
    return slot;
  }
}

/** scripts/ts-register.js of the checkout that holds a `.ts` handler module. */
function typeScriptLoader(handlerModule: string): string {
  for (let dir = path.dirname(handlerModule); dir !== path.dirname(dir); dir = path.dirname(dir)) {
    const loader = path.join(dir, 'scripts', 'ts-register.js');
    if (fs.existsSync(loader)) return loader;
  }
  throw new Error(`No scripts/ts-register.js above ${handlerModule} to run it from its TypeScript source`);
}
