import { z } from 'zod';
import { UsagePayload, RequestsPayload } from '../usage/usage';
import { DEFAULT_DETECTION_MODE, DETECTION_MODES } from './modes';

const iso = z.string().meta({ format: 'date-time' });
export const BLANK_TEXT_MESSAGE = 'Paste some text first.';
/** Far above every plan's limit: the plan's own limit is checked by the API (DETECTOR_CHAR_LIMIT with details.max). */
export const TEXT_HARD_MAX = 200_000;

const text = z
  .string({ error: BLANK_TEXT_MESSAGE })
  .max(TEXT_HARD_MAX, { error: `Text is longer than ${TEXT_HARD_MAX} characters.` })
  .refine((value) => value.trim().length > 0, { error: BLANK_TEXT_MESSAGE });
const guestId = z.string().max(64).optional();

/** `POST /ai/detect?mode=` body. */
export const DetectRequest = z.object({ text, guestId }).meta({ id: 'DetectRequest' });
export type DetectRequest = z.input<typeof DetectRequest>;

export const DetectQuery = z
  .object({
    mode: z
      .enum(DETECTION_MODES, { error: `mode must be one of ${DETECTION_MODES.join(', ')}.` })
      .default(DEFAULT_DETECTION_MODE),
  })
  .meta({ id: 'DetectQuery' });
export type DetectQuery = z.input<typeof DetectQuery>;

const label = z.enum(['AI', 'Human', 'Mixed']);

/** Spec §3 "Detection result" (the engine's answer; docs/detector.md explains every field). */
export const DetectionResult = z
  .object({
    score: z.number().min(0).max(1),
    aiProbability: z.number(),
    humanProbability: z.number(),
    confidence: z.number(),
    verdict: z.enum(['Human', 'Mixed', 'AI-Generated']),
    finalLabel: z.string(),
    mode: z.enum(DETECTION_MODES),
    modeLabel: z.string(),
    rationale: z.string(),
    words: z.number().int(),
    characters: z.number().int(),
    language: z.string(),
    chunkSizeWords: z.number().int(),
    chunks: z.array(
      z.object({
        index: z.number().int(),
        label,
        /** 0..1, the scale of `score` (results cached or shared before it was added lack it). */
        score: z.number().optional(),
        aiProbability: z.number(),
        confidence: z.number(),
        words: z.number().int(),
        start: z.number().int(),
        end: z.number().int(),
      }),
    ),
    sentences: z.array(
      z.object({
        index: z.number().int(),
        start: z.number().int(),
        end: z.number().int(),
        text: z.string(),
        words: z.number().int(),
        score: z.number().optional(),
        aiProbability: z.number(),
        label,
      }),
    ),
    /** The AI-written parts (issue 42; results cached or shared before it was added lack it). */
    segments: z
      .array(
        z.object({
          start: z.number().int(),
          end: z.number().int(),
          words: z.number().int(),
          firstSentence: z.number().int(),
          lastSentence: z.number().int(),
        }),
      )
      .optional(),
    /** Share of the words inside `segments`, 0..1. */
    aiWordShare: z.number().min(0).max(1).optional(),
    signals: z.array(
      z.object({
        feature: z.string(),
        label: z.string(),
        value: z.number(),
        humanMean: z.number(),
        direction: z.enum(['ai', 'human']),
        description: z.string(),
      }),
    ),
    timings: z.object({
      durationMs: z.number(),
      normalizeMs: z.number(),
      featuresMs: z.number(),
      inferenceMs: z.number(),
    }),
    warning: z.object({ message: z.string(), codes: z.array(z.string()) }).optional(),
    engine: z.string(),
    /** True when the same text and mode were answered from the cache (still counted). */
    cached: z.boolean(),
  })
  .meta({ id: 'DetectionResult' });
export type DetectionResult = z.infer<typeof DetectionResult>;

/** How a detection shows in history and the admin console (docs/detection-history.md defines bias). */
export const HistoryDisplay = z
  .object({
    aiProbabilityPercent: z.number(),
    confidencePercent: z.number(),
    verdict: z.enum(['Human', 'Mixed', 'AI-Generated']),
    badge: z.enum(['humanised', 'borderline', 'ai']),
    detectionMode: z.enum(DETECTION_MODES),
    detectionModeLabel: z.string(),
    biasPercent: z.number(),
    raw: z.object({ biasedScore: z.number() }),
  })
  .meta({ id: 'HistoryDisplay' });
export type HistoryDisplay = z.infer<typeof HistoryDisplay>;

/** The detection's history entry: scores are kept; the text itself only until expiresAt (48 h). */
export const HistoryEntry = z
  .object({ id: z.string(), createdAt: iso, expiresAt: iso, display: HistoryDisplay })
  .meta({ id: 'HistoryEntry' });
export type HistoryEntry = z.infer<typeof HistoryEntry>;

/** `POST /ai/detect` answer; `history` is null for an internal evaluation made for the humaniser. */
export const DetectResponse = z
  .object({ usage: UsagePayload, requests: RequestsPayload, result: DetectionResult, history: HistoryEntry.nullable() })
  .meta({ id: 'DetectResponse' });
export type DetectResponse = z.infer<typeof DetectResponse>;
