// Text normalisation, ported exactly from ml/inkprint_ml/features.py `normalize` (ml/FEATURES.md section 1),
// plus a count of what was neutralised so the result can tell the user (spec: `warning`).

/** Code points deleted outright (after NFKC). */
const REMOVE: readonly number[] = [
  0x00ad,
  0x180e,
  0x200b,
  0x200c,
  0x200d,
  0x2060,
  0x2061,
  0x2062,
  0x2063,
  0x2064,
  0xfeff,
  ...range(0x0000, 0x0009),
  ...range(0x000e, 0x0020),
  0x007f,
];

/** Homoglyphs and typographic quotes (same table as HOMOGLYPHS in features.py). */
export const HOMOGLYPHS: Readonly<Record<number, string>> = {
  0x0430: 'a',
  0x0435: 'e',
  0x043e: 'o',
  0x0440: 'p',
  0x0441: 'c',
  0x0443: 'y',
  0x0445: 'x',
  0x0456: 'i',
  0x0458: 'j',
  0x0455: 's',
  0x04bb: 'h',
  0x0501: 'd',
  0x051b: 'q',
  0x051d: 'w',
  0x04cf: 'l',
  0x0410: 'A',
  0x0412: 'B',
  0x0415: 'E',
  0x041a: 'K',
  0x041c: 'M',
  0x041d: 'H',
  0x041e: 'O',
  0x0420: 'P',
  0x0421: 'C',
  0x0422: 'T',
  0x0423: 'Y',
  0x0425: 'X',
  0x0406: 'I',
  0x0408: 'J',
  0x0405: 'S',
  0x04ae: 'Y',
  0x0391: 'A',
  0x0392: 'B',
  0x0395: 'E',
  0x0396: 'Z',
  0x0397: 'H',
  0x0399: 'I',
  0x039a: 'K',
  0x039c: 'M',
  0x039d: 'N',
  0x039f: 'O',
  0x03a1: 'P',
  0x03a4: 'T',
  0x03a5: 'Y',
  0x03a7: 'X',
  0x03bf: 'o',
  0x03b1: 'a',
  0x03bd: 'v',
  0x03b9: 'i',
  0x03ba: 'k',
  0x03c1: 'p',
  0x03c5: 'u',
  0x0131: 'i',
  0x2018: "'",
  0x2019: "'",
  0x201a: "'",
  0x201b: "'",
  0x2032: "'",
  0x201c: '"',
  0x201d: '"',
  0x201e: '"',
  0x201f: '"',
};

const QUOTES = new Set([0x2018, 0x2019, 0x201a, 0x201b, 0x2032, 0x201c, 0x201d, 0x201e, 0x201f]);
const NEWLINES: readonly number[] = [0x000d, 0x000b, 0x000c, 0x0085, 0x2028, 0x2029];
const SPACES: readonly number[] = [0x0009, 0x00a0, 0x1680, ...range(0x2000, 0x200b), 0x202f, 0x205f, 0x3000];

function range(from: number, toExclusive: number): number[] {
  const out: number[] = [];
  for (let c = from; c < toExclusive; c++) out.push(c);
  return out;
}

type Action =
  | { kind: 'remove' }
  | { kind: 'homoglyph'; to: string }
  | { kind: 'quote'; to: string }
  | { kind: 'newline' }
  | { kind: 'space' };

// Order matters: later assignments win, exactly like building _TRANS in features.py.
const TRANS = new Map<number, Action>();
for (const c of REMOVE) TRANS.set(c, { kind: 'remove' });
for (const [c, r] of Object.entries(HOMOGLYPHS)) {
  const cp = Number(c);
  TRANS.set(cp, QUOTES.has(cp) ? { kind: 'quote', to: r } : { kind: 'homoglyph', to: r });
}
for (const c of NEWLINES) TRANS.set(c, { kind: 'newline' });
for (const c of SPACES) TRANS.set(c, { kind: 'space' });

/** What normalisation neutralised. Tabs, CR and typographic quotes are ordinary and not counted as tricks. */
export interface NormalizationReport {
  /** Zero-width, soft-hyphen, BOM and control characters deleted. */
  invisibleRemoved: number;
  /** Cyrillic / Greek / dotless-i letters replaced by the Latin letter they imitate. */
  homoglyphsReplaced: number;
  /** Unusual spaces (no-break, em/en/thin spaces, ideographic...) and unusual line separators. */
  oddWhitespace: number;
  /** Compatibility characters folded by NFKC (full-width letters, ligatures, styled maths letters...). */
  compatibilityFolded: number;
  /** Typographic quotes made ASCII (not suspicious; not reported in warnings). */
  quotesStraightened: number;
}

