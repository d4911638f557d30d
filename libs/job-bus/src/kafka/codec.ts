import type { IHeaders } from 'kafkajs';
import type { JobEnvelope } from '../port/job-bus';
import type { JobErrorInfo } from '../port/errors';

export const HEADER_CORRELATION_ID = 'correlation-id';
export const HEADER_REPLY_TO = 'reply-to';
export const HEADER_JOB_KIND = 'job-kind';

/** The value of a reply message. */
export type JobReply = (
  { jobId: string; ok: true; result: unknown } | { jobId: string; ok: false; error: JobErrorInfo }
) & {
  /** The job's correlation id, echoed (absent when the job had none). */
  correlationId?: string;
};

export function headerString(headers: IHeaders | undefined, name: string): string | undefined {
  const value = headers?.[name];
  const first = Array.isArray(value) ? value[0] : value;
  if (first === undefined) return undefined;
  return typeof first === 'string' ? first : first.toString('utf8');
}

export function encodeJob(envelope: JobEnvelope): string {
  return JSON.stringify(envelope);
}

export function decodeJob(value: Buffer | null): JobEnvelope {
  if (!value) throw new Error('empty job message');
  const parsed = JSON.parse(value.toString('utf8')) as JobEnvelope;
  if (typeof parsed.id !== 'string' || typeof parsed.kind !== 'string' || typeof parsed.deadline !== 'number') {
    throw new Error('malformed job message');
  }
  return parsed;
}

export function decodeReply(value: Buffer | null): JobReply {
  if (!value) throw new Error('empty reply message');
  const parsed = JSON.parse(value.toString('utf8')) as JobReply;
  if (typeof parsed.jobId !== 'string' || typeof parsed.ok !== 'boolean') throw new Error('malformed reply message');
  return parsed;
}
