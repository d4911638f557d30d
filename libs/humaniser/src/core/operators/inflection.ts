// Shared word handling of the operators: template verbs inflected like the matched one, case kept, the n-th or a
// seeded alternative picked, past participles, and "a"/"an" repaired after a swap.
import nlp from 'compromise';
import { conjugate } from '../nlp';
import type { Register } from '../phrases';
import type { Rng } from '../rng';

/** Inflects a template verb like the matched one: "" base, "s"/"es", "ed"/"d", "ing" (the tagger's tables). */
export function inflect(base: string, marker: string | undefined): string {
  const m = (marker ?? '').toLowerCase();
  if (m === 's' || m === 'es') return conjugate(base, 's');
  if (m === 'ed' || m === 'd') return conjugate(base, 'ed');
  if (m === 'ing') return conjugate(base, 'ing');
  return base;
}

export function fillTemplate(template: string, groups: (string | undefined)[]): string {
  return template
    .replace(/\{([a-z]+)\}/g, (_, verb: string) => inflect(verb, groups[0]))
    .replace(/\$(\d)/g, (_, d: string) => groups[Number(d) - 1] ?? '');
}

export function matchCase(replacement: string, original: string): string {
  if (replacement === '') return '';
  if (/^[A-Z]/.test(original)) return replacement[0].toUpperCase() + replacement.slice(1);
  return replacement;
}

export function pick<T>(xs: readonly T[], rng: Rng, alt: number): T {
  if (xs.length === 1) return xs[0];
  return alt > 0 ? xs[alt % xs.length] : xs[rng.int(xs.length)];
}

export function options<T>(to: Partial<Record<Register, T[]>> & { neutral: T[] }, register: Register): T[] {
  return to[register] ?? to.neutral;
}

/** Fixes "a"/"an" before a word that replaced another ("an innovative" -> "a new"). */
export function fixArticles(s: string): string {
  // "a"/"an" as a word of its own: not the end of "Erdoğan" (ASCII \b takes "ğ" for a boundary; LanguageTool caught
  // "Erdoğan has" -> "Erdoğa has")
  return s.replace(
    /(?<![\p{L}\p{M}\p{N}_'’-])([Aa])(n?) ([A-Za-z][\w-]*)/gu,
    (all, a: string, n: string, word: string) => {
      const lower = word.toLowerCase();
      const vowelSound =
        (/^[aeio]/.test(lower) && !/^(?:one\b|once\b|one-|eu|ewe)/.test(lower)) ||
        // "uni-" sounds like "you" (unique, universe), the prefix "un-" does not (unimaginable, unintended, unidentified)
        (/^u/.test(lower) && !/^u(?:ni(?![mnd])|s[eu]|ti|r[aeiou]|k)/.test(lower)) ||
        /^(?:hour|honest|honou?r|heir)/.test(lower);
      const want = vowelSound ? 'n' : '';
      return n === want ? all : `${a}${want} ${word}`;
    },
  );
}

export const PERFECT_OR_PASSIVE = /^(?:has|have|had|having|been|be|being|was|were|is|are|get|gets|got)$/;

/** The past participle of a past-tense verb ("showed" -> "shown"; regular verbs keep their form). */
export function participleOf(past: string): string {
  const [first, ...rest] = past.split(' ');
  const table = (nlp(first).verbs().conjugate() as Record<string, string>[])[0];
  const participle = table?.PastTense === first ? table.Participle : undefined;
  return participle ? [participle, ...rest].join(' ') : past;
}
