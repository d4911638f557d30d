import type { FeatureRequests } from '@inkprint/contracts';

/** Spec §3/§9: daily usage meters, a warning above 90%, a reset countdown ticking every second. */
export const METER_WARNING_RATIO = 0.9;
export const COUNTDOWN_TICK_MS = 1000;

export interface MeterView {
  label: string;
  /** 0..100 for the bar; null when the plan has no daily limit. */
  percent: number | null;
  warning: boolean;
  exhausted: boolean;
}

export function meterView(usage: Pick<FeatureRequests, 'dailyLimit' | 'requestsToday'>): MeterView {
  const { dailyLimit, requestsToday } = usage;
  if (dailyLimit === null) return { label: 'Unlimited', percent: null, warning: false, exhausted: false };
  const ratio = dailyLimit > 0 ? requestsToday / dailyLimit : 1;
  return {
    label: `${requestsToday} / ${dailyLimit}`,
    percent: Math.min(100, Math.round(ratio * 100)),
    warning: ratio > METER_WARNING_RATIO,
    exhausted: requestsToday >= dailyLimit,
  };
}

/** Time left until `resetsAt` as HH:MM:SS (hours may exceed 24); '00:00:00' once passed or unknown. */
export function formatCountdown(resetsAt: string | null | undefined, now: number): string {
  const target = resetsAt ? Date.parse(resetsAt) : NaN;
  const left = Number.isFinite(target) ? Math.max(0, Math.floor((target - now) / 1000)) : 0;
  const h = Math.floor(left / 3600);
  const m = Math.floor((left % 3600) / 60);
  const s = left % 60;
  return [h, m, s].map((n) => String(n).padStart(2, '0')).join(':');
}
