// AI segments (issue 42): where in a document the AI-written parts are, from each sentence's own evidence. Pure.
// The same path as ml/inkprint_ml/sentence_evidence.py `segment` (its tests pin both).

/** A sentence's own evidence: its log-odds of being AI-written, and its words (how much the evidence weighs). */
export interface SentenceEvidence {
  start: number;
  end: number;
  words: number;
  /** ln(p / (1 - p)) of the sentence's probability of being AI-written */
  logOdds: number;
}

export interface AiSegment {
  /** character offsets in the (normalised) text, [start, end) */
  start: number;
  end: number;
  words: number;
  /** indices of the first and last sentence */
  firstSentence: number;
  lastSentence: number;
}

export interface SegmentPolicy {
  /** What one switch between human and AI costs in the path (the same units as the weighted log-odds). */
  switchPenalty: number;
  /** An AI part shorter than this many words is below what the evidence resolves: not reported as a segment. */
  minSegmentWords: number;
}

/**
 * The most likely human/AI labelling of the sentences in order (Viterbi over two states): each sentence adds
 * +-logOdds x sqrt(words) / 2 and each switch costs `switchPenalty`, so one long AI span wins over a confetti of
 * sentences. Returns 1 (AI) or 0 (human) per sentence.
 */
export function sentencePath(sentences: readonly SentenceEvidence[], switchPenalty: number): number[] {
  const n = sentences.length;
  if (n === 0) return [];
  const emit = (i: number, state: number): number => {
    const e = (sentences[i].logOdds * Math.sqrt(Math.max(sentences[i].words, 0))) / 2;
    return state === 1 ? e : -e;
  };
  let score = [emit(0, 0), emit(0, 1)];
  const back: number[][] = [[0, 1]];
  for (let i = 1; i < n; i++) {
    const next = [0, 0];
    const from = [0, 0];
    for (const s of [0, 1]) {
      const stay = score[s];
      const change = score[1 - s] - switchPenalty;
      from[s] = stay >= change ? s : 1 - s;
      next[s] = Math.max(stay, change) + emit(i, s);
    }
    back.push(from);
    score = next;
  }
  const path = new Array<number>(n);
  path[n - 1] = score[1] > score[0] ? 1 : 0;
  for (let i = n - 1; i > 0; i--) path[i - 1] = back[i][path[i]];
  return path;
}

/** The AI segments of the path (runs of AI sentences of at least `minSegmentWords` words) and their share of words. */
export function aiSegments(
  sentences: readonly SentenceEvidence[],
  policy: SegmentPolicy,
): { segments: AiSegment[]; aiWordShare: number; unresolved: boolean } {
  const path = sentencePath(sentences, policy.switchPenalty);
  const segments: AiSegment[] = [];
  let unresolved = false;
  let i = 0;
  while (i < path.length) {
    if (path[i] !== 1) {
      i++;
      continue;
    }
    let j = i;
    let words = 0;
    while (j < path.length && path[j] === 1) words += sentences[j++].words;
    if (words >= policy.minSegmentWords || (i === 0 && j === path.length && words > 0)) {
      segments.push({
        start: sentences[i].start,
        end: sentences[j - 1].end,
        words,
        firstSentence: i,
        lastSentence: j - 1,
      });
    } else unresolved = true;
    i = j;
  }
  const total = sentences.reduce((s, x) => s + x.words, 0);
  const inSegments = segments.reduce((s, x) => s + x.words, 0);
  return { segments, aiWordShare: total > 0 ? inSegments / total : 0, unresolved };
}
