/** The AI-written parts of a detection (issue 42) as the demo, the report and the batch table read them. */
import { clampPercent, finiteNumber, wordsOf } from './result-values';

/** One AI-written part of the text (issue 42): where it is, how long, and how it opens. */
export interface AiPart {
  number: number;
  /** 'Sentence 3' or 'Sentences 7-11', 1-based. */
  place: string;
  words: number;
  /** The part's first words, '…' where cut. */
  opening: string;
}

/** The AI-written parts of a result, or null where the engine did not look for them (fast mode, older results). */
export interface AiParts {
  parts: AiPart[];
  /** Share of the words inside the parts, 0..100. */
  sharePercent: number;
}

const OPENING_WORDS = 12;
export const AI_PARTS_LABEL = 'AI-written parts';

/** The result's AI segments in the report's words; sentences give each part's opening. */
export function aiPartsOf(result: object): AiParts | null {
  const r = result as { segments?: unknown; aiWordShare?: unknown; sentences?: unknown };
  if (!Array.isArray(r.segments)) return null;
  const sentences = Array.isArray(r.sentences) ? (r.sentences as { text?: unknown }[]) : [];
  const parts = (r.segments as Record<string, unknown>[]).map((g, i): AiPart => {
    const firstIndex = finiteNumber(g.firstSentence) ?? 0;
    const lastIndex = finiteNumber(g.lastSentence) ?? firstIndex;
    const firstText = sentences[firstIndex]?.text;
    const first = wordsOf(typeof firstText === 'string' ? firstText : '');
    const place =
      firstIndex === lastIndex ? `Sentence ${firstIndex + 1}` : `Sentences ${firstIndex + 1}-${lastIndex + 1}`;
    const opening = first.slice(0, OPENING_WORDS).join(' ') + (first.length > OPENING_WORDS ? ' …' : '');
    return { number: i + 1, place, words: finiteNumber(g.words) ?? 0, opening };
  });
  return { parts, sharePercent: clampPercent(100 * (finiteNumber(r.aiWordShare) ?? 0)) };
}
