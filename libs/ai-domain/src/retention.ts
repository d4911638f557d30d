/** Retention the policy pages promise (spec §9): submitted text at most 48 h, shared reports 24 h. */
export const TEXT_RETENTION_MS = 48 * 60 * 60_000;
export const REPORT_RETENTION_MS = 24 * 60 * 60_000;

export function expiresAfter(at: string, ms: number): string {
  return new Date(Date.parse(at) + ms).toISOString();
}
