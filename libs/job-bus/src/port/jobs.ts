/**
 * The job kinds of Inkprint and their payloads on the bus (wire contract between the API and the detector worker).
 * Results are the engines' own result types; the bus treats them as JSON.
 */
import type { DetectionMode } from '@inkprint/contracts';

/** The detector's modes: the one list in @inkprint/contracts (DETECTION_MODES) that the engine uses too. */
export type DetectMode = DetectionMode;

export interface DetectJobPayload {
  text: string;
  mode?: DetectMode;
}

export interface HumaniseJobPayload {
  text: string;
  /** Validated by the worker (a wire value): one of TONES. */
  tone?: string;
}

export interface JobPayloads {
  detect: DetectJobPayload;
  humanise: HumaniseJobPayload;
}

export type JobKind = keyof JobPayloads;

export const JOB_KINDS: readonly JobKind[] = ['detect', 'humanise'];
