// Tokenisation and feature-side sentence segmentation, ported exactly from features.py (FEATURES.md section 2).
// The display sentence splitter (abbreviation-aware, with offsets) lives in sentences.ts; this one must stay
// byte-for-byte the Python one because the model was trained on it.

const W =
  '[0-9A-Za-z\\u00AA\\u00B5\\u00BA\\u00C0-\\u00D6\\u00D8-\\u00F6\\u00F8-\\u024F' +
  '\\u0300-\\u036F\\u0370-\\u03FF\\u0400-\\u052F\\u0590-\\u05FF\\u0600-\\u06FF' +
  '\\u0900-\\u097F\\u3040-\\u30FF\\u3400-\\u4DBF\\u4E00-\\u9FFF\\uAC00-\\uD7AF]';

export const TOKEN_PATTERN = `${W}+(?:'${W}+)*`;

function tokenRegex(): RegExp {
  // The class deliberately contains combining marks (U+0300-U+036F): the spec's token definition, kept verbatim.
  // eslint-disable-next-line no-misleading-character-class
  return new RegExp(TOKEN_PATTERN, 'gu');
}

/** ASCII-only lowercasing (A-Z -> a-z); every other code point is left alone, as in Python's ascii_lower. */
export function asciiLower(s: string): string {
  // Fast path: most tokens have no uppercase ASCII.
  let i = 0;
  for (; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 65 && c <= 90) break;
  }
  if (i === s.length) return s;
  let out = s.slice(0, i);
  for (; i < s.length; i++) {
    const c = s.charCodeAt(i);
    out += c >= 65 && c <= 90 ? String.fromCharCode(c + 32) : s[i];
  }
  return out;
}

export function tokensCased(norm: string): string[] {
  return norm.match(tokenRegex()) ?? [];
}

export function tokenize(norm: string): string[] {
  return tokensCased(norm).map(asciiLower);
}

/** Tokens with their UTF-16 start offsets in `norm` (used to map words back to display sentences and chunks). */
export function tokenSpans(norm: string): { token: string; start: number; end: number }[] {
  const re = tokenRegex();
  const out: { token: string; start: number; end: number }[] = [];
  for (let m = re.exec(norm); m !== null; m = re.exec(norm)) {
    out.push({ token: m[0], start: m.index, end: m.index + m[0].length });
  }
  return out;
}

const SENT_END = /([.!?\u2026]+["')\]]*) /gu;

/** Feature sentences: lists of lowercased tokens; pieces without tokens are dropped (features.py `sentences`). */
export function featureSentences(norm: string): string[][] {
  const out: string[][] = [];
  for (const seg of norm.replace(SENT_END, '$1\n').split('\n')) {
    const toks = tokenize(seg);
    if (toks.length > 0) out.push(toks);
  }
  return out;
}

export function wordCount(norm: string): number {
  return tokensCased(norm).length;
}
