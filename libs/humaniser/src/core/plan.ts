// The rewrite plan: for every sentence a few rewritten variants (default, alternative, light), and for every pair
// of neighbouring sentences whether they may be merged. A choice (variant per sentence, merge flags) renders one
// candidate text; the search in engine/humaniser.ts picks the choice the detector scores lowest and the meaning
// guard accepts. Pure and deterministic: the same text and tone give the same plan.
import { joinSentences, parseDocument, type Document, type ProseLine } from './document';
import {
  addChanges,
  avoidRepeatedOpener,
  canMerge,
  mergeSentences,
  noChanges,
  quotationOpenAfter,
  rewriteContractions,
  rewriteDashes,
  rewritePhrases,
  rewriteTransitions,
  rewriteVocabulary,
  splitSentence,
  addressReader,
  fixArticles,
  frontTrailingClause,
  listsToProse,
  moveFrontedClause,
  shiftRegister,
  type Changes,
  type OperatorOptions,
} from './operators';
import { hasFiniteVerb } from './nlp';
import {
  activeVoice,
  dropThat,
  joinParticiple,
  moveReport,
  speakerFirst,
  moveTime,
  splitAbsolute,
  frontAppositive,
  frontParticiple,
  moveMannerAdverb,
  movePhraseBehind,
  splitCompoundPredicate,
  splitPronounParticiple,
  splitWithAbsolute,
  undoExistential,
  verbFromNoun,
} from './restructure';
import { CLOSING, PREAMBLE } from './phrases';
import { Rng } from './rng';
import type { ToneProfile } from './tones';

export interface Variant {
  text: string;
  changes: Changes;
}

export interface SentencePlan {
  original: string;
  variants: Variant[];
  /** May be merged with the next sentence of the same line (checked on the default variants). */
  mergeable: boolean;
  /**
   * Inside a quotation protect() could not close (its closing mark sentences later, or none), or holding one of its
   * marks: what a person says is kept as written, by the plan, the merges and the guided search.
   */
  quoted?: boolean;
}

export interface LinePlan {
  line: ProseLine;
  sentences: SentencePlan[];
}

export interface Plan {
  doc: Document;
  lines: LinePlan[];
  profile: ToneProfile;
  /** Assistant framing removed before rewriting (reported in the notes). */
  removed: { preamble?: string; closing?: string };
  /** Short lists folded into sentences before planning (tones with `listsToProse`). */
  lists: number;
  joiner: string;
  /** What the variant builders proposed and why proposals were not kept (the diagnosis of where change is lost). */
  stats: PlanStats;
}

export interface PlanStats {
  sentences: number;
  /** Variant rewrites attempted (4 per sentence). */
  proposed: number;
  /** ... equal to the sentence as written (no operator fired). */
  identical: number;
  /** ... equal to another variant of the same sentence. */
  duplicate: number;
  /** ... refused by variantPasses. */
  refused: number;
  /** ... kept as variants the search may choose. */
  kept: number;
}

export interface Choice {
  /** variant index per line per sentence */
  variant: number[][];
  /** merge sentence i into i+1 */
  merge: boolean[][];
}

export const VARIANT_DEFAULT = 0;

interface RewriteMode {
  alt: number;
  light: boolean;
  split: boolean | 'rate';
  reorder: boolean;
}

