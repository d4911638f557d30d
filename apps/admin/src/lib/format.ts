import { PLANS } from '@inkprint/contracts';

/** 'free-signup' -> 'Free', 'pro' -> 'Pro'; unknown slugs are shown as they are. */
export function planName(slug: string | null | undefined): string {
  const value = (slug ?? '').toLowerCase() || 'free-signup';
  return PLANS.find((plan) => plan.slug === value)?.name ?? value;
}

export const words = (value: string) => value.replace(/_/g, ' ');

const dateTime = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });

/** '23 Nov 2026, 19:55 UTC' (times are shown in UTC so every admin reads the same). */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : `${dateTime.format(date)} UTC`;
}

export function formatPercent(value: number | null | undefined): string {
  return typeof value === 'number' && Number.isFinite(value) ? `${value.toFixed(1)} %` : '—';
}
