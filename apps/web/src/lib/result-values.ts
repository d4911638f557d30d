/** Readings of a stored detection result shared by the report, the demo and the batch table. */

/** The words of a text (split on whitespace). */
export const wordsOf = (text: string): string[] => text.split(/\s+/).filter(Boolean);

/** A stored number, or null where it is missing or not finite (results saved by older engines). */
export const finiteNumber = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? value : null;

/** A percentage held to 0..100. */
export const clampPercent = (value: number) => Math.min(100, Math.max(0, value));