function rewriteSentence(
  s: string,
  profile: ToneProfile,
  rng: Rng,
  mode: RewriteMode,
  dashes: { left: number },
): Variant {
  const changes = noChanges();
  const { alt, light } = mode;
  // 'rate': split where the tone's split rate (seeded) says so
  const split = !light && profile.split > 0 && (mode.split === 'rate' ? rng.chance(profile.split) : mode.split);
  const o: OperatorOptions = { profile, rng, alt, words: !light, split };
  let t = rewriteTransitions(s, o, changes);
  t = rewritePhrases(t, o, changes);
  t = rewriteVocabulary(t, o, changes);
  if (!light && profile.registerShift !== 'none') t = shiftRegister(t, profile.registerShift === 'formal', changes);
  if (!light && profile.address) t = addressReader(t, changes);
  if (!light) {
    // structure kept in every non-light variant: the plainer build of the same clause
    t = undoExistential(t, changes);
    t = activeVoice(t, changes);
    t = verbFromNoun(t, changes);
    if (profile.contractions !== 'remove') t = dropThat(t, changes);
    t = speakerFirst(t, changes);
  }
  if (!light && mode.reorder && profile.reorder !== 'none') {
    t = moveReport(t, changes);
    t = frontAppositive(t, changes);
    t = frontParticiple(t, changes);
  }
  if (!light && profile.reorder !== 'none') {
    // a time phrase moves the way the tone moves clauses; the no-reorder variant moves it the other way
    const toFront = mode.reorder ? profile.reorder === 'front' : profile.reorder !== 'front';
    t = moveTime(t, toFront, changes);
  }
  if (!light && mode.reorder) {
    if (profile.reorder === 'end' || profile.reorder === 'both') t = moveFrontedClause(t, changes);
    if (profile.reorder === 'front' || (profile.reorder === 'both' && changes.reorders === 0))
      t = frontTrailingClause(t, changes);
  } else if (!light && mode.alt > 0 && profile.reorder !== 'none') {
    // the alternative variant offers the other clause order, for the search to weigh against the tone's own
    t = profile.reorder === 'front' ? moveFrontedClause(t, changes) : frontTrailingClause(t, changes);
  }
  // the alternative variant also tries the other place of a manner adverb
  if (!light && mode.alt > 0) t = movePhraseBehind(moveMannerAdverb(t, changes), changes);
  t = rewriteDashes(t, dashes, changes);
  t = rewriteContractions(t, o, changes);
  if (split && t === s) t = splitAbsolute(t, changes);
  if (split) {
    // ordinary sentences of news and stories: a trailing "with" absolute, two actions of one pronoun subject
    t = splitWithAbsolute(t, changes);
    t = splitCompoundPredicate(t, changes);
    t = splitPronounParticiple(t, changes);
  }
  t = splitSentence(t, o, changes);
  // a trailing participle the splits left: joined to its clause's verb with "and"
  if (!light) t = joinParticiple(t, changes);
  return { text: t, changes };
}

const PLACEHOLDERS = /[\uE000-\uF8FF]+/g;
const NAME = /(?<=\S\s+)[A-Z][a-zA-Z]+/g;

