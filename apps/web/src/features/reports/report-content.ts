import type { ReportResult } from '@inkprint/contracts';
import {
  DETECTION_MIN_WORDS,
  displayModeLabel,
  isTooShortToJudge,
  reportClassification,
  round1,
  TOO_SHORT_LABEL,
  tooShortWords,
  type ReportClassification,
} from '@inkprint/contracts/ai/verdicts';
import { AI_PARTS_LABEL, aiPartsOf, type AiParts } from '../../lib/ai-parts';
import { clampPercent, finiteNumber, wordsOf } from '../../lib/result-values';
import { DETECTOR_WORDS_LABEL } from './report-copy';

// The AI-written parts are read by the demo and the batch table too: their reading lives in lib/ai-parts.ts.
export { AI_PARTS_LABEL, aiPartsOf };
export type { AiPart, AiParts } from '../../lib/ai-parts';

/** Spec §9: the PDF shows inputs over 500 words as the first 120 and the last 120 words with the omitted count. */
export const EXCERPT_MAX_WORDS = 500;
export const EXCERPT_HEAD_WORDS = 120;
export const EXCERPT_TAIL_WORDS = 120;
export const NO_RATIONALE = 'No extended rationale available.';

export type Excerpt =
  | { whole: true; text: string; words: number }
  | { whole: false; head: string; tail: string; omitted: number; words: number };

/** The input text as the PDF prints it: whole up to 500 words, else 120 + omitted count + 120. */
export function excerpt(text: string): Excerpt {
  const words = wordsOf(text);
  if (words.length <= EXCERPT_MAX_WORDS) return { whole: true, text: text.trim(), words: words.length };
  return {
    whole: false,
    head: words.slice(0, EXCERPT_HEAD_WORDS).join(' '),
    tail: words.slice(-EXCERPT_TAIL_WORDS).join(' '),
    omitted: words.length - EXCERPT_HEAD_WORDS - EXCERPT_TAIL_WORDS,
    words: words.length,
  };
}

export const omittedNote = (omitted: number): string => `[… ${omitted.toLocaleString('en-US')} words omitted …]`;

/** Scores are shown with one decimal (spec §9): 42 -> '42.0%', 33.333 -> '33.3%'. */
export const percent1 = (value: number): string => `${round1(value).toFixed(1)}%`;

const ENGLISH_WORDS = new Set(
  (
    'the of and to a in is it that for on with as was be this are by not or have from at but an they he she we you ' +
    'i his her their its which will can has were would there what all been one if more when so about than them ' +
    'these into some could other only our also then do does did how who may should very just like each most over'
  ).split(' '),
);

/**
 * Section 3's detected language, a pure heuristic: 'English' when the text is written in Latin letters and at least
 * 15% of its words are common English function words (with at least 3 such words), else 'Unknown'.
 */
