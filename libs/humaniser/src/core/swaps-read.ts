// The word swaps the guided edit search may make (engine/guided.ts through core/edits.ts): only pairs a person read in
// context in the development rewrites and kept in every context read, as base forms ("emphasize>stress" also swaps
// "emphasized" for "stressed"). The WordNet tables (src/lexicon/synonyms.json, synonyms-vetted.json) are where
// candidates come from; this list is what ships of them.
//
// Why a list read in context (2026-11-29, night): reading the tables' swaps in 24 development rewrites not read before
// (tone auto), about one swap in eight was one a careful reader rejects, and two rewrites in three had at least one:
// a sense the sentence does not mean ("with such warmth" -> "heat", "realizing his dream" -> "seeing", "briefly
// stepped" -> "shortly", "a particular genre" -> "special", "a different aspect" -> "side", "acknowledge the
// sacrifices" -> "admit"), a frame the candidate does not take ("was accompanied by" -> "gone with"), or a register
// shift no writer asked for ("students" -> "pupils"). WordNet's sense counts cannot tell these apart (a rule on how
// dominant a word's first sense is removed almost none of them), nor can the sentence encoder (the cosine of a
// rejected swap, 0.96-0.99, is that of a kept one). Pairs whose fitness depends on the sentence ("realize" -> "see",
// "current" -> "present", "significant" -> "substantial", "ongoing" -> "continuing") are left out.
// Adding a pair: read it in at least three rewrites of different texts (bench/humanise-eval.ts on the development
// half), and add a unit case if it needed a rule to read right.
export const SWAPS_READ: ReadonlySet<string> = new Set([
  // verbs
  'emphasize>stress',
  'highlight>stress',
  'prevent>stop',
  'cease>stop',
  'vanish>disappear',
  'disappear>vanish',
  'hurry>rush',
  'whisper>murmur',
  'demonstrate>show',
  'reveal>show',
  'anticipate>expect',
  'assist>help',
  'witness>see',
  'gaze>look',
  'create>make',
  'choose>pick',
  'select>pick',
  'select>choose',
  'acquire>get',
  'obtain>get',
  'purchase>buy',
  'spark>trigger',
  'indicate>show',
  'verify>check',
  'clutch>grip',
  'symbolize>represent',
  'promote>encourage',
  'convey>express',
  'tremble>shake',
  'transform>change',
  'retreat>withdraw',
  'reduce>cut',
  'begin>start',
  'commence>start',
  'assess>evaluate',
  'maintain>keep',
  'state>say',
  // adjectives
  'mysterious>strange',
  'eerie>strange',
  'diverse>varied',
  'innovative>new',
  'genuine>real',
  'eager>keen',
  'immense>huge',
  'vast>huge',
  'precise>exact',
  'evident>apparent',
  'grateful>thankful',
  'anxious>nervous',
  'additional>more',
  'numerous>many',
  'sufficient>enough',
  // nouns
  'determination>resolve',
  'nation>country',
  'remark>comment',
  'achievement>accomplishment',
  'variety>range',
  'perspective>view',
  'reaction>response',
  'significance>importance',
  'tale>story',
  'interior>inside',
  'opportunity>chance',
  'odor>smell',
  'sorrow>sadness',
  'mistake>error',
  'endeavour>effort',
  // adverbs
  'approximately>about',
  'rapidly>quickly',
  'swiftly>quickly',
  'particularly>especially',
  'constantly>always',
  'gently>softly',
  'eventually>finally',
  'entirely>completely',
  'currently>now',
  'frequently>often',
  'nearly>almost',
  'merely>simply',
  'primarily>mainly',
]);

/** Whether the guided search may swap `lemma` for `candidate` (base forms). */
export function swapRead(lemma: string, candidate: string): boolean {
  return SWAPS_READ.has(`${lemma}>${candidate}`);
}
