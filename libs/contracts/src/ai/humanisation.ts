import { z } from 'zod';
import { RequestsPayload, UsagePayload } from '../usage/usage';
import { BLANK_TEXT_MESSAGE, TEXT_HARD_MAX } from './detection';
import { TONES } from './modes';

/** `POST /ai/humanise` body. */
export const HumaniseRequest = z
  .object({
    text: z
      .string({ error: BLANK_TEXT_MESSAGE })
      .max(TEXT_HARD_MAX, { error: `Text is longer than ${TEXT_HARD_MAX} characters.` })
      .refine((value) => value.trim().length > 0, { error: BLANK_TEXT_MESSAGE }),
    tone: z.enum(TONES, { error: `tone must be one of ${TONES.join(', ')}.` }).optional(),
    guestId: z.string().max(64).optional(),
    /**
     * Which rewrite of this text to make: 0 (or none) the first, and each 'Regenerate' the next (another seed and
     * other candidates, still within the meaning and fluency guards). The same attempt gives the same rewrite.
     */
    attempt: z
      .number({ error: 'attempt must be a whole number from 0 to 1000.' })
      .int({ error: 'attempt must be a whole number from 0 to 1000.' })
      .min(0, { error: 'attempt must be a whole number from 0 to 1000.' })
      .max(1000, { error: 'attempt must be a whole number from 0 to 1000.' })
      .optional(),
  })
  .meta({ id: 'HumaniseRequest' });
export type HumaniseRequest = z.input<typeof HumaniseRequest>;

/** The detector's evaluation of a text (the rewrite, or the input in `before`): never fabricated. */
export const HumaniserEvaluation = z
  .object({
    /** Product score 0..1 the bands apply to. */
    aiProbability: z.number().min(0).max(1),
    aiPercent: z.number(),
    humanPercent: z.number(),
    confidence: z.number(),
    verdict: z.enum(['Humanised', 'AI Generated']),
    badge: z.enum(['humanised', 'borderline', 'ai']),
  })
  .meta({ id: 'HumaniserEvaluation' });
export type HumaniserEvaluation = z.infer<typeof HumaniserEvaluation>;

export const HumanisationResult = z
  .object({
    humanised: z.string(),
    notes: z.string(),
    original: z.string(),
    words: z.number().int(),
    tone: z.enum(TONES),
    appliedTone: z.string(),
    /** The detector's evaluation of the rewrite; null when it could not be made (never a made-up score). */
    evaluation: HumaniserEvaluation.nullable(),
    before: HumaniserEvaluation.nullable(),
    similarity: z.number(),
    changes: z.record(z.string(), z.number()),
    engine: z.string(),
    timings: z.object({ durationMs: z.number() }),
    /** Share of the input's words the rewrite changed, 0..1 (word-level edit distance / words). */
    changedWords: z.number().min(0).max(1).optional(),
    /**
     * The lowest meaning similarity of a rewritten sentence to the sentence it came from (the sentence encoder's
     * cosine); null when the encoder was not available and meaning was checked by word overlap only.
     */
    lowestSentenceSimilarity: z.number().nullable().optional(),
    /**
     * Sentences of the rewrite that the detector still reads as AI-written on their own: the writer's next edits.
     * Absent when the engine did not check sentence by sentence (the heuristic engine), [] when none does.
     */
    stillAi: z.array(z.string()).optional(),
  })
  .meta({ id: 'HumanisationResult' });
export type HumanisationResult = z.infer<typeof HumanisationResult>;

/** `POST /ai/humanise` answer. */
export const HumaniseResponse = z
  .object({ usage: UsagePayload, requests: RequestsPayload, result: HumanisationResult })
  .meta({ id: 'HumaniseResponse' });
export type HumaniseResponse = z.infer<typeof HumaniseResponse>;
