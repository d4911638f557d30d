// The meaning guard: a similarity between the input and a rewrite that can be computed from the two texts alone.
//
//   similarity = 0.4 * contentRetention + 0.4 * alignment + 0.2 * entityRetention
//
// * contentRetention: share of the input's distinct content-word stems (no function words, no stock phrases the
//   phrase table recognises: they carry register, not content) found in the output,
//   a stem also counting as kept when a WordNet-validated lexicon synonym of it is there;
// * alignment: every input sentence is matched to the output sentence (or pair of adjacent sentences, so splits
//   and merges align) that contains most of its content stems; the mean of those containments;
// * entityRetention: share of protected items (numbers, quotations, URLs, citations, code, abbreviations) and
//   names (capitalised words) of the input found unchanged in the output, plus verbatim blocks (code, headings).
//
// A candidate is rejected when similarity < threshold, when any entity is missing, or when an input sentence has
// no counterpart (containment < 0.5) that the notes do not explain.
import { parseDocument, proseLines } from './document';
import { editPairs } from './edits';
import { lexiconPairs } from './lexicon';
import { PHRASE_RULES, REGISTER_PAIRS, TRANSITION_RULES } from './phrases';
import { PLAIN_PHRASES } from './plain-phrases';

export const SIMILARITY_THRESHOLD = 0.8;
export const DROPPED_SENTENCE = 0.5;

const STOP = new Set(
  (
    'a about above after again against all also am an and any are as at be because been before being below between both but by can ' +
    'could did do does doing down during each few for from further had has have having he her here hers herself him himself his how i ' +
    'if in into is it its itself just me more most my myself no nor not now of off on once only or other our ours ourselves out over own ' +
    'same she should so some such than that the their theirs them themselves then there these they this those through to too under ' +
    'until up very was we were what when where which while who whom why will with would you your yours yourself yourselves may might ' +
    'must shall upon although though yet whether within without among across also even still much many well really quite rather ' +
    'one ones thing things way ways lot lots get gets got make makes made'
  ).split(' '),
);