/** Content words repeated within three words ("once vibrant and bright" -> "once bright and bright"). */
function nearRepeat(s: string): number {
  const w = (s.toLowerCase().match(/[a-z']+/g) ?? []).filter((x) => x.length > 3);
  let n = 0;
  for (let i = 0; i < w.length; i++) for (let j = i + 1; j <= i + 3 && j < w.length; j++) if (w[i] === w[j]) n++;
  return n;
}

/**
 * The sentence-level guards every variant must pass before the search may choose it. Meaning: the same protected
 * spans (numbers, quotes, citations, code, URLs) and the same names. Fluency: a/an agreement, no doubled word, no
 * empty or lower-case sentence start, and every sentence keeps a finite verb when the input sentence had one (a
 * split never leaves a fragment).
 */
export function variantPasses(original: string, rewritten: string): boolean {
  if (rewritten === original) return true;
  const sorted = (x: string): string => (x.match(PLACEHOLDERS) ?? []).join('').split('').sort().join('');
  if (sorted(original) !== sorted(rewritten)) return false;
  const names = (x: string): string[] => (x.match(NAME) ?? []).filter((w) => w !== 'I');
  const after = new Set(rewritten.match(/[A-Za-z]+/g) ?? []);
  if (names(original).some((n) => !after.has(n))) return false;
  if (fixArticles(rewritten) !== rewritten) return false;
  if (/\b(\w+)\s+\1\b/i.test(rewritten) && !/\b(\w+)\s+\1\b/i.test(original)) return false;
  if (nearRepeat(rewritten) > nearRepeat(original)) return false;
  if (/^[a-z]/.test(rewritten) && /^[A-Z]/.test(original)) return false;
  if (/[,;:]\s*[.!?]|\.\s*\./.test(rewritten)) return false;
  const pieces = rewritten.split(/(?<=[.!?])\s+(?=[A-Z\uE000])/);
  if (pieces.length > 1 && hasFiniteVerb(original) && pieces.some((p) => !hasFiniteVerb(p))) return false;
  return true;
}

/** Strips "Sure! Here's ...:" openers and "I hope this helps!" closers (assistant framing, not content). */
export function stripFraming(text: string): { text: string; preamble?: string; closing?: string } {
  let out = text;
  let preamble: string | undefined;
  let closing: string | undefined;
  const pre = PREAMBLE.exec(out);
  if (pre) {
    preamble = pre[0].trim();
    out = out.slice(pre[0].length);
  }
  const trimmed = out.replace(/\s+$/, '');
  const close = CLOSING.exec(trimmed);
  if (close && trimmed.length - close[0].length > 40) {
    closing = close[0].trim();
    out = trimmed.slice(0, trimmed.length - close[0].length).replace(/\s+$/, '') + out.slice(trimmed.length);
  }
  return { text: out, preamble, closing };
}

/** Sentences after the one with its opening mark that an unclosed quotation is taken to run over (kept as written). */
export const QUOTE_RUN = 3;

export function buildPlan(text: string, profile: ToneProfile, seed: string): Plan {
  const framing = stripFraming(text);
  const listChanges = noChanges();
  const body = profile.listsToProse ? listsToProse(framing.text, listChanges) : framing.text;
  const doc = parseDocument(body);
  const rng = new Rng(seed);
  const lines: LinePlan[] = [];
  let paragraph = -1;
  let dashes = { left: profile.dashesPerParagraph };
  let altDashes = { left: profile.dashesPerParagraph };
  const stats: PlanStats = { sentences: 0, proposed: 0, identical: 0, duplicate: 0, refused: 0, kept: 0 };
  for (const piece of doc.pieces) {
    if (piece.kind !== 'prose') continue;
    if (piece.paragraph !== paragraph) {
      paragraph = piece.paragraph;
      dashes = { left: profile.dashesPerParagraph };
      altDashes = { left: profile.dashesPerParagraph };
    }
    // a quotation left open runs at most QUOTE_RUN sentences past the one with its mark: generated text often drops a
    // closing mark, and a line is often the whole text, which would otherwise be kept as written to its end
    let open = false;
    let run = 0;
    const sentences: SentencePlan[] = piece.sentences.map((s, i) => {
      const r = rng.fork(`${lines.length}:${i}`);
      const marked = /["\u201C\u201D]/.test(s);
      const quoted = marked || (open && run > 0);
      open = quotationOpenAfter(s, marked ? open : open && run > 0);
      run = marked ? QUOTE_RUN : run - 1;
      if (quoted) {
        stats.sentences++;
        return { original: s, variants: [{ text: s, changes: noChanges() }], mergeable: false, quoted: true };
      }
      const variants: Variant[] = [];
      stats.sentences++;
      const add = (v: Variant): void => {
        stats.proposed++;
        if (v.text === s) stats.identical++;
        else if (variants.some((x) => x.text === v.text)) stats.duplicate++;
        else if (!variantPasses(s, v.text)) stats.refused++;
        else {
          stats.kept++;
          variants.push(v);
        }
      };
      const lineProfile = piece.list ? { ...profile, split: 0, reorder: 'none' as const } : profile;
      add(rewriteSentence(s, lineProfile, r.fork('a'), { alt: 0, light: false, split: true, reorder: true }, dashes));
      add(
        rewriteSentence(
          s,
          lineProfile,
          r.fork('b'),
          { alt: 1, light: false, split: 'rate', reorder: false },
          altDashes,
        ),
      );
      add(
        rewriteSentence(
          s,
          lineProfile,
          r.fork('d'),
          { alt: 0, light: false, split: false, reorder: true },
          { left: 99 },
        ),
      );
      add(
        rewriteSentence(
          s,
          lineProfile,
          r.fork('c'),
          { alt: 0, light: true, split: false, reorder: false },
          { left: 99 },
        ),
      );
      // the sentence as written: the last resort of the meaning guard (and a choice the search may keep)
      variants.push({ text: s, changes: noChanges() });
      return { original: s, variants, mergeable: false };
    });
    if (!piece.list) {
      for (let i = 0; i + 1 < sentences.length; i++) {
        sentences[i].mergeable =
          !sentences[i].quoted &&
          !sentences[i + 1].quoted &&
          canMerge(sentences[i].variants[0].text, sentences[i + 1].variants[0].text);
      }
    }
    lines.push({ line: piece, sentences });
  }
  return {
    doc,
    lines,
    profile,
    removed: { preamble: framing.preamble, closing: framing.closing },
    lists: listChanges.lists,
    joiner: profile.register === 'formal' ? '; ' : ', and ',
    stats,
  };
}

/** The plan's default choice: variant 0 everywhere, merges where the tone's merge rate (seeded) says so. */
export function defaultChoice(plan: Plan, seed: string): Choice {
  const rng = new Rng(`${seed}:merge`);
  return {
    variant: plan.lines.map((l) => l.sentences.map(() => VARIANT_DEFAULT)),
    merge: plan.lines.map((l) =>
      l.sentences.map((s, i) => {
        if (!s.mergeable) return false;
        // never chain: a sentence that received a merge does not merge again
        return rng.chance(plan.profile.merge) && i >= 0;
      }),
    ),
  };
}

export function renderLine(
  lp: LinePlan,
  variant: number[],
  merge: boolean[],
  joiner: string,
): { text: string; changes: Changes } {
  let changes = noChanges();
  const parts: string[] = [];
  const gaps: string[] = [];
  let mergedPrev = false;
  lp.sentences.forEach((sp, i) => {
    const v = sp.variants[Math.min(variant[i] ?? 0, sp.variants.length - 1)];
    changes = addChanges(changes, v.changes);
    const gap = lp.line.gaps[i] ?? '';
    if (mergedPrev) {
      const prev = parts.pop() as string;
      gaps.pop();
      parts.push(mergeSentences(prev, v.text, joiner));
      gaps.push(gap);
      changes.merges++;
      mergedPrev = false;
      return;
    }
    const text = avoidRepeatedOpener(parts[parts.length - 1], v.text, sp.original);
    parts.push(text);
    gaps.push(gap);
    const next = lp.sentences[i + 1];
    mergedPrev = Boolean(
      merge[i] && next && canMerge(text, next.variants[Math.min(variant[i + 1] ?? 0, next.variants.length - 1)].text),
    );
  });
  return { text: joinSentences(parts, gaps), changes };
}

export function renderPlan(plan: Plan, choice: Choice): { text: string; changes: Changes } {
  let changes = noChanges();
  const rendered = plan.lines.map((lp, li) => {
    const r = renderLine(lp, choice.variant[li], choice.merge[li], plan.joiner);
    changes = addChanges(changes, r.changes);
    return r.text;
  });
  let k = 0;
  const byLine = new Map<ProseLine, string>();
  for (const lp of plan.lines) byLine.set(lp.line, rendered[k++]);
  const text = renderWith(plan.doc, byLine);
  changes.lists += plan.lists;
  return { text, changes };
}

function renderWith(doc: Document, byLine: Map<ProseLine, string>): string {
  let out = '';
  for (const piece of doc.pieces)
    out += piece.kind === 'verbatim' ? piece.text : piece.prefix + (byLine.get(piece) ?? '');
  return doc.table.restore(out);
}
