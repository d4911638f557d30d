// The partly-AI rule (issue 42): a document only part of which reads AI-written, the rest human on its own sentences'
// evidence, is scored in the Mixed band. Pure. Its numbers live in partly-ai-rule.json, which
// ml/inkprint_ml/sentence_evidence.py reads too (one source for both).
import rule from './partly-ai-rule.json';
import type { ResultInput } from './result';
import type { AiSegment } from './segments';

/** Under this share of its words in AI parts, a document reads Mixed (partly AI-written), whatever its score. */
export const WHOLLY_AI_SHARE: number = rule.WHOLLY_AI_SHARE;
/** ... provided the rest reads human: its sentences' own probability, word-weighted, under this. */
export const REST_HUMAN_MAX: number = rule.REST_HUMAN_MAX;
/** The top of the Mixed band, where a score that may not read AI-Generated stays. */
export const MIXED_BAND_TOP: number = rule.MIXED_BAND_TOP;
/** Just under the 0.5 line, in Mixed: where a score the encoder's agreement head does not back stays (issue 38). */
export const AI_LINE_HELD_BACK: number = rule.AI_LINE_HELD_BACK;

export function restReadsHuman(
  input: Pick<ResultInput, 'sentences'>,
  found: { segments: readonly AiSegment[] },
): boolean {
  let words = 0;
  let weighted = 0;
  input.sentences.forEach((s, i) => {
    if (found.segments.some((g) => i >= g.firstSentence && i <= g.lastSentence)) return;
    words += s.words;
    weighted += s.words * s.probability;
  });
  return words > 0 && weighted / words < REST_HUMAN_MAX;
}
