/**
 * The detector worker's job handler module: loaded by path inside each worker thread (embedded bus and Kafka worker
 * alike), so it must not depend on Nest or on the bus implementation. Exports `handleJob`.
 */
import type { AiJobResult, DetectJobPayload, HumaniseJobPayload } from '@inkprint/contracts';
import type { JobEnvelope } from '@inkprint/job-bus';
import { handleDetect } from './detect.handler';
import { handleHumanise } from './humanise.handler';
import { JobError } from './job-errors';

/** Answers a job with its kind's result type from the job contract (libs/contracts/src/ai/jobs.ts). */
export async function handleJob(job: JobEnvelope): Promise<AiJobResult<'detect'> | AiJobResult<'humanise'>> {
  switch (job.kind) {
    case 'detect':
      return handleDetect(job.payload as DetectJobPayload);
    case 'humanise':
      return handleHumanise(job.payload as HumaniseJobPayload);
    default:
      throw new JobError('JOB_UNKNOWN_KIND', `unknown job kind "${job.kind}"`);
  }
}

/** Path of this module, for the worker-thread pools (`.js` in dist, `.ts` under Jest). */
export const JOB_HANDLER_MODULE = __filename;
