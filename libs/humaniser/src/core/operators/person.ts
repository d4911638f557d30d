// Person: casual and persuasive tones address the reader.
import { tagTerms } from '../nlp';
import type { Changes } from './changes';

const GENERIC_SUBJECT =
  /(^|,\s+)(individuals|people|readers|learners|one)\s+(can|could|should|must|will|may|might|need to|have to|often|also)\b/i;

/**
 * Casual and persuasive writers talk to the reader: "individuals can improve their focus" -> "you can improve your
 * focus". "their"/"themselves" follow only while no other plural noun could be what they point to (the tagger checks).
 */
export function addressReader(s: string, changes: Changes): string {
  const m = GENERIC_SUBJECT.exec(s);
  if (!m || /\b(?:you|your)\b/i.test(s)) return s;
  const at = m.index + m[1].length;
  const lead = at === 0 ? 'You' : 'you';
  let rest = s.slice(at + m[2].length);
  const terms = tagTerms(rest);
  let blocked = false;
  let k = 0;
  rest = rest.replace(/\b(their|themselves|they|them|oneself|one's)\b|([A-Za-z]+)/g, (w: string, pro?: string) => {
    if (!pro) {
      const t = terms.slice(k).find((x) => x.norm === w.toLowerCase());
      if (t && t.tags.has('Plural') && !t.tags.has('Pronoun')) blocked = true;
      return w;
    }
    if (blocked) return w;
    k++;
    const p = pro.toLowerCase();
    return p === 'their' || p === "one's" ? 'your' : p === 'themselves' || p === 'oneself' ? 'yourself' : 'you';
  });
  changes.person++;
  return s.slice(0, at) + lead + rest;
}
