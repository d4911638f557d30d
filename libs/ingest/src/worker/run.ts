import { INGEST_LIMITS } from '../limits';
import type { ExtractOptions } from '../types';
import type { ExtractJob, FolderJob, UnpackedFolder } from './extract-job';
import type { Extracted } from './extracted';
import { ExtractionPool } from './pool';

let pool: ExtractionPool | undefined;

/** Runs one extraction in the shared thread pool under the time limit. */
export function runExtraction(job: ExtractJob, options: ExtractOptions = {}): Promise<Extracted> {
  pool ??= new ExtractionPool();
  return pool.run(job, options.timeoutMs ?? INGEST_LIMITS.timeoutMs, options.signal);
}

/** Unpacks a zipped folder in the shared thread pool under the time limit (zip-folder.ts `readZipFolder`). */
export function runFolderJob(job: FolderJob, options: ExtractOptions = {}): Promise<UnpackedFolder> {
  pool ??= new ExtractionPool();
  return pool.run(job, options.timeoutMs ?? INGEST_LIMITS.timeoutMs, options.signal);
}

/** Terminates the extraction threads (clean shutdown, tests); the next extraction starts fresh ones. */
export async function closeIngestWorkers(): Promise<void> {
  const closing = pool;
  pool = undefined;
  await closing?.close();
}
