/** Detection modes (spec §4): the one list the detector engine, the job bus and the API share. */
export const DETECTION_MODES = ['fast', 'moderate', 'strong', 'forensic'] as const;
export type DetectionMode = (typeof DETECTION_MODES)[number];
export const DEFAULT_DETECTION_MODE: DetectionMode = 'moderate';

export function isDetectionMode(value: unknown): value is DetectionMode {
  return typeof value === 'string' && (DETECTION_MODES as readonly string[]).includes(value);
}

/** Humaniser tone presets (spec §4); 'auto' is the default. */
export const TONES = [
  'auto',
  'formal',
  'casual',
  'creative',
  'neutral',
  'persuasive',
  'technical',
  'narrative',
] as const;
export type Tone = (typeof TONES)[number];
export const DEFAULT_TONE: Tone = 'auto';

export function isTone(value: unknown): value is Tone {
  return typeof value === 'string' && (TONES as readonly string[]).includes(value);
}
