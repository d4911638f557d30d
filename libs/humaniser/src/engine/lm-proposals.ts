// In-context word proposals for the guided edit search (issue 40 item 1): Gemma 3 270M's own alternatives at the
// positions it finds most predictable, kept only where a writer would keep them.
//
// 1. Where: the content words the table's rules allow to change (core/edits.ts proposeEdits: tagged noun, verb,
//    adjective or adverb; never a name, a protected span, an auxiliary, a phrasal verb, a comparative, an adjectival
//    participle, a degree adverb or a noun in "the N of X"), ranked by how predictable Gemma finds the word as
//    written (log p of its first token given the sentence before it): the most predictable first, at most
//    MAX_POSITIONS per sentence.
// 2. What: Gemma's top LM_TOPK next tokens at that position (the top-k graph, LmRunner.topK). A proposal is a token
//    that starts a word ("▁word") and is that whole word (multi-token words are skipped), in the same inflection as
//    the word it replaces, and that shares a WordNet sense with it (src/lexicon/wordnet-synsets.json): Gemma says what
//    fits the context, WordNet that it can mean the same (an antonym "reduce" for "expand", a co-hyponym "Monday" for
//    "Tuesday" or another thing of the same kind never shares a synset). Words the vocabulary operator replaces as
//    machine-like (the lexicon's inflated words) are never proposed.
// 3. Fluency: Gemma's summed log-probability of the sentence up to 30 characters after the word with the proposal
//    minus as written (the tokens before the word are the same and cancel) must not be below FLUENCY_BOUND, the
//    bound measured on human text by scripts/vet-synonyms.ts (the 20th percentile of the drop of 240 pairs a person
//    had read and kept, in BiScope human sentences; read there with up to 60 characters of left context, here with
//    the sentence's). The as-written side comes from the sentence's own pass: one body pass per proposal read.
// Light verbs (make, take, get …) and units of time are never replaced nor proposed: WordNet gives them senses that
// Gemma happily picks in context ("made a save" -> "scored a save", "final minutes" -> "final seconds").
// The sentence's meaning (MiniLM cosine) and the guide's verdict are the guided search's, as for the table's swaps.
import { normalize } from '@inkprint/detector';
import synsetData from '../lexicon/wordnet-synsets.json';
import { proposeEdits, type EditPos, type WordEdit } from '../core/edits';
import { lexiconEntries } from '../core/lexicon';

/**
 * Never replaced nor proposed: light verbs (their WordNet senses are many), units of time (a quantity), and words read
 * as wrong swaps in the development rewrites ("ensure" -> "assure", "champion" -> "champ", "manager" -> "coach").
 */
export const LM_REFUSED = new Set(
  (
    'make take get have give do go come put set keep let see say tell ask turn run hold bring ' +
    'second minute hour day week month year decade century moment instant time ' +
    // read in the development rewrites (issue 40): a promise is not a guarantee, roles are not interchangeable
    'ensure assure insure champ coach manager director chance opportunity event case swim float efficient effective ' +
    'need want spending expenditure outlay content'
  ).split(' '),
);

/**
 * A sense-mate shares a synset that is among the first SENSE_RANK senses of both words (WordNet orders a word's senses
 * by frequency): "fan" and "lover" share a synset, but it is not a common sense of "lover".
 */
export const SENSE_RANK = 2;
/**
 * A sense-mate is not rarer than the word it replaces (SemCor's tag count of the word in that part of speech): plain
 * words replace fancy ones, not the reverse ("continue" -> "proceed", "spending" -> "expenditure" are refused), and
 * two mates never swap back and forth ("scent" <-> "aroma").
 */
export const NOT_RARER = 1;
/** Parts of speech Gemma may propose for: adverbs are out ("only" -> "entirely", "freshly" -> "fresh"). */
export const LM_POS: ReadonlySet<EditPos> = new Set(['noun', 'verb', 'adj']);
/** Proposals read for fluency per sentence (one body pass each). */
export const MAX_CHECKS = 3;

