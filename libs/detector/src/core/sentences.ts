// Display sentence splitter: offsets into the normalised text, for per-sentence highlighting and chunking.
// Unlike the feature splitter (tokenize.ts, which must match training), this one knows abbreviations
// (Dr., e.g., U.S.), initials, decimals, ellipses, quotes and list items.

export interface SentenceSpan {
  index: number;
  start: number;
  end: number;
  text: string;
}

/** Never end a sentence: titles and Latin shorthands that are always followed by more of the sentence. */
const NEVER_FINAL = new Set([
  'mr',
  'mrs',
  'ms',
  'dr',
  'prof',
  'sr',
  'jr',
  'st',
  'gen',
  'rev',
  'hon',
  'capt',
  'lt',
  'col',
  'sgt',
  'mt',
  'e.g',
  'i.e',
  'eg',
  'ie',
  'cf',
  'vs',
  'viz',
  'fig',
  'figs',
  'no',
  'nos',
  'vol',
  'pp',
  'ch',
  'sec',
  'eq',
  'approx',
  'ca',
  'dept',
  'est',
  'jan',
  'feb',
  'mar',
  'apr',
  'jun',
  'jul',
  'aug',
  'sep',
  'sept',
  'oct',
  'nov',
  'dec',
]);
/** May end a sentence; only does when the next word is a typical sentence opener. */
const MAYBE_FINAL = new Set([
  'etc',
  'inc',
  'ltd',
  'co',
  'corp',
  'al',
  'a.m',
  'p.m',
  'u.s',
  'u.k',
  'u.n',
  'e.u',
  'ph.d',
  'b.c',
  'a.d',
  'jr',
]);
const OPENERS = new Set([
  'the',
  'a',
  'an',
  'this',
  'that',
  'these',
  'those',
  'it',
  'its',
  'i',
  'we',
  'he',
  'she',
  'they',
  'you',
  'there',
  'in',
  'on',
  'at',
  'but',
  'and',
  'so',
  'however',
  'if',
  'when',
  'while',
  'after',
  'before',
  'as',
  'for',
  'my',
  'our',
  'his',
  'her',
  'their',
  'what',
  'why',
  'how',
  'then',
  'also',
  'many',
  'most',
  'some',
  'one',
]);

const CANDIDATE = /[.!?\u2026]+["')\]]*(?= )/g;

function isUpperStart(s: string): boolean {
  const m = /^["'([]*(\S)/.exec(s);
  if (!m) return false;
  const c = m[1];
  return c !== c.toLowerCase() || /[0-9]/.test(c);
}

function shouldBreak(segment: string, at: number, punctEnd: number): boolean {
  const punct = segment.slice(at, punctEnd);
  const before = segment.slice(0, at);
  const after = segment.slice(punctEnd + 1);
  if (after.length === 0) return false;
  const nextWord = /^["'([]*([A-Za-z']+)/.exec(after)?.[1] ?? '';
  const upperNext = isUpperStart(after);
  // List markers at the start of a segment ("1. Text", "a) Text") are not sentences.
  if (/^\s*(?:\d{1,3}|[A-Za-z])$/.test(before) && /^[.)]/.test(punct)) return false;
  if (punct.startsWith('.') && !punct.startsWith('...')) {
    const word = /([A-Za-z](?:[A-Za-z.]*[A-Za-z])?)$/.exec(before)?.[1] ?? '';
    const lower = word.toLowerCase();
    if (word.length === 1 && /[A-Z]/.test(word)) return false; // initial: "J. Smith"
    if (NEVER_FINAL.has(lower)) return false;
    if (MAYBE_FINAL.has(lower) || /^(?:[a-z]\.){1,}[a-z]$/i.test(word)) {
      return upperNext && OPENERS.has(nextWord.toLowerCase());
    }
  }
  // A lowercase continuation ("Wow!" she said / approx. five / wait... what) stays in the sentence.
  return upperNext;
}

/** Split one line into sentence spans (offsets relative to the line). */
function splitLine(line: string): [number, number][] {
  const spans: [number, number][] = [];
  let start = 0;
  CANDIDATE.lastIndex = 0;
  for (let m = CANDIDATE.exec(line); m !== null; m = CANDIDATE.exec(line)) {
    const end = m.index + m[0].length;
    if (shouldBreak(line, m.index, end)) {
      spans.push([start, end]);
      start = end + 1;
    }
  }
  if (start < line.length) spans.push([start, line.length]);
  return spans;
}

const LIST_ITEM = /^(?:[-*\u2022]|[0-9]{1,3}[.)]|[a-z][.)]) /;

/**
 * Sentences of a normalised text. A blank line always ends a sentence; a single line break does too unless
 * it looks like hard-wrapped prose (previous line has no final punctuation and the next starts lowercase).
 */
export function splitSentences(norm: string): SentenceSpan[] {
  const lines: { start: number; end: number }[] = [];
  let pos = 0;
  for (const raw of norm.split('\n')) {
    lines.push({ start: pos, end: pos + raw.length });
    pos += raw.length + 1;
  }
  // Merge hard-wrapped lines into logical segments.
  const segments: { start: number; end: number }[] = [];
  for (const ln of lines) {
    const text = norm.slice(ln.start, ln.end);
    const prev = segments[segments.length - 1];
    if (text.length === 0) {
      segments.push({ start: ln.end, end: ln.end });
      continue;
    }
    if (prev && prev.end > prev.start && prev.end === ln.start - 1) {
      const prevText = norm.slice(prev.start, prev.end);
      const continues = !/[.!?\u2026:;"')\]]$/.test(prevText) && /^[a-z]/.test(text) && !LIST_ITEM.test(text);
      if (continues) {
        prev.end = ln.end;
        continue;
      }
    }
    segments.push({ start: ln.start, end: ln.end });
  }
  const out: SentenceSpan[] = [];
  for (const seg of segments) {
    if (seg.end <= seg.start) continue;
    // Inside a merged segment the joins are "\n"; treat them as spaces for splitting purposes.
    const line = norm.slice(seg.start, seg.end).replace(/\n/g, ' ');
    for (const [a, b] of splitLine(line)) {
      let s = seg.start + a;
      let e = seg.start + b;
      while (s < e && /\s/.test(norm[s])) s++;
      while (e > s && /\s/.test(norm[e - 1])) e--;
      if (e > s) out.push({ index: out.length, start: s, end: e, text: norm.slice(s, e) });
    }
  }
  return out;
}
