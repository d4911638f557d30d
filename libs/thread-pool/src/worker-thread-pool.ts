import { Worker } from 'node:worker_threads';
import * as fs from 'node:fs';
import * as path from 'node:path';

export interface WorkerThreadPoolOptions {
  /**
   * Absolute path (or resolvable id) of a module exporting `handleJob(job)` (named or default). A `.ts` module
   * (development and tests) runs through the repo's TypeScript loader, scripts/ts-register.js.
   */
  handlerModule: string;
  /** Number of threads = jobs that run at once. */
  threads: number;
  /** Passed to the handler module as `workerData.handlerOptions` (must be structured-cloneable). */
  handlerOptions?: unknown;
  /** Heap limit of each thread in MB (`resourceLimits.maxOldGenerationSizeMb`): past it the thread dies. */
  memoryMb?: number;
}

export interface RunOptions {
  /** Counted from the call, queue time included: past it the job is dropped, or its thread stopped and replaced. */
  timeoutMs?: number;
  /** Aborting drops the job, or stops its thread; the job rejects with the signal's reason. */
  signal?: AbortSignal;
}

/** A handler's error as it crosses the thread boundary. */
export interface ThreadErrorInfo {
  name: string;
  message: string;
  code?: string;
  status?: number;
  details?: Record<string, unknown>;
}

/** The handler threw in its thread; carries the thread's error. */
export class HandlerError extends Error {
  declare readonly code?: string;
  constructor(readonly info: ThreadErrorInfo) {
    super(info.message);
    this.name = info.name;
    if (info.code) (this as { code?: string }).code = info.code;
  }
}

/** The thread died under the job (its heap limit, `process.exit`, a native crash). The next job gets a new thread. */
export class ThreadDiedError extends Error {
  constructor(readonly detail: string) {
    super(`worker thread died: ${detail}`);
    this.name = 'WorkerThreadError';
  }
}

/** The job ran past `timeoutMs`; its thread was stopped. */
export class ThreadTimeoutError extends Error {
  constructor(readonly timeoutMs: number) {
    super(`job got no result within ${timeoutMs} ms; its thread was stopped`);
    this.name = 'ThreadTimeoutError';
  }
}

/** The pool was closed before the job started. */
export class ThreadPoolClosedError extends Error {
  constructor() {
    super('worker thread pool is closed');
    this.name = 'ThreadPoolClosedError';
  }
}

// The thread's entry point is inline (eval) so it works from both the compiled dist and the TypeScript sources.
const THREAD_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
if (workerData.loader) require(workerData.loader);
const loaded = require(workerData.handlerModule);
const handle = typeof loaded.handleJob === 'function' ? loaded.handleJob
  : loaded.default && typeof loaded.default.handleJob === 'function' ? loaded.default.handleJob
  : typeof loaded.default === 'function' ? loaded.default : undefined;