/** Gemma's alternatives read per position. */
export const LM_TOPK = 64;
/** Positions read per sentence (the most predictable words first). */
export const MAX_POSITIONS = 8;
/** Proposals read for fluency per word (Gemma's likeliest sense-mates first). */
export const PER_WORD = 1;
/** Summed log-probability drop (nats) of the window a proposal may cost: vet-synonyms.ts's bound on human text. */
export const FLUENCY_BOUND = -6.37;

/** What the proposals need of the language model (LmRunner of @inkprint/detector). */
export interface ProposalLm {
  tokenIds(norm: string, maxTokens?: number): number[];
  hiddenStates(ids: readonly number[]): Promise<{ hidden: Float32Array; width: number }>;
  topK(
    states: { hidden: Float32Array; width: number },
    rows: readonly number[],
    k: number,
  ): Promise<{ ids: number[][]; logp: number[][] }>;
  logpFrom(ids: readonly number[], from: number): Promise<Float32Array>;
  logpAt(
    states: { hidden: Float32Array; width: number },
    rows: readonly number[],
    next: readonly number[],
  ): Promise<Float32Array>;
  piece(id: number): string;
}

/** A proposal and what Gemma read of it. */
export interface LmProposal extends WordEdit {
  /** log p of the proposal's token at the position, and of the word as written (its first token). */
  logp: number;
  logpWritten: number;
  /** Window log-probability with the proposal minus as written (nats; >= FLUENCY_BOUND). */
  drop: number;
}

export interface ProposalStats {
  positions: number;
  offered: number;
  refusedByFluency: number;
  kept: number;
}

const SYNSETS: Record<EditPos, Map<string, Set<string>>> = (() => {
  const raw = synsetData as unknown as Record<EditPos, string[]>;
  const out = {} as Record<EditPos, Map<string, Set<string>>>;
  for (const pos of ['noun', 'verb', 'adj', 'adv'] as EditPos[]) {
    const m = new Map<string, Set<string>>();
    for (const line of raw[pos] ?? []) {
      const words = line
        .split(' ')
        .map((x) => x.split(':'))
        .filter(([, r]) => Number(r) <= SENSE_RANK)
        .map(([w, , c]) => ({ w, c: Number(c) }));
      for (const { w, c } of words) {
        let s = m.get(w);
        if (!s) m.set(w, (s = new Set()));
        for (const o of words) if (o.w !== w && o.c >= NOT_RARER * c) s.add(o.w);
      }
    }
    out[pos] = m;
  }
  return out;
})();

/** Words that share a WordNet sense (a synset) with `lemma` in that part of speech, inflected by the caller. */
export function senseMates(pos: EditPos, lemma: string): string[] {
  if (LM_REFUSED.has(lemma) || !LM_POS.has(pos)) return [];
  return [...(SYNSETS[pos].get(lemma) ?? [])].filter((w) => !lexiconEntries(w) && !LM_REFUSED.has(w));
}

/** Where the fluency window ends: 30 characters after the word, at a word boundary. */
export function windowEnd(sentence: string, end: number): number {
  let b = Math.min(sentence.length, end + 30);
  while (b < sentence.length && sentence[b] !== ' ') b++;
  return b;
}

const sameStart = (a: readonly number[], b: readonly number[]): number => {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  return i;
};

/**
 * Gemma's in-context proposals for one masked sentence (protected spans as placeholders; `restore` gives the text
 * Gemma reads). Offsets are the masked sentence's, as the table's swaps; best first (the proposal Gemma finds most
 * likely at the most predictable position).
 */
