// Protected spans: what must pass through the rewrite byte for byte (quotations, URLs, e-mail addresses, inline
// code, citations, numbers, abbreviations such as "U.S." and "e.g.", markdown links and emphasis). They are swapped
// for opaque placeholders before any operator runs, so no operator can reach inside them, and swapped back after.

const OPEN = '\uE000';
const CLOSE = '\uE001';
export const PLACEHOLDER_RE = /\uE000([\uE100-\uE1FF]+)\uE001/g;

/** Span ids are written with private-use characters too, so no word regex can match inside a placeholder. */
function encodeId(i: number): string {
  let out = '';
  let n = i;
  do {
    out = String.fromCharCode(0xe100 + (n % 256)) + out;
    n = Math.floor(n / 256);
  } while (n > 0);
  return out;
}
function decodeId(s: string): number {
  let n = 0;
  for (const ch of s) n = n * 256 + (ch.charCodeAt(0) - 0xe100);
  return n;
}

export type ProtectedKind =
  'quote' | 'url' | 'email' | 'code' | 'citation' | 'number' | 'abbreviation' | 'link' | 'emphasis' | 'name';

export interface ProtectedSpan {
  kind: ProtectedKind;
  text: string;
}

/** The span table shared by every sentence of one document (placeholders index into it). */
export class SpanTable {
  readonly spans: ProtectedSpan[] = [];

  add(kind: ProtectedKind, text: string): string {
    this.spans.push({ kind, text });
    return `${OPEN}${encodeId(this.spans.length - 1)}${CLOSE}`;
  }

  kindAt(placeholder: string): ProtectedKind | undefined {
    const m = /^\uE000([\uE100-\uE1FF]+)\uE001$/.exec(placeholder);
    return m ? this.spans[decodeId(m[1])]?.kind : undefined;
  }

  restore(masked: string): string {
    // Spans never contain placeholders of later spans, but a quote may hold an earlier one: restore to a fixpoint.
    let out = masked;
    for (let i = 0; i < 4 && out.includes(OPEN); i++)
      out = out.replace(PLACEHOLDER_RE, (_, id: string) => this.spans[decodeId(id)]?.text ?? '');
    return out;
  }
}

export function isPlaceholder(token: string): boolean {
  return token.startsWith(OPEN) && token.endsWith(CLOSE);
}

// Order matters: code and links before URLs, URLs before quotes (URLs may hold quotes), quotes before numbers.
const RULES: { kind: ProtectedKind; re: RegExp }[] = [
  { kind: 'code', re: /`[^`\n]+`/g },
  { kind: 'link', re: /!?\[[^\]\n]*\]\([^)\s]+(?:\s+"[^"\n]*")?\)/g },
  { kind: 'url', re: /\b(?:https?:\/\/|www\.)[^\s<>"')\]]+[^\s<>"')\].,;:!?]/gi },
  { kind: 'email', re: /\b[\w.+-]+@[\w-]+(?:\.[\w-]+)+\b/g },
  // a straight mark between a space and a letter opens a quotation, so it never closes one ('eyes. "That artifact, my
  // dear, …': paired with the stray mark before it, the real quotation was left open and its words were rewritten);
  // one glued to the next sentence ('… a nation."As communities') still closes
  { kind: 'quote', re: /"[^"\n]{1,600}(?:(?<!\s)"|"(?![\p{L}\p{N}]))|\u201C[^\u201D\n]{1,600}\u201D/gu },
  // single-quoted passages only when they look like quotations (start after a space / line start, end before one)
  { kind: 'quote', re: /(?<=^|[\s(])[\u2018'](?=\S)[^'\u2019\n]{2,300}[^\s'\u2019][\u2019'](?=[\s.,;:!?)]|$)/g },
  // author-year and numeric citations: (Smith, 2020), (Smith & Lee, 2019a; Ng et al., 2021, p. 4), [3], [12, 14-16]
  { kind: 'citation', re: /\((?:[^()\n]*?\b(?:1[5-9]|20)\d{2}[a-z]?\b[^()\n]*?)\)/g },
  { kind: 'citation', re: /\[\d+(?:\s*[,\u2013-]\s*\d+)*\]/g },
  { kind: 'emphasis', re: /\*\*[^*\n]+\*\*|__[^_\n]+__|(?<![*\w])\*[^*\s][^*\n]*\*(?![*\w])/g },
  // abbreviations with dots (U.S., e.g., i.e., a.m., Ph.D.) and titles/shorthands before the next word
  {
    kind: 'abbreviation',
    re: /\b(?:[A-Za-z]\.){2,}(?:[A-Za-z]\b\.?)?|\b(?:Mr|Mrs|Ms|Dr|Prof|Sr|Jr|St|vs|etc|Inc|Ltd|Co|Corp|No|Fig|Vol|al|approx|cf|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sept?|Oct|Nov|Dec)\./g,
  },
  // numbers with their attached symbols / units: 3.5%, $1,200, 10:30, 2nd, 1990s, 4x, -3, 5-10, 3/4, COVID-19
  {
    kind: 'number',
    re: /(?:[$\u00A3\u20AC\u00A5]\s?)?[-+]?(?:\b[A-Za-z]+-)?\d(?:[\d,.:/\u2013-]*\d)?(?:st|nd|rd|th|s|x|k|m|bn|%|\u00B0[CF]?)?(?![\w])/g,
  },
];

/**
 * Masks the protected spans of `text` into `table`. Names (capitalised words that do not start a sentence) are
 * not masked here: operators only rewrite lower-case words and fixed phrases, so they never touch them, and the
 * meaning guard checks that every one of them survives.
 */
export function protect(text: string, table: SpanTable): string {
  let out = text;
  for (const { kind, re } of RULES) {
    out = out.replace(re, (m: string) => (m.includes(OPEN) && kind !== 'quote' ? m : table.add(kind, m)));
  }
  return out;
}
