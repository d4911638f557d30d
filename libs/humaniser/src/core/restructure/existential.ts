// "There are many X who Y" undone.
import { capitalise } from '../document';
import { hasFiniteVerb, tagTerms } from '../nlp';
import type { Changes } from '../operators';

const EXISTENTIAL =
  /^There (are|were|is|was) ((?:many|some|several|few|numerous|countless|plenty of|a number of|a few|lots of)\s[^,;]+?) (who|that) ([a-z]+)\b/;

/** "There are many people who believe X." -> "Many people believe X." (the relative's verb must be finite). */
export function undoExistential(s: string, changes: Changes): string {
  const m = EXISTENTIAL.exec(s);
  if (!m) return s;
  const rel = s.slice(m.index + m[0].length - m[4].length);
  const t = tagTerms(rel)[0];
  if (
    !t ||
    !t.tags.has('Verb') ||
    t.tags.has('Gerund') ||
    (t.tags.has('Infinitive') && !/^(?:are|were|is|was)$/.test(m[1]))
  )
    return s;
  if (!hasFiniteVerb(rel.split(/[,;]/)[0])) return s;
  changes.reorders++;
  return `${capitalise(m[2])} ${rel}`;
}