export function detectLanguage(text: string): 'English' | 'Unknown' {
  const words = text.toLowerCase().match(/\p{L}+(?:'\p{L}+)?/gu) ?? [];
  if (words.length === 0) return 'Unknown';
  const letters = words.join('');
  const latin = (letters.match(/[a-z]/g) ?? []).length / letters.length;
  const hits = words.filter((w) => ENGLISH_WORDS.has(w)).length;
  return latin >= 0.9 && hits >= 3 && hits / words.length >= 0.15 ? 'English' : 'Unknown';
}

export interface ChunkRow {
  number: number;
  label: string;
  aiPercent: number;
  confidencePercent: number;
  words: number;
}

/** Section 4's row for the AI parts: 'None found' or '2 (48.4% of the words)'. */
export const aiPartsValue = (ai: AiParts): string =>
  ai.parts.length === 0 ? 'None found' : `${ai.parts.length} (${percent1(ai.sharePercent)} of the words)`;

/** Everything the report view and the PDF print, in the product's words (scores 0..100, one place for both). */
export interface ReportSummary {
  text: string;
  characters: number;
  language: 'English' | 'Unknown';
  /**
   * Below the detector's minimum length (issue 43 item 2): 'Too short to judge', as in the demo and the batch table,
   * with no AI figure, bars or chunk scores; `words` is the detector's count.
   */
  tooShort: { words: number } | null;
  aiPercent: number;
  humanPercent: number;
  confidencePercent: number | null;
  classification: ReportClassification | typeof TOO_SHORT_LABEL;
  mode: string;
  processingMs: number | null;
  chunks: ChunkRow[];
  /** The AI-written parts (issue 42); null where the engine did not look for them or the text is too short. */
  aiParts: AiParts | null;
  rationale: string;
}

/**
 * Whether a stored result carries no verdict: the engine's warning (TEXT_TOO_SHORT, EMPTY_TEXT), or, for results
 * saved without it, the detector's word count under the minimum (the admin console's reading of recorded runs).
 */
export function reportTooShort(result: ReportResult): { words: number } | null {
  const r = result as ReportResult & { warning?: { codes?: string[] } | null; words?: unknown };
  const words = finiteNumber(r.words);
  if (isTooShortToJudge(r) || (words !== null && tooShortWords(words)))
    return { words: words ?? wordsOf(result.originalText ?? result.text ?? '').length };
  return null;
}

/** What section 3 says instead of the AI figure for a text too short to judge. */
export const tooShortNote = (words: number): string =>
  `${TOO_SHORT_LABEL}: the detector counted ${words.toLocaleString('en-US')} ${words === 1 ? 'word' : 'words'}; at least ${DETECTION_MIN_WORDS} are needed for a verdict, so this report gives no AI figure.`;

/** The report's numbers from its stored result: AI % = score × 100, Human % = 100 − AI % (before rounding). */
export function summarise(result: ReportResult): ReportSummary {
  const text = result.originalText ?? result.text ?? '';
  const tooShort = reportTooShort(result);
  const aiPercent = clampPercent(result.score * 100);
  const confidence = finiteNumber(result.confidence);
  // A text too short to judge shows no chunk scores either (the chunks are pulled to the middle like the score).
  const chunks = (tooShort ? [] : (result.chunks ?? [])).map((chunk, i): ChunkRow => {
    const c = chunk as Record<string, unknown>;
    const chunkScore = finiteNumber(c.score);
    return {
      number: (finiteNumber(c.index) ?? i) + 1,
      label: typeof c.label === 'string' ? c.label : '—',
      // The chunk's score on the report's scale (× 100); results stored before chunks carried one use aiProbability.
      aiPercent: clampPercent(chunkScore !== null ? chunkScore * 100 : (finiteNumber(c.aiProbability) ?? 0)),
      confidencePercent: clampPercent(finiteNumber(c.confidence) ?? 0),
      words: finiteNumber(c.words) ?? 0,
    };
  });
  const mode = displayModeLabel(result.modeLabel?.trim() || result.mode?.trim() || '') || 'Unknown';
  return {
    text,
    characters: text.length,
    language: detectLanguage(text),
    tooShort,
    aiPercent,
    humanPercent: 100 - aiPercent,
    confidencePercent: confidence === null ? null : clampPercent(confidence),
    classification: tooShort ? TOO_SHORT_LABEL : reportClassification(result.score),
    mode,
    processingMs: finiteNumber(result.timings?.durationMs),
    chunks,
    aiParts: tooShort ? null : aiPartsOf(result),
    rationale: result.rationale?.trim() || NO_RATIONALE,
  };
}

/** Section 3's 'Confidence (Human / AI)' value (spec §2): the score split, or a dash when too short to judge. */
export const humanAiSplit = (summary: ReportSummary): string =>
  summary.tooShort ? '—' : `${percent1(summary.humanPercent)} / ${percent1(summary.aiPercent)}`;

export const processingTime = (ms: number | null): string => (ms === null ? '—' : `${Math.round(ms)} ms`);

export interface Insight {
  feature: string;
  value: string;
}

/**
 * A stylometric signal's value at the precision the engine's rationale (section 5) quotes it: whole numbers from 10,
 * one decimal from 1, else three decimals, so a rate of 0.082 reads the same in both sections (not '0.1').
 */
export const signalValue = (x: number): string =>
  Math.abs(x) >= 10 ? x.toFixed(0) : Math.abs(x) >= 1 ? x.toFixed(1) : x.toFixed(3);

/** Section 4's table: the chunk spread and, when the engine sent them, its strongest stylometric signals. */
export function featureInsights(result: ReportResult, summary: ReportSummary): Insight[] {
  const words = summary.chunks.reduce((sum, c) => sum + c.words, 0) || summary.text.split(/\s+/).filter(Boolean).length;
  const rows: Insight[] = [
    { feature: DETECTOR_WORDS_LABEL, value: words.toLocaleString('en-US') },
    { feature: 'Chunks scored', value: String(summary.chunks.length) },
  ];
  if (summary.chunks.length) {
    const ai = summary.chunks.map((c) => c.aiPercent);
    rows.push({ feature: 'Highest chunk AI %', value: percent1(Math.max(...ai)) });
    rows.push({ feature: 'Lowest chunk AI %', value: percent1(Math.min(...ai)) });
    const count = (label: string) => summary.chunks.filter((c) => c.label === label).length;
    rows.push({
      feature: 'Chunks labelled AI / Mixed / Human',
      value: `${count('AI')} / ${count('Mixed')} / ${count('Human')}`,
    });
  }
  if (summary.aiParts) rows.push({ feature: AI_PARTS_LABEL, value: aiPartsValue(summary.aiParts) });
  const signals = Array.isArray(result.signals) ? (result.signals as unknown[]) : [];
  for (const signal of signals.slice(0, 6)) {
    const s = signal as Record<string, unknown>;
    if (typeof s.label !== 'string' || finiteNumber(s.value) === null) continue;
    const leans = s.direction === 'ai' ? 'leans AI' : s.direction === 'human' ? 'leans human' : '';
    rows.push({
      feature: s.label.charAt(0).toUpperCase() + s.label.slice(1),
      value: `${signalValue(finiteNumber(s.value) as number)}${leans ? ` (${leans})` : ''}`,
    });
  }
  return rows;
}
