/**
 * The job kinds of Inkprint and their payloads on the bus (wire contract between the API and the detector worker).
 * Results are the engines' own result types; the bus treats them as JSON.
 */
/** The detector's modes (libs/detector DETECTION_MODES); the worker validates them. */
export type DetectMode = 'fast' | 'moderate' | 'strong' | 'forensic';

export interface DetectJobPayload {
  text: string;
  mode?: DetectMode;
}

export interface HumaniseJobPayload {
  text: string;
  tone?: string;
}

export interface JobPayloads {
  detect: DetectJobPayload;
  humanise: HumaniseJobPayload;
}

export type JobKind = keyof JobPayloads;

export const JOB_KINDS: readonly JobKind[] = ['detect', 'humanise'];
