import type { DetectionMode, Tone } from '@inkprint/contracts/ai/modes';
import { TONES } from '@inkprint/contracts/ai/modes';

/** Spec §4: detection modes (moderate by default) with the labels of the mode select. */
export const MODE_OPTIONS: readonly { value: DetectionMode; label: string }[] = [
  { value: 'fast', label: 'Fast' },
  { value: 'moderate', label: 'Moderate' },
  { value: 'strong', label: 'Strong' },
  { value: 'forensic', label: 'Forensic' },
];

/**
 * The hint under the mode select (spec §2 "Detect mode hint rotates every 3 s"): every line describes the mode that is
 * selected (issue 43 item 7: it described Fast while Moderate was selected), a new line every 3 s, in this order.
 */
export const HINT_ROTATION_MS = 3000;
const CLEARS = 'Changing the mode clears the last result.';
export const MODE_HINTS: Readonly<Record<DetectionMode, readonly string[]>> = {
  fast: ['Fast gives a quick first read of short texts.', 'Fast uses the light word and phrase model only.', CLEARS],
  moderate: [
    'Moderate balances speed and depth and suits most texts.',
    'Moderate adds a language encoder and reads long texts in chunks.',
    CLEARS,
  ],
  strong: [
    'Strong weighs more signals for borderline cases.',
    'Strong scores each sentence with its neighbours.',
    CLEARS,
  ],
  forensic: [
    'Forensic scores every sentence for the most careful review.',
    'Forensic reads each sentence in two widths of context.',
    CLEARS,
  ],
};

/** The hint shown for `mode` at rotation step `step` (wrapping around). */
export function modeHint(mode: DetectionMode, step: number): string {
  const hints = MODE_HINTS[mode];
  return hints[((step % hints.length) + hints.length) % hints.length];
}

/**
 * The tone chips' labels: the same as the humaniser's tone definitions (libs/humaniser/src/core/tones.ts), kept here
 * because the web app imports only the contracts, not the Node engine (docs/humaniser.md, "Adding a tone").
 */
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