export async function proposeInContext(
  lm: ProposalLm,
  masked: string,
  restore: (s: string) => string = (s) => s,
  stats?: ProposalStats,
): Promise<LmProposal[]> {
  // every candidate a WordNet sense-mate, inflected and placed by the table's rules; Gemma chooses among them
  const mates = proposeEdits(masked, 64, senseMates).filter((e) => e.start > 0 && /^[a-z]+$/.test(e.to));
  if (!mates.length) return [];
  const byStart = new Map<number, WordEdit[]>();
  for (const e of mates) byStart.set(e.start, [...(byStart.get(e.start) ?? []), e]);

  const plain = restore(masked);
  const ids = lm.tokenIds(normalize(plain));
  // the token row before each word: the restored prefix's tokens must be the sentence's own
  const rows: { start: number; row: number; written: number }[] = [];
  for (const start of byStart.keys()) {
    const prefix = lm.tokenIds(normalize(restore(masked.slice(0, start))).trimEnd());
    const n = prefix.length;
    if (n < 2 || n >= ids.length || sameStart(prefix, ids) !== n || !lm.piece(ids[n]).startsWith('\u2581')) continue;
    rows.push({ start, row: n - 1, written: ids[n] });
  }
  if (!rows.length) return [];
  const states = await lm.hiddenStates(ids);
  // how predictable each word is: log p of its first token, read from the top-k (below the k-th: less than it)
  const top = await lm.topK(
    states,
    rows.map((r) => r.row),
    LM_TOPK,
  );
  const read = rows.map((r, i) => {
    const j = top.ids[i].indexOf(r.written);
    const floor = top.logp[i][top.logp[i].length - 1] ?? -Infinity;
    return { ...r, top: i, logpWritten: j >= 0 ? top.logp[i][j] : floor - 1 };
  });
  read.sort((a, b) => b.logpWritten - a.logpWritten);
  if (stats) stats.positions += Math.min(read.length, MAX_POSITIONS);

  const out: LmProposal[] = [];
  let checks = 0;
  for (const r of read.slice(0, MAX_POSITIONS)) {
    if (checks >= MAX_CHECKS) break;
    const tokens = new Map<number, number>(top.ids[r.top].map((id, j) => [id, top.logp[r.top][j]]));
    const offered: { e: WordEdit; logp: number }[] = [];
    for (const e of byStart.get(r.start) ?? []) {
      const tid = lm.tokenIds(` ${e.to}`).slice(1); // without BOS
      if (tid.length !== 1 || lm.piece(tid[0]) !== `\u2581${e.to}`) continue; // one whole-word token only
      const logp = tokens.get(tid[0]);
      if (logp !== undefined) offered.push({ e, logp });
    }
    offered.sort((a, b) => b.logp - a.logp);
    let kept = 0;
    for (const { e, logp } of offered) {
      if (kept >= PER_WORD || checks >= MAX_CHECKS) break;
      if (stats) stats.offered++;
      // offsets in the restored sentence: the masked prefix restored
      const s0 = restore(masked.slice(0, e.start)).length;
      const s1 = s0 + restore(masked.slice(e.start, e.end)).length;
      const b = windowEnd(plain, s1);
      const asWritten = lm.tokenIds(normalize(plain.slice(0, b)));
      const swapped = lm.tokenIds(normalize(plain.slice(0, s0) + e.to + plain.slice(s1, b)));
      const from = sameStart(asWritten, swapped);
      // the as-written window must be the sentence's own tokens (then its log p comes from the sentence's pass)
      if (from < 2 || sameStart(asWritten, ids) !== asWritten.length) continue;
      checks++;
      const rowsW = asWritten.slice(from).map((_, i) => from - 1 + i);
      const written = await lm.logpAt(states, rowsW, asWritten.slice(from));
      const sum = (x: Float32Array): number => x.reduce((a, c) => a + c, 0);
      const drop = sum(await lm.logpFrom(swapped, from)) - sum(written);
      if (drop < FLUENCY_BOUND) {
        if (stats) stats.refusedByFluency++;
        continue;
      }
      kept++;
      out.push({ ...e, logp, logpWritten: r.logpWritten, drop });
    }
  }
  if (stats) stats.kept += out.length;
  return out;
}
