// Sentence operators, one module per family under core/operators/. Each takes a masked sentence (protected spans are
// placeholders) and returns the rewritten sentence; counts of what changed go into `Changes`. Randomness only comes
// from the seeded `Rng` passed in.
export { addChanges, noChanges, type Changes, type OperatorOptions } from './operators/changes';
export { fixArticles, inflect } from './operators/inflection';
export { rewritePhrases } from './operators/stock-phrases';
export { avoidRepeatedOpener, rewriteTransitions } from './operators/connectives';
export { rewriteVocabulary } from './operators/vocabulary';
export { quotationOpenAfter, rewriteContractions } from './operators/contractions';
export { rewriteDashes } from './operators/punctuation';
export {
  canMerge,
  mergeSentences,
  splitParticiple,
  splitPoints,
  splitRelative,
  splitSentence,
} from './operators/rhythm';
export { capitalOfSentenceOnly, frontTrailingClause, isCommonNoun, moveFrontedClause } from './operators/clause-order';
export { addressReader } from './operators/person';
export { shiftRegister } from './operators/register';
export { listsToProse } from './operators/lists';
