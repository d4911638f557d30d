// Stock phrases and hedging boilerplate (PHRASE_RULES in core/phrases.ts) rewritten or deleted, by register; then
// wordy expressions put plainly (PLAIN_PHRASES in core/plain-phrases.ts).
import { capitalise } from '../document';
import { PHRASE_RULES } from '../phrases';
import { PLAIN_PHRASES } from '../plain-phrases';
import type { Changes, OperatorOptions } from './changes';
import { fillTemplate, fixArticles, matchCase, options, pick } from './inflection';

export function rewritePhrases(s: string, o: OperatorOptions, changes: Changes): string {
  let out = s;
  for (const rule of [...PHRASE_RULES, ...PLAIN_PHRASES]) {
    rule.re.lastIndex = 0;
    if (!rule.re.test(out)) continue;
    rule.re.lastIndex = 0;
    out = out.replace(rule.re, (match: string, ...rest: unknown[]) => {
      const groups = rest.slice(0, -2).map((g) => (typeof g === 'string' ? g : undefined));
      const template = pick(options(rule.to, o.profile.register), o.rng, o.alt);
      if (rule.kind === 'hedge') changes.hedges++;
      else if (rule.kind === 'plain') changes.plain++;
      else changes.phrases++;
      return matchCase(fillTemplate(template, groups), match);
    });
  }
  if (out !== s) {
    out = out
      .replace(/ {2,}/g, ' ')
      .replace(/ ([,.;:])/g, '$1')
      .replace(/^\s+/, '');
    // a deleted hedge at the start leaves a lower-case word there
    if (/^[a-z]/.test(out) && /^[A-Z]/.test(s)) out = capitalise(out);
    out = fixArticles(out);
  }
  return out;
}
