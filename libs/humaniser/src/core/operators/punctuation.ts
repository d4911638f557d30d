// Punctuation: em dashes beyond the tone's allowance.
import type { Changes } from './changes';

/** Em dashes beyond the tone's allowance become commas (a pair around an aside) or a colon / comma (a single one). */
export function rewriteDashes(text: string, allowance: { left: number }, changes: Changes): string {
  // a run of dashes is one dash ("old——took", "---"); LanguageTool caught "old,: took" and ", - We're"
  const DASH = /\s*(?:\u2014+|-{2,}|\s\u2013\s)\s*/g;
  // a dash run after a colon or other stop is a rule or a leftover, not an aside: dropped ("unfold:---Top comment:"
  // had become "unfold:, Top comment:")
  const s = text.replace(/([:;,.!?])\s*(?:\u2014+|-{2,})\s*(?=\S)/g, (_, stop: string) => {
    changes.dashes++;
    return `${stop} `;
  });
  const count = (s.match(DASH) ?? []).length;
  if (count === 0) return s;
  if (allowance.left >= count) {
    allowance.left -= count;
    return s;
  }
  // a dash opening the sentence is dropped, not turned into a comma
  let out = s.replace(/^\s*(?:\u2014+|-{2,})\s*(?=\S)/, () => {
    changes.dashes++;
    return '';
  });
  if (count >= 2) {
    out = out.replace(
      /\s*(?:\u2014+|-{2,}|\s\u2013\s)\s*([^\u2014\u2013]{1,120}?)\s*(?:\u2014+|-{2,}|\s\u2013\s)\s*/g,
      (_, inner: string) => {
        changes.dashes++;
        return `, ${inner}, `;
      },
    );
  }
  out = out.replace(DASH, (m: string, offset: number, whole: string) => {
    changes.dashes++;
    const after = whole.slice(offset + m.length);
    // "X — a, b and c" reads as a list or an explanation: colon; otherwise a comma. A list of phrases with the same
    // head ("a threat — to the lab, to the city, to …") is one too: a comma would read as a plain aside
    return /^[a-z]+(?:,| and )/.test(after) || /^([a-z]+)\b[^,]{0,40},\s+\1\b/.test(after) || after.length < 40
      ? ': '
      : ', ';
  });
  return out.replace(/,\s*([.!?])/g, '$1').replace(/, ,/g, ',');
}
