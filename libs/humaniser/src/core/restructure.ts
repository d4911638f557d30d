// Structural operators that keep the words and change the build of a sentence (issue 26 item 1), one module per
// family under core/restructure/: passive with an explicit agent to active (voice.ts), reported speech with the report
// moved behind it and "that" dropped after a reporting verb (reports.ts), existential "There are many X who Y" undone
// (existential.ts), a nominalisation ("the implementation of X") made a verb ("implementing X", nominalisation.ts),
// time phrases moved (time.ts), sentences split (splits.ts), appositives and participles fronted (fronting.ts),
// manner adverbs and fronted places moved (manner-and-place.ts). Every one asks the tagger (core/nlp.ts, compromise)
// what the words are and inflects with its conjugation tables; every one refuses when it cannot tell (a pronoun that
// would change case, a clause without a finite verb, a time after "by").
export { activeVoice } from './restructure/voice';
export { dropThat, moveReport, speakerFirst } from './restructure/reports';
export { undoExistential } from './restructure/existential';
export { verbFromNoun } from './restructure/nominalisation';
export { moveTime } from './restructure/time';
export {
  joinParticiple,
  splitAbsolute,
  splitCompoundPredicate,
  splitPronounParticiple,
  splitWithAbsolute,
} from './restructure/splits';
export { frontAppositive, frontParticiple } from './restructure/fronting';
export { moveMannerAdverb, movePhraseBehind } from './restructure/manner-and-place';
