import type { DashboardActivity } from '@inkprint/contracts';

/** Spec §9: ten rows a table. */
export const LATEST_ROWS = 10;

/** The latest runs of one kind, newest first (the API sends the latest of both kinds in one list). */
export function latestOfKind(
  rows: readonly DashboardActivity[],
  kind: DashboardActivity['kind'],
  limit = LATEST_ROWS,
): DashboardActivity[] {
  return rows
    .filter((row) => row.kind === kind)
    .sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt))
    .slice(0, limit);
}

/**
 * What 'Bias %' is (libs/ai-domain historyDisplay): the detector's calibrated AI probability is mapped onto the report
 * bands (0.35 / 0.65); bias is how many points that mapping moved it. AI % is the score after the move.
 */
export const BIAS_EXPLANATION =
  "Bias % is how many percentage points the report's banding moved the model's own AI probability: AI % minus " +
  'Bias % is what the model gave. Positive moved the reading towards AI, negative towards human.';
