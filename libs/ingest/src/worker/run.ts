import * as fs from 'node:fs';
import * as path from 'node:path';
import { DomainError } from '@inkprint/domain-kernel';
import {
  HandlerError,
  ThreadDiedError,
  ThreadPoolClosedError,
  ThreadTimeoutError,
  WorkerThreadPool,
} from '@inkprint/thread-pool';
import { extractionTimeout } from '../errors';
import { INGEST_LIMITS } from '../limits';
import type { ExtractOptions } from '../types';
import type { ExtractJob, FolderJob, UnpackedFolder } from './extract-job';
import type { Extracted } from './extracted';
import { Turns } from './turns';

/** The module each extraction thread runs: `.ts` from the sources (Jest, the bench), `.js` in dist. */
const HANDLER_MODULE = ((): string => {
  const ts = path.join(__dirname, 'extract-job.ts');
  return __filename.endsWith('.ts') && fs.existsSync(ts) ? ts : path.join(__dirname, 'extract-job.js');
})();

const THREADS = 2;
let pool: WorkerThreadPool | undefined;
/** A job takes a turn before it reaches the pool, so its time limit starts with it (turns.ts). */
const turns = new Turns(THREADS);

/**
 * Extraction threads: a hostile file burns a thread (1 GB heap at most), never the caller's event loop. Two are kept
 * warm between jobs, so pdf.js and the OCR engine load once.
 */
function extractionThreads(): WorkerThreadPool {
  return (pool ??= new WorkerThreadPool({ handlerModule: HANDLER_MODULE, threads: THREADS, memoryMb: 1024 }));
}

/** Runs one extraction in the shared thread pool under the time limit, counted from when it starts (not queued). */
export function runExtraction(job: ExtractJob, options: ExtractOptions = {}): Promise<Extracted> {
  return inThread<Extracted>(job, options);
}

/** Unpacks a zipped folder in the shared thread pool under the time limit (zip-folder.ts `readZipFolder`). */
export function runFolderJob(job: FolderJob, options: ExtractOptions = {}): Promise<UnpackedFolder> {
  return inThread<UnpackedFolder>(job, options);
}

/** Stops the extraction threads once their running jobs end (clean shutdown, tests); the next extraction starts fresh ones. */
export async function closeIngestWorkers(): Promise<void> {
  const closing = pool;
  pool = undefined;
  turns.failWaiting(new ThreadPoolClosedError());
  await closing?.close();
}

async function inThread<Result>(job: ExtractJob | FolderJob, options: ExtractOptions): Promise<Result> {
  const timeoutMs = options.timeoutMs ?? INGEST_LIMITS.timeoutMs;
  let release: (() => void) | undefined;
  try {
    release = await turns.take(options.signal);
    return await extractionThreads().run<Result>(job, { timeoutMs, signal: options.signal });
  } catch (error) {
    throw extractionError(error, timeoutMs, options.signal);
  } finally {
    release?.();
  }
}

/** The thread pool's failures in the catalogue's words. */
function extractionError(error: unknown, timeoutMs: number, signal: AbortSignal | undefined): unknown {
  if (error instanceof ThreadTimeoutError) return extractionTimeout(timeoutMs);
  if (error instanceof ThreadDiedError) {
    return new DomainError(
      'FILE_UNREADABLE',
      'The file could not be processed: it exhausted the extraction thread.',
      422,
      {
        reason: 'thread-died',
        detail: error.detail,
      },
    );
  }
  if (error instanceof HandlerError) {
    const { name, message, code, status, details } = error.info;
    if (code && status) return new DomainError(code, message, status, details ?? {});
    // A parser that throws anything else was broken by the file.
    return new DomainError('FILE_UNREADABLE', 'The file is corrupt and could not be read.', 422, {
      reason: 'parser-error',
      detail: `${name}: ${message}`.slice(0, 300),
    });
  }
  if (signal?.aborted && !(signal.reason instanceof Error)) return new Error('Extraction aborted');
  return error;
}
