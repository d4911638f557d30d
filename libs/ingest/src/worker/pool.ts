import { Worker } from 'node:worker_threads';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { DomainError } from '@inkprint/domain-kernel';
import { extractionTimeout } from '../errors';
import type { ExtractJob, FolderJob, UnpackedFolder } from './extract-job';
import type { Extracted } from './extracted';

type Job = ExtractJob | FolderJob;
type Result = Extracted | UnpackedFolder;

// The thread's entry is inline (eval) so it runs from the compiled dist and from the TypeScript sources (Jest, the
// bench), where the handler runs through the repo's loader, scripts/ts-register.js.
const THREAD_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const file = workerData.handlerModule;
if (workerData.loader) require(workerData.loader);
const { handleJob } = require(file);
parentPort.on('message', async ({ id, job }) => {
  try {
    parentPort.postMessage({ id, ok: true, result: await handleJob(job) });
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

const HANDLER_MODULE = ((): string => {
  const ts = path.join(__dirname, 'extract-job.ts');
  return __filename.endsWith('.ts') && fs.existsSync(ts) ? ts : path.join(__dirname, 'extract-job.js');
})();
const LOADER = HANDLER_MODULE.endsWith('.ts') ? path.join(__dirname, '../../../../scripts/ts-register.js') : undefined;

interface ThreadError {
  name: string;
  message: string;
  code?: string;
  status?: number;
  details?: Record<string, unknown>;
}
interface Reply {
  id: number;
  ok: boolean;
  result?: Result;
  error?: ThreadError;
}
interface Thread {
  worker: Worker;
  busy?: Running;
}
interface Running {
  id: number;
  resolve: (value: Result) => void;
  reject: (error: Error) => void;
}
interface Queued extends Running {
  job: Job;
}

/**
 * Extraction threads: a hostile file burns a thread, never the caller's event loop. A job that runs past its time
 * limit has its thread terminated (and replaced on demand). Threads are kept warm between jobs (pdf.js and the OCR
 * engine load once) and unref'd so they never hold the process open.
 */
export class ExtractionPool {
  private readonly threads: Thread[] = [];
  private readonly queue: Queued[] = [];
  private nextId = 1;

  constructor(
    private readonly size = 2,
    private readonly memoryMb = 1024,
  ) {}

  run(job: ExtractJob, timeoutMs: number, signal?: AbortSignal): Promise<Extracted>;
  run(job: FolderJob, timeoutMs: number, signal?: AbortSignal): Promise<UnpackedFolder>;
  run(job: Job, timeoutMs: number, signal?: AbortSignal): Promise<Result> {
    return new Promise<Result>((resolve, reject) => {
      const id = this.nextId++;
      let timer: NodeJS.Timeout | undefined = undefined;
      const finish = () => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
      };
      const stop = (error: Error) => {
        finish();
        const queued = this.queue.findIndex((q) => q.id === id);
        if (queued >= 0) this.queue.splice(queued, 1);
        const thread = this.threads.find((t) => t.busy?.id === id);
        if (thread) this.kill(thread);
        reject(error);
        this.dispatch();
      };
      const onAbort = () => stop(signal?.reason instanceof Error ? signal.reason : new Error('Extraction aborted'));
      if (signal?.aborted) return onAbort();
      signal?.addEventListener('abort', onAbort, { once: true });
      timer = setTimeout(() => stop(extractionTimeout(timeoutMs)), timeoutMs);
      this.queue.push({
        id,
        job,
        resolve: (value) => (finish(), resolve(value)),
        reject: (error) => (finish(), reject(error)),
      });
      this.dispatch();
    });
  }

  async close(): Promise<void> {
    for (const queued of this.queue.splice(0)) queued.reject(new Error('Extraction threads closed'));
    await Promise.all(this.threads.splice(0).map((t) => t.worker.terminate()));
  }

  private dispatch(): void {
    while (this.queue.length > 0) {
      let thread = this.threads.find((t) => !t.busy);
      if (!thread && this.threads.length < this.size) thread = this.spawn();
      if (!thread) return;
      const { job, ...running } = this.queue.shift()!;
      thread.busy = running;
      thread.worker.postMessage({ id: running.id, job });
    }
  }

  private kill(thread: Thread): void {
    const index = this.threads.indexOf(thread);
    if (index >= 0) this.threads.splice(index, 1);
    thread.busy = undefined;
    void thread.worker.terminate();
  }

  private spawn(): Thread {
    const worker = new Worker(THREAD_SOURCE, {
      eval: true,
      workerData: { handlerModule: HANDLER_MODULE, loader: LOADER },
      resourceLimits: { maxOldGenerationSizeMb: this.memoryMb },
    });
    const thread: Thread = { worker };
    worker.on('message', (reply: Reply) => {
      const busy = thread.busy;
      if (!busy || busy.id !== reply.id) return;
      thread.busy = undefined;
      if (reply.ok) busy.resolve(reply.result!);
      else busy.reject(toError(reply.error));
      this.dispatch();
    });
    const onDeath = (error: Error) => {
      const busy = thread.busy;
      const index = this.threads.indexOf(thread);
      if (index >= 0) this.threads.splice(index, 1);
      thread.busy = undefined;
      busy?.reject(
        new DomainError(
          'FILE_UNREADABLE',
          'The file could not be processed: it exhausted the extraction thread.',
          422,
          {
            reason: 'thread-died',
            detail: error.message,
          },
        ),
      );
      this.dispatch();
    };
    worker.on('error', onDeath);
    worker.on('exit', (code) => onDeath(new Error(`thread exited with code ${code}`)));
    worker.unref();
    this.threads.push(thread);
    return thread;
  }
}

function toError(error: ThreadError | undefined): Error {
  if (error?.code && error.status) return new DomainError(error.code, error.message, error.status, error.details ?? {});
  // A parser that throws anything else was broken by the file.
  return new DomainError('FILE_UNREADABLE', 'The file is corrupt and could not be read.', 422, {
    reason: 'parser-error',
    detail: `${error?.name ?? 'Error'}: ${error?.message ?? 'unknown'}`.slice(0, 300),
  });
}
