// @inkprint/humaniser: tone-aware rewriting checked by the detector (docs/humaniser.md).
export * from './core/tones';
export * from './core/protect';
export * from './core/document';
export * from './core/operators';
export * from './core/phrases';
export * from './core/plan';
export * from './core/similarity';
export * from './core/notes';
export * from './core/rng';
export * from './core/style';
export { lexiconEntries, posFits, rankCandidates, type LexEntry, type LexCandidate, type LexPos } from './core/lexicon';
export * from './engine/evaluation';
export * from './engine/llm';
export * from './engine/meaning';
export * from './engine/grammar';
export * from './engine/humaniser';
