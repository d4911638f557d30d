// A nominalisation ("the implementation of X") made a gerund ("implementing X").
import { conjugate } from '../nlp';
import type { Changes } from '../operators';

/** Deverbal nouns and their verbs (only where the verb's gerund names the same act). */
const NOMINALISATIONS: Record<string, string> = {
  implementation: 'implement',
  development: 'develop',
  creation: 'create',
  improvement: 'improve',
  enhancement: 'enhance',
  establishment: 'establish',
  examination: 'examine',
  evaluation: 'evaluate',
  exploration: 'explore',
  preservation: 'preserve',
  protection: 'protect',
  reduction: 'reduce',
  promotion: 'promote',
  integration: 'integrate',
  adoption: 'adopt',
  prevention: 'prevent',
  introduction: 'introduce',
  identification: 'identify',
  expansion: 'expand',
  investigation: 'investigate',
  acquisition: 'acquire',
  removal: 'remove',
  utilization: 'use',
  utilisation: 'use',
  enforcement: 'enforce',
  assessment: 'assess',
  restoration: 'restore',
  conservation: 'conserve',
  elimination: 'eliminate',
  cultivation: 'cultivate',
  exploitation: 'exploit',
  optimization: 'optimize',
  optimisation: 'optimise',
};
const NOMINAL = new RegExp(
  `(\\b(?:for|in|to|on|by|through|with|after|before|without|into|about|from)\\s+)the (${Object.keys(NOMINALISATIONS).join('|')}) of (?=(?:the|a|an|this|these|those|his|her|its|their|our|new|more|[a-z]+s)\\b)`,
  'gi',
);

/**
 * "the implementation of the policy" -> "implementing the policy" at the start of a sentence or after a preposition,
 * with the verb's gerund from the tagger's conjugation tables.
 */
export function verbFromNoun(s: string, changes: Changes): string {
  return s.replace(NOMINAL, (m: string, lead: string, noun: string) => {
    const base = NOMINALISATIONS[noun.toLowerCase()];
    if (!base) return m;
    changes.words++;
    return `${lead}${conjugate(base, 'ing')} `;
  });
}