export function stem(word: string): string {
  let w = word.toLowerCase().replace(/['\u2019]s$/, '');
  if (w.length > 4 && w.endsWith('ies')) w = `${w.slice(0, -3)}y`;
  else if (w.length > 4 && w.endsWith('sses')) w = w.slice(0, -2);
  else if (w.length > 3 && w.endsWith('s') && !/(?:ss|us|is)$/.test(w)) w = w.slice(0, -1);
  if (w.length > 4 && w.endsWith('ing')) w = w.slice(0, -3);
  else if (w.length > 4 && w.endsWith('ed')) w = w.slice(0, -2);
  if (w.length > 5 && w.endsWith('ly')) w = w.slice(0, -2);
  if (w.length > 3 && w.endsWith('e')) w = w.slice(0, -1);
  return w;
}

/**
 * Blanks the stock phrases, hedges and opening transitions the phrase table knows ("plays a crucial role in",
 * "it is important to note that", "Moreover,"): they carry register, not content, so rewriting them must not count
 * as losing meaning. Everything else of the input counts.
 */
export function withoutBoilerplate(sentence: string): string {
  let t = sentence;
  for (const r of TRANSITION_RULES) t = t.replace(r.re, '');
  for (const r of [...PHRASE_RULES, ...PLAIN_PHRASES]) t = t.replace(r.re, ' ');
  return t;
}

export function contentStems(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(/[A-Za-z][A-Za-z'\u2019-]*/g)) {
    const w = m[0].toLowerCase().replace(/n['\u2019]t$/, '');
    if (w.length < 3 || STOP.has(w) || STOP.has(w.replace(/['\u2019].*$/, ''))) continue;
    out.push(stem(w));
  }
  return out;
}

let synonymIndex: Map<string, Set<string>> | undefined;
const EXTRA_PAIRS: [string, string][] = [
  ['individuals', 'people'],
  ['showcase', 'show'],
  ['leverage', 'use'],
  ['delve', 'look'],
  ['delve', 'dig'],
  ['delve', 'examine'],
  ['navigate', 'deal'],
  ['navigate', 'handle'],
  ['navigate', 'manage'],
  ['seamless', 'smooth'],
  ['cutting-edge', 'advanced'],
  ['cutting-edge', 'modern'],
  ['embark', 'start'],
  ['embark', 'begin'],
  ['testament', 'proof'],
  ['testament', 'evidence'],
  ['myriad', 'many'],
  ['plethora', 'many'],
];

function synonyms(): Map<string, Set<string>> {
  if (synonymIndex) return synonymIndex;
  const idx = new Map<string, Set<string>>();
  const link = (a: string, b: string): void => {
    for (const [x, y] of [
      [a, b],
      [b, a],
    ]) {
      for (const part of y.split(' ')) {
        const sx = stem(x);
        let set = idx.get(sx);
        if (!set) idx.set(sx, (set = new Set()));
        set.add(stem(part));
      }
    }
  };
  for (const [a, b] of lexiconPairs()) link(a, b);
  for (const [a, b] of EXTRA_PAIRS) link(a, b);
  // the guided search's table (core/edits.ts): its swaps keep the content they replace
  for (const [a, b] of editPairs()) link(a, b);
  // the register operator's curated pairs and the reader-address operator ("individuals can" -> "you can")
  for (const [a, b] of REGISTER_PAIRS) link(a, b);
  for (const w of ['individuals', 'people', 'readers', 'learners', 'one']) link(w, 'you');
  synonymIndex = idx;
  return idx;
}

/** Is content stem `st` in `present`, or a lexicon synonym of it in `anyWord` (synonyms may be plain words: "many")? */
function kept(st: string, present: Set<string>, anyWord: Set<string> = present): boolean {
  if (present.has(st)) return true;
  const syn = synonyms().get(st);
  if (syn) for (const s of syn) if (anyWord.has(s)) return true;
  return false;
}

function allStems(text: string): Set<string> {
  return new Set([...text.matchAll(/[A-Za-z][A-Za-z'\u2019-]*/g)].map((m) => stem(m[0])));
}

/** Names: capitalised words that are not the first word of a sentence (and "I"), as a multiset. */
function names(sentences: string[]): Map<string, number> {
  const out = new Map<string, number>();
  for (const s of sentences) {
    const words = [...s.matchAll(/[A-Za-z][A-Za-z'\u2019.-]*/g)];
    words.forEach((m, i) => {
      if (i === 0 || !/^[A-Z]/.test(m[0]) || m[0] === 'I' || /^I['\u2019]/.test(m[0])) return;
      const w = m[0].replace(/['\u2019]s$/, '').replace(/\.$/, '');
      out.set(w, (out.get(w) ?? 0) + 1);
    });
  }
  return out;
}

export interface Similarity {
  /** The combined score in 0..1. */
  score: number;
  contentRetention: number;
  alignment: number;
  entityRetention: number;
  /** Entities of the input missing from the output (numbers, names, quotations, URLs, code, verbatim blocks). */
  missing: string[];
  /** Input sentences with no counterpart in the output (containment below 0.5). */
  dropped: string[];
}

/** The prose sentences of a text (markdown-aware, protected spans restored). */
export function proseSentences(text: string): string[] {
  const doc = parseDocument(text);
  const out: string[] = [];
  for (const line of proseLines(doc)) for (const s of line.sentences) if (s.trim()) out.push(doc.table.restore(s));
  return out;
}

export function similarity(input: string, output: string, opts: { ignoreSentences?: string[] } = {}): Similarity {
  const inDoc = parseDocument(input);
  const ignore = (opts.ignoreSentences ?? []).filter((x) => x.trim());
  const inSentences = proseSentences(input).filter((s) => !ignore.some((x) => x.includes(s.trim())));
  const outSentences = proseSentences(output);

  // entities: protected spans and verbatim blocks as exact substrings, names as words
  const missing: string[] = [];
  let total = 0;
  const outCounts = new Map<string, number>();
  const need = new Map<string, number>();
  for (const span of inDoc.table.spans) need.set(span.text, (need.get(span.text) ?? 0) + 1);
  for (const piece of inDoc.pieces)
    if (piece.kind === 'verbatim' && piece.text.trim())
      need.set(piece.text.replace(/\n$/, ''), (need.get(piece.text.replace(/\n$/, '')) ?? 0) + 1);
  for (const [text, n] of need) {
    total += n;
    let found = 0;
    for (let at = output.indexOf(text); at >= 0 && found < n; at = output.indexOf(text, at + text.length)) found++;
    outCounts.set(text, found);
    if (found < n) missing.push(text);
  }
  const inNames = names(inSentences);
  const outWords = new Map<string, number>();
  // a full stop glued to the next sentence ("Great Britain.Arlene Foster") ends a word, as it ends a sentence
  for (const m of output.replace(/([a-z]{2}[.!?])(?=[A-Z][a-z])/g, '$1 ').matchAll(/[A-Za-z][A-Za-z'\u2019.-]*/g)) {
    const w = m[0].replace(/['\u2019]s$/, '').replace(/\.$/, '');
    outWords.set(w, (outWords.get(w) ?? 0) + 1);
  }
  for (const [w, n] of inNames) {
    total += n;
    if ((outWords.get(w) ?? 0) < n) missing.push(w);
  }
  const missingWeight = missing.reduce(
    (s, m) => s + Math.max(1, (need.get(m) ?? inNames.get(m) ?? 1) - (outCounts.get(m) ?? outWords.get(m) ?? 0)),
    0,
  );
  const entityRetention = total === 0 ? 1 : Math.max(0, 1 - missingWeight / total);

  // content words
  const inContent = inSentences.map(withoutBoilerplate);
  const inStems = new Set(inContent.flatMap((s) => contentStems(s)));
  const outStems = new Set(contentStems(output));
  const outAll = allStems(output);
  let keptCount = 0;
  for (const st of inStems) if (kept(st, outStems, outAll)) keptCount++;
  const contentRetention = inStems.size === 0 ? 1 : keptCount / inStems.size;

  // sentence alignment
  const outSets = outSentences.map((s) => allStems(s));
  const windows: Set<string>[] = [...outSets];
  for (let j = 0; j + 1 < outSets.length; j++) windows.push(new Set([...outSets[j], ...outSets[j + 1]]));
  const dropped: string[] = [];
  let sum = 0;
  let counted = 0;
  inSentences.forEach((s, i) => {
    const st = new Set(contentStems(inContent[i]));
    if (st.size === 0) return;
    let best = 0;
    for (const w of windows) {
      let c = 0;
      for (const x of st) if (kept(x, w)) c++;
      best = Math.max(best, c / st.size);
      if (best === 1) break;
    }
    sum += best;
    counted++;
    if (best < DROPPED_SENTENCE) dropped.push(s);
  });
  const alignment = counted === 0 ? 1 : sum / counted;
  const score = 0.4 * contentRetention + 0.4 * alignment + 0.2 * entityRetention;
  return { score, contentRetention, alignment, entityRetention, missing, dropped };
}
