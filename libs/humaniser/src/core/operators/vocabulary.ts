// Overused words swapped through the curated lexicon, only where the tagger agrees on the part of speech.
import { capitalise } from '../document';
import { lexiconEntries, posFits, rankCandidates } from '../lexicon';
import { infinitiveFrame, posTag, rootOf, tagTerms, takesFrame, type Term } from '../nlp';
import type { Changes, OperatorOptions } from './changes';
import { fixArticles, participleOf, PERFECT_OR_PASSIVE } from './inflection';

const WORD = /[A-Za-z][a-z]*(?:-[a-z]+)*/g;

export function rewriteVocabulary(s: string, o: OperatorOptions, changes: Changes): string {
  if (!o.words || !o.profile.plainWords) return s;
  const tokens: { w: string; start: number; end: number }[] = [];
  WORD.lastIndex = 0;
  for (let m = WORD.exec(s); m; m = WORD.exec(s)) tokens.push({ w: m[0], start: m.index, end: m.index + m[0].length });
  const terms = tagTerms(s);
  let cursor = 0;
  let out = '';
  let last = 0;
  let swapped = false;
  tokens.forEach((t, i) => {
    const sentenceStart = i === 0;
    // only ordinary words: lower-case, or capitalised because they open the sentence
    if (/^[A-Z]/.test(t.w) && !(sentenceStart && /^[A-Z][a-z]+$/.test(t.w))) return;
    const lower = t.w.toLowerCase();
    const entries = lexiconEntries(lower);
    if (!entries) return;
    const prev = i > 0 && s.slice(tokens[i - 1].end, t.start).trim() === '' ? tokens[i - 1].w.toLowerCase() : '';
    const next =
      i + 1 < tokens.length && s.slice(t.end, tokens[i + 1].start).trim() === '' ? tokens[i + 1].w.toLowerCase() : '';
    const tags = termTags(terms, t.w, cursor);
    if (tags) cursor = tags.at + 1;
    // the tagger must agree on the part of speech where it has an opinion ("a craft fair": noun, not verb)
    const entry = entries.find(
      (e) => posFits(e, prev, next) && (!tags || tags.term.tags.has(posTag(e.pos)) || tags.term.tags.size === 0),
    );
    if (!entry) return;
    // "more comprehensive studies" is not "more broad studies": a degree word asks for the adjective it has
    if (entry.pos === 'adj' && /^(?:more|most|less|least)$/.test(prev)) return;
    // the word's term also where the window of termTags missed it (a long run of words without entries before it)
    const at = tags?.at ?? terms.findIndex((x, k) => k >= cursor && x.norm === lower);
    // a noun that modifies the noun after it is part of a compound ("federal assistance efforts" -> "help efforts")
    const after = at >= 0 ? terms[at + 1] : undefined;
    if (entry.pos === 'noun' && after?.tags.has('Noun') && !after.tags.has('Pronoun') && !terms[at].post.trim()) return;
    // a verb with a "to" infinitive after it keeps that frame ("would require all officers to wear" -> "need")
    const frame = entry.pos === 'verb' && at >= 0 ? infinitiveFrame(terms, at) : undefined;
    const ranked = rankCandidates(entry).filter((c) => !frame || takesFrame(entry.lemma, rootOf(c.w, 'verb'), frame));
    if (ranked.length === 0) return;
    const cand = ranked[Math.min(ranked.length - 1, o.alt)];
    if (cand.w === lower) return;
    // after "has/had/been/was …" a past form must be the participle ("has indicated" -> "has shown", not "showed")
    // and a reduced passive ("as demonstrated by" -> "as shown by", not "as showed by")
    const word =
      entry.pos === 'verb' && entry.form === 'ed' && (PERFECT_OR_PASSIVE.test(prev) || prev === 'as' || next === 'by')
        ? participleOf(cand.w)
        : cand.w;
    out += s.slice(last, t.start) + (sentenceStart && /^[A-Z]/.test(t.w) ? capitalise(word) : word);
    last = t.end;
    swapped = true;
    changes.words++;
  });
  if (!swapped) return s;
  return fixArticles(out + s.slice(last));
}

/** The tagger's term for a word, searching forward from `from` (the regex and the tagger tokenise differently). */
function termTags(terms: Term[], word: string, from: number): { term: Term; at: number } | undefined {
  const lower = word.toLowerCase();
  for (let k = from; k < Math.min(terms.length, from + 6); k++)
    if (terms[k].norm === lower) return { term: terms[k], at: k };
  return undefined;
}
