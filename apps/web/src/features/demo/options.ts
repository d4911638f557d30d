import type { DetectionMode, Tone } from '@inkprint/contracts/ai/modes';
import { TONES } from '@inkprint/contracts/ai/modes';

/** Spec §4: detection modes (moderate by default) with the labels of the mode select. */
export const MODE_OPTIONS: readonly { value: DetectionMode; label: string }[] = [
  { value: 'fast', label: 'Fast' },
  { value: 'moderate', label: 'Moderate' },
  { value: 'strong', label: 'Strong' },
  { value: 'forensic', label: 'Forensic' },
];

/** The hint under the mode select; a new one every 3 s (spec §9 "hint rotation 3 s"), in this order. */
export const HINT_ROTATION_MS = 3000;
export const MODE_HINTS: readonly string[] = [
  'Fast gives a quick first read of short texts.',
  'Moderate balances speed and depth and suits most texts.',
  'Strong weighs more signals for borderline cases.',
  'Forensic scores every sentence for the most careful review.',
  'Changing the mode clears the last result.',
];

export function nextHintIndex(index: number, count: number = MODE_HINTS.length): number {
  return count > 0 ? (index + 1) % count : 0;
}

export const TONE_LABELS: Record<Tone, string> = {
  auto: 'Auto',
  formal: 'Formal',
  casual: 'Casual',
  creative: 'Creative',
  neutral: 'Neutral',
  persuasive: 'Persuasive',
  technical: 'Technical',
  narrative: 'Narrative',
};

/** Left/right arrows on the tone chips move to the previous/next tone, wrapping around (spec §4). */
export function cycleTone(tone: Tone, direction: 1 | -1): Tone {
  const index = TONES.indexOf(tone);
  return TONES[(index + direction + TONES.length) % TONES.length];
}
