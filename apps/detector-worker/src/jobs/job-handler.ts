/**
 * The detector worker's job handler module: loaded by path inside each worker thread (embedded bus and Kafka worker
 * alike), so it must not depend on Nest or on the bus implementation. Exports `handleJob`.
 */
import { AI_JOBS, type AiJobKind, type AiJobPayload, type AiJobResult } from '@inkprint/contracts';
import type { JobEnvelope } from '@inkprint/job-bus';
import { handleDetect } from './detect.handler';
import { handleHumanise } from './humanise.handler';
import { JobError } from './job-errors';

/** Answers a job with its kind's result type from the job contract (libs/contracts/src/ai/jobs.ts). */
export async function handleJob(job: JobEnvelope): Promise<AiJobResult<'detect'> | AiJobResult<'humanise'>> {
  switch (job.kind) {
    case 'detect':
      return handleDetect(payloadOf('detect', job.payload));
    case 'humanise':
      return handleHumanise(payloadOf('humanise', job.payload));
    default:
      throw new JobError('JOB_UNKNOWN_KIND', `unknown job kind "${job.kind}"`);
  }
}

/** The payload as the job contract has it, or JOB_INVALID_PAYLOAD saying what is wrong (a wire value). */
function payloadOf<K extends AiJobKind>(kind: K, payload: unknown): AiJobPayload<K> {
  const parsed = AI_JOBS[kind].payload.safeParse(payload);
  if (parsed.success) return parsed.data as AiJobPayload<K>;
  const issues = parsed.error.issues.map((issue) => `${issue.path.join('.') || 'payload'}: ${issue.message}`);
  throw new JobError('JOB_INVALID_PAYLOAD', `${kind} job: ${issues.join('; ')}`);
}

/** Path of this module, for the worker-thread pools (`.js` in dist, `.ts` under Jest). */
export const JOB_HANDLER_MODULE = __filename;
