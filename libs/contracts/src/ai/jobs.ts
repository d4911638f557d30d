import { z } from 'zod';
import { DetectionResult } from './detection';
import { HumanisationResult } from './humanisation';
import { DETECTION_MODES, TONES } from './modes';

/**
 * The job contract between the API and the detector worker: what each job kind carries on the bus and what the
 * worker answers. The worker's handlers return these types (the engines' results are checked against them at
 * compile time there) and the API parses every answer with these schemas before it uses or records it.
 */

export const DetectJobPayload = z.object({ text: z.string(), mode: z.enum(DETECTION_MODES).optional() });
export type DetectJobPayload = z.infer<typeof DetectJobPayload>;

/** The detector's answer: the Detection result of spec §3 without `cached`, which only the API knows. */
export const DetectJobResult = DetectionResult.omit({ cached: true });
export type DetectJobResult = z.infer<typeof DetectJobResult>;

export const HumaniseJobPayload = z.object({
  text: z.string(),
  tone: z.enum(TONES).optional(),
  /** The rewrite's seed (HumaniseRequest.attempt): the same seed gives the same rewrite on any worker. */
  seed: z.number().int().min(0).optional(),
});
export type HumaniseJobPayload = z.infer<typeof HumaniseJobPayload>;

/** The detector's evaluation of a text inside a humanise answer (the product shape is HumaniserEvaluation). */
export const HumaniseJobEvaluation = z.object({
  /** The product score 0..1 the bands apply to. */
  aiProbability: z.number().min(0).max(1),
  /** Percent. */
  confidence: z.number(),
});
export type HumaniseJobEvaluation = z.infer<typeof HumaniseJobEvaluation>;

/** The humaniser's answer (libs/humaniser `HumaniseResult`): the product's result before the API shapes the scores. */
export const HumaniseJobResult = HumanisationResult.omit({ evaluation: true, before: true, similarity: true }).extend({
  /** null when the detector could not evaluate the text: a score is never made up. */
  evaluation: HumaniseJobEvaluation.nullable(),
  before: HumaniseJobEvaluation.nullable(),
  similarity: z.object({ score: z.number() }),
});
export type HumaniseJobResult = z.infer<typeof HumaniseJobResult>;

/** Every job kind with its payload and result schemas: the bus carries exactly these. */
export const AI_JOBS = {
  detect: { payload: DetectJobPayload, result: DetectJobResult },
  humanise: { payload: HumaniseJobPayload, result: HumaniseJobResult },
} as const;
export type AiJobKind = keyof typeof AI_JOBS;
export type AiJobPayload<K extends AiJobKind> = z.infer<(typeof AI_JOBS)[K]['payload']>;
export type AiJobResult<K extends AiJobKind> = z.infer<(typeof AI_JOBS)[K]['result']>;