export interface NormalizedText {
  text: string;
  report: NormalizationReport;
}

/** The exact normalisation of FEATURES.md section 1. */
export function normalize(text: string): string {
  return normalizeWithReport(text).text;
}

export function normalizeWithReport(input: string): NormalizedText {
  const report: NormalizationReport = {
    invisibleRemoved: 0,
    homoglyphsReplaced: 0,
    oddWhitespace: 0,
    compatibilityFolded: 0,
    quotesStraightened: 0,
  };
  let t = input.normalize('NFKC');
  if (t !== input) {
    const c = countCompatibilityChars(input);
    report.compatibilityFolded = c.folded;
    report.oddWhitespace = c.spaces;
  }
  t = t.split('\r\n').join('\n');
  let out = '';
  let runStart = 0;
  // Single pass over code points; untouched stretches are copied in slices.
  for (let i = 0; i < t.length;) {
    const cp = t.codePointAt(i) as number;
    const width = cp > 0xffff ? 2 : 1;
    const action = TRANS.get(cp);
    if (action !== undefined) {
      out += t.slice(runStart, i);
      switch (action.kind) {
        case 'remove':
          report.invisibleRemoved++;
          break;
        case 'homoglyph':
          report.homoglyphsReplaced++;
          out += action.to;
          break;
        case 'quote':
          report.quotesStraightened++;
          out += action.to;
          break;
        case 'newline':
          if (cp !== 0x000d) report.oddWhitespace++;
          out += '\n';
          break;
        case 'space':
          if (cp !== 0x0009) report.oddWhitespace++;
          out += ' ';
          break;
        default: {
          const never: never = action;
          throw new Error(`unknown action ${String(never)}`);
        }
      }
      runStart = i + width;
    }
    i += width;
  }
  out += t.slice(runStart);
  out = out
    .replace(/ {2,}/g, ' ')
    .replace(/ *\n */g, '\n')
    .replace(/\n{3,}/g, '\n\n');
  return { text: stripSpacesAndNewlines(out), report };
}

/** `s` without the spaces and newlines at either end (other whitespace is kept). */
export function stripSpacesAndNewlines(s: string): string {
  let a = 0;
  let b = s.length;
  while (a < b && (s[a] === ' ' || s[a] === '\n')) a++;
  while (b > a && (s[b - 1] === ' ' || s[b - 1] === '\n')) b--;
  return s.slice(a, b);
}

/** NFKC already turns most exotic spaces (U+00A0, U+2000-U+200A, U+3000...) into " ": count those as whitespace. */
function countCompatibilityChars(input: string): { folded: number; spaces: number } {
  let folded = 0;
  let spaces = 0;
  for (const ch of input) {
    const code = ch.codePointAt(0) as number;
    if (code < 0xa0) continue;
    const k = ch.normalize('NFKC');
    if (k === ch || k === ch.normalize('NFC')) continue;
    if (k.trim() === '') spaces++;
    else folded++;
  }
  return { folded, spaces };
}

/** A one-sentence, user-facing description of the neutralised tricks, or undefined when nothing suspicious was found. */
export function describeNormalization(r: NormalizationReport): string | undefined {
  const removed: string[] = [];
  const replaced: string[] = [];
  if (r.invisibleRemoved > 0) removed.push(plural(r.invisibleRemoved, 'zero-width or invisible character'));
  if (r.homoglyphsReplaced > 0) replaced.push(plural(r.homoglyphsReplaced, 'look-alike letter'));
  if (r.compatibilityFolded > 0) replaced.push(plural(r.compatibilityFolded, 'stylised or full-width character'));
  if (r.oddWhitespace > 0)
    replaced.push(plural(r.oddWhitespace, 'unusual space or line break', 'unusual spaces or line breaks'));
  if (removed.length === 0 && replaced.length === 0) return undefined;
  const parts: string[] = [];
  if (removed.length > 0) parts.push(`removed ${joinList(removed)}`);
  if (replaced.length > 0) parts.push(`replaced ${joinList(replaced)}`);
  const sentence = parts.join(' and ');
  return `${sentence.charAt(0).toUpperCase()}${sentence.slice(1)} before scoring.`;
}

function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

function joinList(items: string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}
