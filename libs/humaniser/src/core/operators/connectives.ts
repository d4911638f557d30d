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

/** Openers the transition rules put in that may simply go when the sentence before already opens with the same one. */
const DROPPABLE_OPENER = /^(?:Also|Plus|In the same way),\s+/;

/**
 * One rewritten sentence after another: an opener the rules put in is not repeated from the sentence before ("Also,
 * creating a schedule … Also, prioritizing tasks …", read 2026-11-29 night). The repeat goes where the rule may drop
 * it ("Also,", "Plus,"); an opener the sentence had as written, or one that carries meaning ("So", "But"), stays.
 */
export function avoidRepeatedOpener(previous: string | undefined, text: string, asWritten: string): string {
  const opener = DROPPABLE_OPENER.exec(text)?.[0];
  if (!previous || !opener || asWritten.startsWith(opener.trim()) || !previous.startsWith(opener.trim())) return text;
  const rest = text.slice(opener.length);
  // a name keeps its capital letter; anything else starts the sentence
  return /^[a-z]/.test(rest) ? capitalise(rest) : rest;
}
