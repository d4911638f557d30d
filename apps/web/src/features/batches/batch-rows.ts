import {
  DETECTION_MIN_WORDS,
  isTooShortToJudge,
  reportClassification,
  TOO_SHORT_LABEL,
  type BatchItem,
  type BatchResponse,
  type BatchSummary,
} from '@inkprint/contracts';
import { aiPartsOf } from '../../lib/ai-parts';

/** One row of the results table and of the CSV: what a lecturer reads per file. */
export interface BatchRow {
  index: number;
  file: string;
  status: BatchItem['status'];
  words: number | null;
  /** The report's band (Human, Mixed, AI-Generated), 'Too short to judge', or the failure's message. */
  verdict: string;
  /**
   * Percent with one decimal, null without a verdict. aiPercent: the detector's score, the AI figure of the report
   * (its 'Confidence (Human / AI)' splits it); engineConfidence: how sure the detector is of that score (the demo's
   * 'Engine confidence', the report's chunk 'Confidence %'), a different quantity (issue 43 item 2).
   */
  aiPercent: string | null;
  engineConfidence: string | null;
  /**
   * The AI-written parts (issue 42): 'sentences 7-11 (48.4% of the words)', 'None found', or null where the mode
   * does not look for them (fast) or there is no verdict. aiShare: the share of the words in them, for the CSV.
   */
  aiParts: string | null;
  aiShare: string | null;
  error: string | null;
  /** Checked and its result still kept (48 h): it has a report. */
  reportable: boolean;
}

export const RESULT_GONE = 'Result no longer kept (48 h)';

const one = (value: number) => (Math.round(value * 10) / 10).toFixed(1);

export function batchRows(batch: BatchResponse): BatchRow[] {
  return batch.items.map((item) => {
    const file = item.name ?? `Text ${item.index + 1}`;
    const base = {
      index: item.index,
      file,
      status: item.status,
      words: null,
      aiPercent: null,
      engineConfidence: null,
      aiParts: null,
      aiShare: null,
      reportable: item.status === 'done' && item.result !== undefined,
    };
    if (item.status === 'failed')
      return { ...base, verdict: 'Failed', error: item.error?.message ?? 'Failed to process file.' };
    if (item.status === 'queued') return { ...base, verdict: 'Checking…', error: null };
    // A batch opened again from the recent list after its results (48 h) are gone.
    if (!item.result) return { ...base, verdict: RESULT_GONE, error: null };
    const r = item.result;
    if (isTooShortToJudge(r)) return { ...base, words: r.words, verdict: TOO_SHORT_LABEL, error: null };
    return {
      ...base,
      words: r.words,
      verdict: reportClassification(r.score),
      aiPercent: `${one(r.score * 100)}%`,
      engineConfidence: `${one(r.confidence)}%`,
      ...aiPartsCells(r),
      error: null,
    };
  });
}

/** A checked file's AI-written parts for the table and the CSV (the report's reading: aiPartsOf). */
function aiPartsCells(result: object): { aiParts: string | null; aiShare: string | null } {
  const found = aiPartsOf(result);
  if (!found) return { aiParts: null, aiShare: null };
  if (found.parts.length === 0) return { aiParts: 'None found', aiShare: one(0) };
  const places = found.parts.map((p) => p.place.toLowerCase()).join(', ');
  return { aiParts: `${places} (${one(found.sharePercent)}% of the words)`, aiShare: one(found.sharePercent) };
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
  const header = [
    'file',
    'words',
    'verdict',
    'ai_percent',
    'engine_confidence_percent',
    'ai_parts',
    'ai_parts_word_percent',
    'error',
  ];
  const lines = rows.map((r) =>
    [
      r.file,
      r.words,
      r.verdict,
      r.aiPercent?.replace('%', '') ?? null,
      r.engineConfidence?.replace('%', '') ?? null,
      r.aiParts,
      r.aiShare,
      r.error,
    ]
      .map(cell)
      .join(','),
  );
  return [header.join(','), ...lines].join('\r\n') + '\r\n';
}

/** '1 word', '12 words'. */
export const wordsLabel = (n: number): string => `${n.toLocaleString('en-US')} ${n === 1 ? 'word' : 'words'}`;

/** What the page says a batch costs (issue 43 item 3): empty and too-short files are not counted. */
export const BATCH_COST_NOTE = `Each file counts as one detection of your daily limit; empty files and files under ${DETECTION_MIN_WORDS} words are free, as are files that cannot be read.`;

/** The two figures of the table, named apart (issue 43 item 2). */
export const BATCH_FIGURES_NOTE =
  "AI % is the detector's score (the figure the report shows); Engine confidence is how sure the detector is of it.";

/** Items of a batch counted against the daily limit so far: checked, with a verdict (too short and failed are free). */
export const countedItems = (batch: BatchResponse): number =>
  batch.items.filter((item) => item.status === 'done' && item.result && !isTooShortToJudge(item.result)).length;

/** One line of the recent batches list: when, how many files, how far. */
export function recentBatchLine(batch: BatchSummary, now: Date = new Date()): { title: string; detail: string } {
  const at = new Date(batch.createdAt);
  const sameDay = at.toDateString() === now.toDateString();
  const when = Number.isNaN(at.getTime())
    ? 'Unknown time'
    : at.toLocaleString('en-GB', sameDay ? { timeStyle: 'short' } : { dateStyle: 'medium', timeStyle: 'short' });
  const files = `${batch.items} ${batch.items === 1 ? 'file' : 'files'}`;
  const state =
    batch.status === 'done'
      ? batch.failed > 0
        ? `done, ${batch.failed} failed`
        : 'done'
      : `${batch.settled} of ${batch.items} checked`;
  return { title: `${sameDay ? 'Today' : ''}${sameDay ? ' ' : ''}${when}`, detail: `${files} · ${state}` };
}
