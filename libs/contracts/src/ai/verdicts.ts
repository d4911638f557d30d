/** The product's reading of a score (spec §4, §9): one place for the API, the web app, reports and PDFs. */
export const REPORT_HUMAN_MAX = 0.35;
export const REPORT_AI_MIN = 0.65;
export const DEMO_SPLIT = 0.5;

export type ReportClassification = 'Human' | 'Mixed' | 'AI-Generated';
export type HumaniserBadge = 'humanised' | 'borderline' | 'ai';

/** Demo detector: 'AI Generated' when the score is above 0.5, else 'Human Written'. */
export function demoVerdict(score: number): 'AI Generated' | 'Human Written' {
  return score > DEMO_SPLIT ? 'AI Generated' : 'Human Written';
}

/** Report, report page and PDF: <= 0.35 Human, >= 0.65 AI-Generated, between Mixed. */
export function reportClassification(score: number): ReportClassification {
  if (score <= REPORT_HUMAN_MAX) return 'Human';
  if (score >= REPORT_AI_MIN) return 'AI-Generated';
  return 'Mixed';
}

/** The same bands as a badge class (humaniser metrics, history): humanised / borderline / ai. */
export function scoreBadge(score: number): HumaniserBadge {
  if (score <= REPORT_HUMAN_MAX) return 'humanised';
  if (score >= REPORT_AI_MIN) return 'ai';
  return 'borderline';
}

/** Humaniser evaluation: 'Humanised' when the AI probability is at most 0.5, else 'AI Generated'. */
export function humaniserVerdict(aiProbability: number): 'Humanised' | 'AI Generated' {
  return aiProbability <= DEMO_SPLIT ? 'Humanised' : 'AI Generated';
}

/** Mode labels keep a parenthetical only when it says chunked, sampled or offline (spec §9). */
export function displayModeLabel(label: string): string {
  return label
    .replace(/\s*\(([^)]*)\)/g, (whole, inner: string) => (/chunked|sampled|offline/i.test(inner) ? whole : ''))
    .trim();
}

/**
 * Below this many words the detector gives no verdict ('Too short to judge', warning TEXT_TOO_SHORT): the
 * detector manifest's `min_words` (models/inkprint-detector.json; a test keeps the two equal). Such a run is
 * not counted against the daily quota, and the demo says so on its button before sending.
 */
export const DETECTION_MIN_WORDS = 50;
/** Warning codes of a detection that gives no verdict. */
export const NO_VERDICT_CODES: readonly string[] = ['TEXT_TOO_SHORT', 'EMPTY_TEXT'];
export const TOO_SHORT_LABEL = 'Too short to judge' as const;

/** Words as the detector counts them (letters or digits, joined by apostrophes; hyphens and dashes split). */
export function detectionWords(text: string): number {
  return text.match(/[\p{L}\p{N}\p{M}]+(?:['\u2019][\p{L}\p{N}\p{M}]+)*/gu)?.length ?? 0;
}

/** A detection that carries no verdict: the text was below the minimum length (or had no words). */
export function isTooShortToJudge(result: { warning?: { codes?: readonly string[] } | null }): boolean {
  return (result.warning?.codes ?? []).some((code) => NO_VERDICT_CODES.includes(code));
}

/** A recorded run of this many detector words carried no verdict (older runs were recorded; newer ones are not). */
export function tooShortWords(words: number): boolean {
  return words < DETECTION_MIN_WORDS;
}

/**
 * How a recorded detection reads wherever it is listed later (admin dashboard, audit timeline): 'Too short to judge'
 * with no AI % below the minimum length, whatever score the engine gave it, else the report band and its AI %.
 */
export function recordedDetectionReading(run: { score: number; words: number }): {
  verdict: ReportClassification | typeof TOO_SHORT_LABEL;
  aiPercent: number | null;
} {
  return tooShortWords(run.words)
    ? { verdict: TOO_SHORT_LABEL, aiPercent: null }
    : { verdict: reportClassification(run.score), aiPercent: round1(run.score * 100) };
}

export const round1 = (x: number): number => Math.round(x * 10) / 10;
