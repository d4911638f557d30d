// Sentence-opening transitions ("Moreover," "Furthermore,") dropped at the tone's rate or swapped for plainer
// connectives; contrast and consequence connectives are only swapped.
import { capitalise, decapitalise } from '../document';
import { MID_TRANSITIONS, TRANSITION_RULES } from '../phrases';
import type { Changes, OperatorOptions } from './changes';
import { options, pick } from './inflection';

export function rewriteTransitions(s: string, o: OperatorOptions, changes: Changes): string {
  let out = s.replace(MID_TRANSITIONS, () => {
    changes.transitions++;
    return ', ';
  });
  for (const rule of TRANSITION_RULES) {
    const m = rule.re.exec(out);
    if (!m) continue;
    const rest = out.slice(m[0].length);
    const choices = options(rule.to, o.profile.register).filter((c) => c !== '' || !rule.keepMeaning);
    let to: string;
    if (
      !rule.keepMeaning &&
      choices.includes('') &&
      (o.alt > 0 ? o.alt % 2 === 0 : o.rng.chance(o.profile.dropTransition))
    )
      to = '';
    else {
      const swaps = choices.filter((c) => c !== '');
      to = swaps.length ? pick(swaps, o.rng, o.alt) : '';
    }
    if (!o.profile.conjunctionStarts && /^(?:But|So|And|Plus)\b/.test(to))
      to = o.profile.register === 'formal' ? 'Still, ' : '';
    if (to === '') {
      out = capitalise(rest);
    } else {
      const lowered = decapitalise(rest);
      if (lowered === undefined) {
        // the next word may be a name: keep its capital letter after the connective
        out = to + rest;
      } else out = to + lowered;
    }
    changes.transitions++;
    break;
  }
  return out;
}
