/**
 * Daily quotas reset at midnight UTC: one boundary for every user worldwide, documented in docs/accounts.md and
 * reported to clients as `nextResets.daily`.
 */
export function usageDay(now: Date): string {
  return now.toISOString().slice(0, 10);
}

export function nextDailyReset(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1));
}
