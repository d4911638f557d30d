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

export const round1 = (x: number): number => Math.round(x * 10) / 10;
