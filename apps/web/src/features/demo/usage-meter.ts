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

/**
 * The run button and the way forward once today's requests for a tool are used up (issue 30 item 6): the button says
 * when the allowance resets, and the note offers a sign-up (a guest) or the plans (an account).
 */
export function limitReachedView(
  usage: Pick<FeatureRequests, 'dailyLimit' | 'requestsToday' | 'resetsAt'> | null | undefined,
  feature: 'detector' | 'humaniser',
  signedIn: boolean,
  now: number,
): { button: string; message: string; action: { label: string; to: 'signup' | 'plans' } } | null {
  if (!usage || !meterView(usage).exhausted) return null;
  const tool = feature === 'detector' ? 'detection' : 'humanisation';
  return {
    button: `Daily limit reached · resets in ${formatCountdown(usage.resetsAt, now)}`,
    message: signedIn
      ? `You have used all ${usage.dailyLimit} ${tool} requests for today. A higher plan gives you more every day.`
      : `You have used all ${usage.dailyLimit} ${tool} requests for today. A free account gives you more every day.`,
    action: signedIn ? { label: 'See plans', to: 'plans' } : { label: 'Sign up free', to: 'signup' },
  };
}
