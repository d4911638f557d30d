import { JOB_PRIORITIES, type JobPriority } from '@inkprint/contracts';

/** Job priorities come from the plans table (product spec §9, `@inkprint/contracts`), lowest first. */
export { JOB_PRIORITIES, type JobPriority };

export function isJobPriority(value: unknown): value is JobPriority {
  return typeof value === 'string' && (JOB_PRIORITIES as readonly string[]).includes(value);
}

/** Priorities from the highest to the lowest: the order in which a worker looks for work. */
export const PRIORITIES_HIGHEST_FIRST: readonly JobPriority[] = [...JOB_PRIORITIES].reverse();
