// A document as the rewriter sees it: verbatim pieces (code, headings, tables, block quotes, titles, line breaks)
// and prose lines (paragraphs and list items) made of masked sentences. Rendering the untouched plan gives the
// input back exactly, so structure (markdown, paragraph breaks, list markers) survives every rewrite.
import { isPlaceholder, protect, SpanTable } from './protect';

export interface VerbatimPiece {
  kind: 'verbatim';
  text: string;
}

export interface ProseLine {
  kind: 'prose';
  /** Leading indentation and list marker, kept as is. */
  prefix: string;
  /** Masked sentences (placeholders for protected spans). */
  sentences: string[];
  /** The separator that followed each sentence in the input (usually one space; '' after the last). */
  gaps: string[];
  /** List items and short lines are rewritten word by word only: never split or merged. */
  list: boolean;
  /** Index of the paragraph (run of prose lines) in the document. */
  paragraph: number;
}

export type Piece = VerbatimPiece | ProseLine;

export interface Document {
  pieces: Piece[];
  table: SpanTable;
}

const FENCE = /^\s{0,3}(```|~~~)/;
const LIST = /^(\s*(?:[-*+\u2022\u2013]|\d{1,3}[.)]|[a-zA-Z][.)])\s+)(\S.*)$/;
const VERBATIM_LINE =
  /^\s*(?:#{1,6}(?:\s|$)|>|\||[-*_=]{3,}\s*$|<\/?[a-zA-Z][^>]*>\s*$)|^(?: {4}|\t)|^\s*(?:title|subject|abstract|keywords)\s*:/i;

/** A line that reads like a title or a label (short, no sentence punctuation at the end). */
function isTitleLike(line: string): boolean {
  const t = line.trim();
  if (/[.!?:;,"')\]\u201D\u2026]$/.test(t)) return false;
  return t.split(/\s+/).length <= 12;
}

// A sentence also ends where a full stop runs into the next sentence's capital without a space ("the final.Britain's
// Jazmin …", common in scraped and generated text): after two lower-case letters, before a capitalised word.
const SENTENCE_END =
  /([.!?\u2026]+["')\]\u201D\u2019]*)(\s+|(?<=[a-z]{2}[.!?])(?=[A-Z][a-z]))(?=["'([\u201C\u2018]?[A-Z0-9\uE000])/g;

/** Splits one masked line into sentences and the gaps between them. Protected abbreviations hide their dots. */
export function splitMasked(
  line: string,
  endsSentence: (placeholder: string) => boolean = () => false,
): { sentences: string[]; gaps: string[] } {
  const sentences: string[] = [];
  const gaps: string[] = [];
  let start = 0;
  SENTENCE_END.lastIndex = 0;
  for (let m = SENTENCE_END.exec(line); m; m = SENTENCE_END.exec(line)) {
    const end = m.index + m[1].length;
    const before = line.slice(start, end);
    // "1. Item" style markers or a single initial ("J. Smith") do not end a sentence.
    if (/(?:^|\s)(?:\d{1,3}|[A-Z])\.$/.test(before) && before.trim().length <= 3) continue;
    if (/\s[A-Z]\.$/.test(before)) continue;
    sentences.push(before);
    gaps.push(m[2]);
    start = end + m[2].length;
  }
  // a quotation that ends with its own full stop ends the sentence too: '... "It failed." Then we ...'
  const parts: { s: string; gap: string }[] = sentences.map((x, i) => ({ s: x, gap: gaps[i] }));
  if (start < line.length) parts.push({ s: line.slice(start), gap: '' });
  const outS: string[] = [];
  const outG: string[] = [];
  for (const part of parts) {
    let rest = part.s;
    let from = 0;
    for (;;) {
      QUOTE_END.lastIndex = from;
      const m = QUOTE_END.exec(rest);
      if (!m) break;
      const cut = m.index + m[1].length;
      from = cut;
      if (!endsSentence(m[1].trim()) || wordCount(rest.slice(0, cut)) < 3) continue;
      outS.push(rest.slice(0, cut));
      outG.push(m[2]);
      rest = rest.slice(cut + m[2].length);
      from = 0;
    }
    outS.push(rest);
    outG.push(part.gap);
  }
  return { sentences: outS, gaps: outG };
}

const QUOTE_END = /(\uE000[\uE100-\uE1FF]+\uE001)(\s+)(?=[A-Z])/g;

export function parseDocument(text: string): Document {
  const table = new SpanTable();
  const pieces: Piece[] = [];
  const lines = text.split('\n');
  let inFence = false;
  let paragraph = 0;
  let lastWasProse = false;
  lines.forEach((line, i) => {
    const nl = i < lines.length - 1 ? '\n' : '';
    const verbatim = (): void => {
      pieces.push({ kind: 'verbatim', text: line + nl });
      if (lastWasProse) paragraph++;
      lastWasProse = false;
    };
    if (FENCE.test(line)) {
      inFence = !inFence;
      verbatim();
      return;
    }
    // a "Title: …" label that runs on into the text (no line break after it) is prose, not a label
    const runOnLabel = /^\s*(?:title|subject)\s*:/i.test(line) && wordCount(line) > 30;
    if (inFence || line.trim() === '' || (VERBATIM_LINE.test(line) && !runOnLabel)) {
      verbatim();
      return;
    }
    const list = LIST.exec(line);
    const prevBlank = i === 0 || lines[i - 1].trim() === '';
    const nextBlank = i === lines.length - 1 || lines[i + 1].trim() === '';
    if (!list && prevBlank && nextBlank && isTitleLike(line)) {
      verbatim();
      return;
    }
    const prefix = list ? list[1] : (/^\s*/.exec(line)?.[0] ?? '');
    const body = list ? list[2] : line.slice(prefix.length);
    const trailing = /\s*$/.exec(body)?.[0] ?? '';
    const masked = protect(body.slice(0, body.length - trailing.length), table);
    const { sentences, gaps } = splitMasked(
      masked,
      (ph) => table.kindAt(ph) === 'quote' && /[.!?]["'\u201D\u2019]$/.test(table.restore(ph)),
    );
    if (gaps.length) gaps[gaps.length - 1] = trailing;
    const short = masked.split(/\s+/).length < 6;
    pieces.push({ kind: 'prose', prefix, sentences, gaps, list: Boolean(list) || short, paragraph });
    pieces.push({ kind: 'verbatim', text: nl });
    lastWasProse = true;
  });
  return { pieces, table };
}

/** Renders masked pieces (with the given sentence texts per prose line) and restores protected spans. */
export function renderDocument(
  doc: Document,
  sentencesOf: (line: ProseLine, index: number) => string = (l) => joinSentences(l.sentences, l.gaps),
): string {
  let out = '';
  let p = 0;
  for (const piece of doc.pieces) {
    if (piece.kind === 'verbatim') out += piece.text;
    else out += piece.prefix + sentencesOf(piece, p++);
  }
  return doc.table.restore(out);
}

export function joinSentences(sentences: string[], gaps: string[]): string {
  let out = '';
  sentences.forEach((s, i) => {
    if (s === '') return;
    out += s + (gaps[i] ?? ' ');
  });
  return out;
}

export function proseLines(doc: Document): ProseLine[] {
  return doc.pieces.filter((p): p is ProseLine => p.kind === 'prose');
}

// ---- small text helpers shared by the operators -------------------------------------------------------------

export function capitalise(s: string): string {
  const m = /^(\s*["'([]*)([a-z])/.exec(s);
  return m ? m[1] + m[2].toUpperCase() + s.slice(m[0].length) : s;
}

/** Lower-cases the first word when it is an ordinary word (not "I", a name, an acronym or a protected span). */
export function decapitalise(s: string): string | undefined {
  const m = /^([A-Z])([a-z']*)\b/.exec(s);
  if (!m) return isPlaceholder(s.split(/\s/)[0] ?? '') ? undefined : s;
  const word = m[0];
  if (word === 'I' || word.startsWith("I'")) return s;
  if (!COMMON_OPENERS.has(word.toLowerCase())) return undefined;
  return m[1].toLowerCase() + s.slice(1);
}

export function wordCount(s: string): number {
  const m = s.match(/[A-Za-z0-9\uE000-\uE1FF]+(?:['\u2019-][A-Za-z0-9]+)*/g);
  return m ? m.length : 0;
}

/** Ordinary words that can start a sentence and be lower-cased mid-sentence (never names). */
export const COMMON_OPENERS = new Set(
  (
    'the a an this that these those it its they their them there he his she her we our you your i my many most some ' +
    'each every one two several few both all any no such other another what which who when where while if as so yet ' +
    "people students companies users researchers readers customers teachers children parents this it's that's " +
    'in on at for with by from after before during without within through despite because although though since ' +
    'instead still also even only just then now today here not more less much'
  ).split(' '),
);
