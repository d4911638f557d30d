// Register: words moved toward the tone's register (REGISTER_PAIRS in core/phrases.ts).
import { capitalise } from '../document';
import { infinitiveFrame, rootOf, tagTerms, takesFrame } from '../nlp';
import { REGISTER_PAIRS } from '../phrases';
import type { Changes } from './changes';
import { fixArticles, participleOf, PERFECT_OR_PASSIVE } from './inflection';

/** Moves words toward the tone's register; only pairs whose part of speech the tagger confirms here. */
export function shiftRegister(s: string, toFormal: boolean, changes: Changes): string {
  const map = new Map(REGISTER_PAIRS.map(([i, f, tag]) => (toFormal ? [i, [f, tag]] : [f, [i, tag]])));
  const terms = tagTerms(s);
  let k = 0;
  let changed = false;
  const out = s.replace(/[A-Za-z]+/g, (w: string, offset: number) => {
    const lower = w.toLowerCase();
    const idx = terms.slice(k).findIndex((t) => t.norm === lower);
    const at = idx >= 0 ? k + idx : -1;
    const term = idx >= 0 ? terms[at] : undefined;
    if (idx >= 0) k += idx + 1;
    const hit = map.get(lower);
    if (!hit || !term || !term.tags.has(hit[1])) return w;
    // "get" is formal "obtain" only with a direct object ("get a permit"), not "get better" / "get to"
    if (lower === 'get' && !/^\s+(?:a|an|the|some|this|that|their|your|more)\b/.test(s.slice(offset + w.length)))
      return w;
    // phrasal verbs keep their verb: "start over", "get up", "help out", "show off"
    if (
      /^\s+(?:up|out|over|off|down|away|back|on|in|around|through)\b/.test(s.slice(offset + w.length)) &&
      hit[1] === 'Verb'
    )
      return w;
    // "producing fascinating shows": an -s word after an -ing word is a noun the tagger read as a verb ("fascinating
    // demonstrates", read 2026-11-29, night)
    if (hit[1] === 'Verb' && /s$/.test(lower) && /[a-z]ing\s+$/i.test(s.slice(0, offset))) return w;
    // a verb with a "to" infinitive after it keeps that frame ("would require all officers to wear" -> "need")
    if (hit[1] === 'Verb' && !takesFrame(rootOf(lower, 'verb'), rootOf(hit[0], 'verb'), infinitiveFrame(terms, at)))
      return w;
    if ((lower === 'need' || lower === 'needs') && /^\s+to\b/.test(s.slice(offset + w.length))) return w;
    // "help" takes a bare infinitive, "assist" does not ("helps students allocate" -> "assists students allocate",
    // read 2026-11-29 night): formal "assist" only where "with" or "in" follows within three words
    if (
      toFormal &&
      (lower === 'help' || lower === 'helps') &&
      !/^(?:\s+[A-Za-z']+){0,3}\s+(?:with|in)\b/.test(s.slice(offset + w.length))
    )
      return w;
    if (lower === 'about' && !/^\s+\uE000/.test(s.slice(offset + w.length))) return w;
    if (lower === 'more' && !/^\s+(?:[a-z]+s)\b/.test(s.slice(offset + w.length))) return w;
    // a past form after "has/had/was …" must be the participle ("had started" -> "had begun", not "had began")
    const before = /([A-Za-z]+)\s+$/.exec(s.slice(0, offset))?.[1].toLowerCase() ?? '';
    // "an additional reduction" is not "a more reduction": "more" takes no article
    if (lower === 'additional' && /^(?:a|an)$/.test(before)) return w;
    const to = term.tags.has('PastTense') && PERFECT_OR_PASSIVE.test(before) ? participleOf(hit[0]) : hit[0];
    changed = true;
    changes.register++;
    return /^[A-Z]/.test(w) ? capitalise(to) : to;
  });
  return changed ? fixArticles(out) : s;
}