if (!handle) throw new Error('Job handler module ' + workerData.handlerModule + ' exports no handleJob function');
parentPort.on('message', async ({ id, job }) => {
  try {
    parentPort.postMessage({ id, ok: true, result: await handle(job) });
  } catch (error) {
    const e = error || {};
    parentPort.postMessage({ id, ok: false, error: {
      name: String(e.name || 'Error'), message: String(e.message || e),
      code: typeof e.code === 'string' ? e.code : undefined,
      status: typeof e.status === 'number' ? e.status : undefined,
      details: e.details && typeof e.details === 'object' ? JSON.parse(JSON.stringify(e.details)) : undefined,
    } });
  }
});
`;

interface Pending {
  id: number;
  job: unknown;
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
}

interface Thread {
  worker: Worker;
  busy?: Pending;
}

interface Reply {
  id: number;
  ok: boolean;
  result?: unknown;
  error?: ThreadErrorInfo;
}

/**
 * Runs jobs in up to `threads` worker threads, one job per thread at a time, so CPU-heavy or hostile work never
 * blocks the caller's event loop. Threads start on demand, stay warm between jobs and are unref'd (they never hold
 * the process open). A thread that dies, or runs past a job's time limit, fails that job and is replaced.
 */
export class WorkerThreadPool {
  private readonly threads: Thread[] = [];
  private readonly queue: Pending[] = [];
  private readonly handlerModule: string;
  private readonly loader?: string;
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
    if (this.handlerModule.endsWith('.ts')) this.loader = typeScriptLoader(this.handlerModule);
  }

  run<Result = unknown>(job: unknown, options: RunOptions = {}): Promise<Result> {
    if (this.closed) return Promise.reject(new ThreadPoolClosedError());
    const { timeoutMs, signal } = options;
    return new Promise<Result>((resolve, reject) => {
      const id = this.nextId++;
      let timer: NodeJS.Timeout | undefined = undefined;
      const settle = () => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
      };
      const stop = (error: Error) => {
        settle();
        const queued = this.queue.findIndex((q) => q.id === id);
        if (queued >= 0) this.queue.splice(queued, 1);
        const thread = this.threads.find((t) => t.busy?.id === id);
        if (thread) this.retire(thread);
        reject(error);
        this.dispatch();
      };
      const onAbort = () => stop(signal?.reason instanceof Error ? signal.reason : new Error('Job aborted'));
      if (signal?.aborted) return onAbort();
      signal?.addEventListener('abort', onAbort, { once: true });
      if (timeoutMs !== undefined) timer = setTimeout(() => stop(new ThreadTimeoutError(timeoutMs)), timeoutMs);
      this.queue.push({
        id,
        job,
        resolve: (value) => (settle(), resolve(value as Result)),
        reject: (error) => (settle(), reject(error)),
      });
      this.dispatch();
    });
  }

  /** Refuses new jobs and rejects the queued ones, lets the running ones finish, then stops the threads. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    for (const queued of this.queue.splice(0)) queued.reject(new ThreadPoolClosedError());
    await Promise.all(
      this.threads.map(async (thread) => {
        if (thread.busy)
          await new Promise<void>((r) => thread.worker.once('message', () => r()).once('exit', () => r()));
      }),
    );
    await Promise.all(this.threads.splice(0).map((thread) => thread.worker.terminate()));
  }

  private dispatch(): void {
    while (this.queue.length > 0) {
      let thread = this.threads.find((t) => !t.busy);
      if (!thread && this.threads.length < this.options.threads) thread = this.spawn();
      if (!thread) return;
      const pending = this.queue.shift()!;
      thread.busy = pending;
      thread.worker.postMessage({ id: pending.id, job: pending.job });
    }
  }

  /** Stops a thread whose job was given up (time limit, abort); the next job starts a new one. */
  private retire(thread: Thread): void {
    const index = this.threads.indexOf(thread);
    if (index >= 0) this.threads.splice(index, 1);
    thread.busy = undefined;
    void thread.worker.terminate();
  }

  private spawn(): Thread {
    const worker = new Worker(THREAD_SOURCE, {
      eval: true,
      workerData: {
        handlerModule: this.handlerModule,
        handlerOptions: this.options.handlerOptions,
        loader: this.loader,
      },
      ...(this.options.memoryMb ? { resourceLimits: { maxOldGenerationSizeMb: this.options.memoryMb } } : {}),
    });
    const thread: Thread = { worker };
    worker.on('message', (reply: Reply) => {
      const busy = thread.busy;
      if (!busy || busy.id !== reply.id) return;
      thread.busy = undefined;
      if (reply.ok) busy.resolve(reply.result);
      else busy.reject(new HandlerError(reply.error ?? { name: 'Error', message: 'unknown error' }));
      this.dispatch();
    });
    const onDeath = (error: Error) => {
      const index = this.threads.indexOf(thread);
      if (index < 0) return;
      this.threads.splice(index, 1);
      const busy = thread.busy;
      thread.busy = undefined;
      busy?.reject(new ThreadDiedError(error.message));
      this.dispatch();
    };
    worker.on('error', onDeath);
    worker.on('exit', (code) => onDeath(new Error(`exit code ${code}`)));
    worker.unref();
    this.threads.push(thread);
    return thread;
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
