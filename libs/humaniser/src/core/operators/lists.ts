// Lists -> prose: a short list of fragments after a colon becomes one sentence in conversational tones.
import { decapitalise, wordCount } from '../document';
import { tagTerms } from '../nlp';
import type { Changes } from './changes';

const LIST_ITEM = /^\s*(?:[-*+\u2022]|\d{1,2}[.)])\s+(.+?)\s*$/;

/**
 * A short bulleted list of fragments after a line ending in a colon reads as a sentence in conversational tones:
 * "You will need:\n- a laptop\n- a charger\n- two hours" -> "You will need: a laptop, a charger and two hours."
 * Only 2-6 items of at most 8 words each, without their own sentence punctuation, colons or nested lists.
 */
export function listsToProse(text: string, changes: Changes): string {
  const lines = text.split('\n');
  const out: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const intro = lines[i];
    if (!/\S:\s*$/.test(intro) || LIST_ITEM.test(intro) || /^\s*(?:#|>|\||```)/.test(intro)) {
      out.push(intro);
      continue;
    }
    let j = i + 1;
    while (j < lines.length && lines[j].trim() === '' && j === i + 1) j++;
    const items: string[] = [];
    let k = j;
    for (; k < lines.length; k++) {
      const m = LIST_ITEM.exec(lines[k]);
      if (!m) break;
      items.push(m[1]);
    }
    const ok =
      items.length >= 2 &&
      items.length <= 6 &&
      (k >= lines.length || lines[k].trim() === '') &&
      items.every((x) => wordCount(x) <= 8 && !/[.!?;:]$|[:*`[\]]|^\s/.test(x) && !/^[A-Z]{2,}/.test(x));
    if (!ok) {
      out.push(intro);
      continue;
    }
    // an item's capital is the list's, not the word's, unless the tagger reads a name ("Approximately" vs "Python")
    const lowered = items.map((x) => {
      const first = tagTerms(x)[0];
      if (/^[A-Z][a-z]+\b/.test(x) && first && !first.tags.has('ProperNoun') && !first.tags.has('Acronym'))
        return x[0].toLowerCase() + x.slice(1);
      return decapitalise(x) ?? x;
    });
    const joined =
      lowered.length === 2
        ? `${lowered[0]} and ${lowered[1]}`
        : `${lowered.slice(0, -1).join(', ')} and ${lowered[lowered.length - 1]}`;
    out.push(`${intro.replace(/\s*$/, '')} ${joined}.`);
    changes.lists++;
    i = k - 1;
  }
  return out.join('\n');
}
