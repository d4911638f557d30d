import {
  isTooShortToJudge,
  reportClassification,
  TOO_SHORT_LABEL,
  type BatchItem,
  type BatchResponse,
} from '@inkprint/contracts';

/** One row of the results table and of the CSV: what a lecturer reads per file. */
export interface BatchRow {
  index: number;
  file: string;
  status: BatchItem['status'];
  words: number | null;
  /** The report's band (Human, Mixed, AI-Generated), 'Too short to judge', or the failure's message. */
  verdict: string;
  /** AI probability and confidence, percent with one decimal; null without a verdict. */
  aiPercent: string | null;
  confidence: string | null;
  error: string | null;
}

const one = (value: number) => (Math.round(value * 10) / 10).toFixed(1);

export function batchRows(batch: BatchResponse): BatchRow[] {
  return batch.items.map((item) => {
    const file = item.name ?? `Text ${item.index + 1}`;
    const base = { index: item.index, file, status: item.status, words: null, aiPercent: null, confidence: null };
    if (item.status === 'failed')
      return { ...base, verdict: 'Failed', error: item.error?.message ?? 'Failed to process file.' };
    if (item.status === 'queued' || !item.result) return { ...base, verdict: 'Checking…', error: null };
    const r = item.result;
    if (isTooShortToJudge(r)) return { ...base, words: r.words, verdict: TOO_SHORT_LABEL, error: null };
    return {
      ...base,
      words: r.words,
      verdict: reportClassification(r.score),
      aiPercent: `${one(r.score * 100)}%`,
      confidence: `${one(r.confidence)}%`,
      error: null,
    };
  });
}

/** Pasted texts: blocks separated by a line holding only `---` (blank blocks dropped). */
export const splitTexts = (pasted: string): string[] =>
  pasted
    .split(/^\s*---\s*$/m)
    .map((text) => text.trim())
    .filter(Boolean);

/** Items settled so far (done or failed) of all. */
export const progressOf = (batch: BatchResponse) => ({
  settled: batch.items.filter((item) => item.status !== 'queued').length,
  total: batch.items.length,
});

const cell = (value: string | number | null) => {
  const text = value === null ? '' : String(value);
  return /[",\n\r]/.test(text) || /^[=+\-@]/.test(text)
    ? `"${text.replace(/^([=+\-@])/, "'$1").replace(/"/g, '""')}"`
    : text;
};

/** The table as CSV (RFC 4180; cells that a spreadsheet would run as formulas are quoted and defused). */
export function batchCsv(rows: readonly BatchRow[]): string {
  const header = ['file', 'words', 'verdict', 'ai_percent', 'confidence_percent', 'error'];
  const lines = rows.map((r) =>
    [r.file, r.words, r.verdict, r.aiPercent?.replace('%', '') ?? null, r.confidence?.replace('%', '') ?? null, r.error]
      .map(cell)
      .join(','),
  );
  return [header.join(','), ...lines].join('\r\n') + '\r\n';
}
