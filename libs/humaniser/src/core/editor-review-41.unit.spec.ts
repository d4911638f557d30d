// Defects an editor found reading the development rewrites of issue 40's engine on the night of 2026-11-29 (texts of
// the development half not read before, every tone but auto and casual), and the two kinds the evening left open,
// each refused by rule: the failing sentence (the rule must refuse it), and one where the rule must still fire. The
// sentences are written for these cases in the shape of the ones read, not copied from the data.
import { proposeEdits } from './edits';
import {
  moveFrontedClause,
  noChanges,
  quotationOpenAfter,
  rewriteContractions,
  rewritePhrases,
  rewriteTransitions,
  rewriteVocabulary,
  shiftRegister,
  splitParticiple,
  type OperatorOptions,
} from './operators';
import { buildPlan, QUOTE_RUN } from './plan';
import { protect, SpanTable } from './protect';
import { frontParticiple, movePhraseBehind, speakerFirst } from './restructure';
import { Rng } from './rng';
import { TONE_PROFILES } from './tones';

const opts = (tone: keyof typeof TONE_PROFILES, alt = 0): OperatorOptions => ({
  profile: TONE_PROFILES[tone],
  rng: new Rng('t'),
  alt,
  words: true,
  split: true,
});
const swapsOf = (s: string, word: string): string[] =>
  proposeEdits(s, 3)
    .filter((e) => e.from === word)
    .map((e) => e.to);
/** Every variant the plan offers for the sentence of the text that starts with `start`. */
const variantsOf = (text: string, start: string, tone: keyof typeof TONE_PROFILES = 'formal'): string[] =>
  buildPlan(text, TONE_PROFILES[tone], 's')
    .lines.flatMap((l) => l.sentences)
    .filter((s) => s.original.startsWith(start))
    .flatMap((s) => s.variants.map((v) => v.text));

describe('editor review, issue 40 (the two kinds left open in the evening)', () => {
  it('keeps contractions in the later sentences of a quotation whose closing mark is sentences away', () => {
    const text =
      "Tom stood by the door. \"We've tried everything, but it doesn't change a thing. I can't stay here anymore. " +
      'You know it as well as I do. She looked at the floor.';
    for (const v of variantsOf(text, "I can't")) expect(v).toMatch(/can't/);
    // outside a quotation the formal tone still expands it
    expect(
      variantsOf("Tom stood by the door. I can't stay here anymore. She looked at the floor.", "I can't"),
    ).toContain('I cannot stay here anymore.');
    expect(quotationOpenAfter('Tom said, "We\'ve tried everything.', false)).toBe(true);
    expect(quotationOpenAfter('I can\'t stay here anymore," he said.', true)).toBe(false);
    expect(quotationOpenAfter('\u201CWe\u2019ve tried everything.', false)).toBe(true);
  });

  it('does not front "-ing with" of a thing (the thing would do what fills it)', () => {
    const s = 'The grey sky had grown darker, swirling with heavy clouds that rolled in from the sea.';
    expect(frontParticiple(s, noChanges())).toBe(s);
    // a person's state goes in front, and a thing's own action still does
    expect(frontParticiple('Maria stood in the attic, trembling with fear.', noChanges())).toBe(
      'Trembling with fear, Maria stood in the attic.',
    );
    expect(frontParticiple('The storm moved up the valley, tearing roofs from barns.', noChanges())).toBe(
      'Tearing roofs from barns, the storm moved up the valley.',
    );
  });
});

describe('editor review, issue 40 (night read: structure)', () => {
  it('does not front a participle behind a modal or "is expected to" (it belongs to the action to come)', () => {
    const s = 'The council is expected to publish its plan next week, arguing that the bridge was never safe.';
    expect(frontParticiple(s, noChanges())).toBe(s);
    expect(
      frontParticiple('The council published its plan on Monday, arguing that the bridge was never safe.', noChanges()),
    ).toBe('Arguing that the bridge was never safe, the council published its plan on Monday.');
  });

  it('does not move an "as" clause with a name behind a main clause whose possessive would then point forward', () => {
    const s = "As Maria's eyes followed the faded lines, her mind began to race.";
    expect(moveFrontedClause(s, noChanges())).toBe(s);
    expect(moveFrontedClause('As the lines faded on the page, the old map began to make sense.', noChanges())).toBe(
      'The old map began to make sense as the lines faded on the page.',
    );
  });

  it('does not move "In response to …" behind a clause, where it would attach to the last noun', () => {
    const s = 'In response to public anger, the mayor issued a statement about his remark.';
    expect(movePhraseBehind(s, noChanges())).toBe(s);
    expect(movePhraseBehind('In the small town of Hay, the mayor issued a statement.', noChanges())).toBe(
      'The mayor issued a statement in the small town of Hay.',
    );
  });

  it('splits a result participle into "This" in the tense of the clause ("includes …, offering" -> "This offers")', () => {
    expect(
      splitParticiple(
        'The newly restored archive includes a letter from the founder himself, offering readers a link to the past.',
        noChanges(),
      ),
    ).toBe(
      'The newly restored archive includes a letter from the founder himself. This offers readers a link to the past.',
    );
    expect(
      splitParticiple(
        'The archive included a letter from the founder himself, offering readers a link to the past.',
        noChanges(),
      ),
    ).toBe('The archive included a letter from the founder himself. This offered readers a link to the past.');
  });
});

describe('editor review, issue 40 (night read: words)', () => {
  it('keeps a noun after an -ing adjective in the formal register ("fascinating shows" -> "fascinating demonstrates")', () => {
    const s = 'The studio is known for producing fascinating shows such as these.';
    expect(shiftRegister(s, true, noChanges())).not.toMatch(/demonstrates/);
    expect(shiftRegister('The study shows that prices rose.', true, noChanges())).toMatch(/demonstrates/);
  });

  it('keeps the frame of a verb with a "to" infinitive after it', () => {
    expect(swapsOf('He is a man of few words, instead choosing to let his actions speak.', 'choosing')).toEqual([]);
    expect(swapsOf('She spent an hour choosing a dress for the party.', 'choosing')).toContain('picking');
    expect(
      rewriteVocabulary('The new law would require all police officers to wear cameras.', opts('neutral'), noChanges()),
    ).not.toMatch(/need/);
    // also far into a long sentence, where the vocabulary operator's tag lookup used to miss the word
    expect(
      rewriteVocabulary(
        'Senator Jane Moss of Ohio announced plans to introduce a bill that would require all police officers to wear cameras on duty.',
        opts('neutral'),
        noChanges(),
      ),
    ).not.toMatch(/need/);
    // an infinitive of purpose after a verb that does not take one as its complement keeps any candidate
    expect(rewriteVocabulary('The firm will utilize new tools to cut costs.', opts('neutral'), noChanges())).toBe(
      'The firm will use new tools to cut costs.',
    );
    // and in the plain register's pairs
    expect(shiftRegister('The law would require all police officers to wear cameras.', false, noChanges())).toMatch(
      /require/,
    );
    expect(shiftRegister('The new role will require patience.', false, noChanges())).toMatch(/need/);
    expect(rewriteVocabulary('The new role will require patience.', opts('neutral'), noChanges())).toMatch(
      /need|call for/,
    );
  });

  it('does not swap a noun the tagger read as a verb between "<adjective> and" and a noun ("local and say officials")', () => {
    expect(swapsOf('Local and state officials are working to stop the damage.', 'state')).toEqual([]);
    expect(swapsOf('The officials state that the road is closed.', 'state')).toContain('say');
  });

  it('drops a candidate whose past the tagger gets wrong ("doubt crept" -> "doubt crawl")', () => {
    // the pair under test given directly: the rule is the engine's, whatever pairs ship (core/swaps-read.ts)
    const table = (_pos: string, lemma: string): string[] => (lemma === 'creep' ? ['crawl'] : []);
    const swapped = (x: string): string[] => proposeEdits(x, 3, table).map((e) => e.to);
    expect(swapped('Doubt crept into his mind like a thief.')).toEqual([]);
    expect(swapped('The baby will creep across the floor.')).toContain('crawl');
  });

  it('swaps an -ing noun only after a determiner, possessive, adjective or noun', () => {
    const table = (_pos: string, lemma: string): string[] => (lemma === 'gathering' ? ['meeting'] : []);
    const swapped = (x: string): string[] => proposeEdits(x, 3, table).map((e) => e.to);
    expect(swapped('The senator thanked them, with many gathering behind her in the hall.')).toEqual([]);
    expect(swapped('The annual gathering lasted all night.')).toEqual(['meeting']);
  });

  it.each([
    ['Discount shops have steadily gained ground in the market.', 'steadily'],
    ['He remains silent about his plans.', 'silent'],
    ['His silence became a shield.', 'silence'],
    ['It is a prominent company in television.', 'prominent'],
    ['The council will undertake a full review of the rules.', 'undertake'],
    ['The staff are cooperating fully with the police.', 'cooperating'],
    ['The firm declined to comment, citing legal proceedings.', 'citing'],
    ['They emerged from the tunnel at dawn.', 'emerged'],
    ['They landed on the roof of an adjacent building.', 'adjacent'],
    ['Something waited beyond the next bend.', 'next'],
    ['The lights were beckoning him inside.', 'beckoning'],
    ['His steps were slow yet determined.', 'determined'],
    ['They met without regard to physical appearance.', 'appearance'],
    ['The storm inflicted heavy damage on the coast.', 'inflicted'],
    ['He walked into a dense forest.', 'forest'],
    ['Prices fell compared to the previous year.', 'previous'],
    ['This project preserves old letters.', 'project'],
    ['The lights suddenly went out.', 'suddenly'],
    ['The defence will present its case next week.', 'present'],
    ['The air tastes metallic.', 'metallic'],
  ])('no swap in "%s"', (s, word) => {
    expect(swapsOf(s, word)).toEqual([]);
  });

  it('drops the lexicon\'s "assess" -> "judge" and "captivate" -> "charm"', () => {
    expect(rewriteVocabulary('Teams were sent to assess the damage.', opts('neutral'), noChanges())).not.toMatch(
      /judge/,
    );
    for (const alt of [0, 1, 2])
      expect(
        rewriteVocabulary('The formats are designed to captivate large audiences.', opts('neutral', alt), noChanges()),
      ).not.toMatch(/charm|enchant/);
  });

  it('gives "insight into" a replacement with its own preposition', () => {
    const s = 'The letters provide invaluable insight into the lives of the settlers.';
    for (const tone of ['casual', 'formal', 'neutral'] as const) {
      const out = rewritePhrases(s, opts(tone), noChanges());
      expect(out).not.toBe(s);
      expect(out).not.toMatch(/\b(?:on|evidence|view) into\b/);
      expect(out).toMatch(/(?:of|at|on) the lives/);
    }
  });

  it('rewrites "not only X but also Y" with "and also", never "as well as" before a verb', () => {
    const out = rewritePhrases(
      'This archive not only preserves old letters but also strengthens ties.',
      opts('neutral'),
      noChanges(),
    );
    expect(out).toBe('This archive preserves old letters and also strengthens ties.');
  });

  it('keeps "In the end" (a time in a story), still drops "Ultimately"', () => {
    for (const tone of ['casual', 'neutral'] as const) {
      expect(rewriteTransitions('In the end, the storm passed over the town.', opts(tone), noChanges())).toBe(
        'In the end, the storm passed over the town.',
      );
      expect(rewriteTransitions('Ultimately, the storm passed over the town.', opts(tone), noChanges())).not.toMatch(
        /^Ultimately/,
      );
    }
  });
});

describe('editor review, issue 40 (night read: compounds)', () => {
  it('keeps a noun that modifies the noun after it ("federal assistance efforts" -> "federal help efforts")', () => {
    const s = 'Teams will coordinate federal assistance efforts in the region.';
    const table = (_pos: string, lemma: string): string[] => (lemma === 'assistance' ? ['help'] : []);
    const swapped = (x: string): string[] => proposeEdits(x, 3, table).map((e) => e.to);
    expect(swapped(s)).toEqual([]);
    expect(rewriteVocabulary(s, opts('neutral'), noChanges())).toMatch(/assistance efforts/);
    expect(swapped('The region asked for federal assistance.')).toContain('help');
    expect(rewriteVocabulary('The region asked for federal assistance.', opts('neutral'), noChanges())).toMatch(
      /federal (?:help|aid)\./,
    );
  });
});

describe('editor review, issue 40 (night read: after the first fixes)', () => {
  it.each([
    ['Teams were sent to assess the damage after the storm.', 'damage'],
    ['The outbreak of severe weather lasted three days.', 'severe'],
    ['The staff are cooperating fully with the inquiry.', 'fully'],
  ])('no swap in "%s"', (s, word) => {
    expect(swapsOf(s, word)).toEqual([]);
  });
});

describe('editor review, issue 40 (night read: the last rewrites)', () => {
  it('puts "in an attempt to" as "trying to" only where it opens a phrase, else "to"', () => {
    const s = 'Big chains have cut prices aggressively in an attempt to fend off discount shops.';
    expect(rewritePhrases(s, opts('casual'), noChanges())).toBe(
      'Big chains have cut prices aggressively to fend off discount shops.',
    );
    expect(rewritePhrases('In an attempt to fend off rivals, they cut prices.', opts('casual'), noChanges())).toBe(
      'Trying to fend off rivals, they cut prices.',
    );
  });

  it('keeps the typographic apostrophe of a plural possessive when it changes contractions', () => {
    expect(
      rewriteContractions(
        'Both candidates\u2019 reactions were not clear, and it\u2019s late.',
        opts('narrative'),
        noChanges(),
      ),
    ).toBe('Both candidates\u2019 reactions weren\u2019t clear, and it\u2019s late.');
    // a text with straight marks keeps them
    expect(rewriteContractions("Both candidates' reactions were not clear.", opts('narrative'), noChanges())).toBe(
      "Both candidates' reactions weren't clear.",
    );
  });

  it('no swap of "recently" before a past ("lately announced")', () => {
    expect(swapsOf('Tesco recently announced a series of store closures.', 'recently')).toEqual([]);
  });
});

describe('editor review, issue 40 (night read: second batch of texts)', () => {
  it('keeps every sentence of a quotation protect() could not close as written, and merges none of them', () => {
    const text =
      'He smiled at her. "That box, my dear, is said to hold the power to alter the past. It is desired by many. ' +
      'Nobody has opened it in a hundred years.';
    const plan = buildPlan(text, TONE_PROFILES.narrative, 's');
    const sentences = plan.lines.flatMap((l) => l.sentences);
    for (const sp of sentences.slice(1)) {
      expect(sp.quoted).toBe(true);
      expect(sp.variants.map((v) => v.text)).toEqual([sp.original]);
      expect(sp.mergeable).toBe(false);
    }
    // the narration before the quotation is still rewritten
    expect(sentences[0].quoted).toBeUndefined();
  });

  it('keeps a verb before "to" + a noun, before "of", and before its gerund', () => {
    const pairs: Record<string, string[]> = { apply: ['use'], use: ['apply'], consider: ['weigh'] };
    const table = (_pos: string, lemma: string): string[] => pairs[lemma] ?? [];
    const swapped = (x: string, word: string): string[] =>
      proposeEdits(x, 3, table)
        .filter((e) => e.from === word)
        .map((e) => e.to);
    expect(swapped('More pupils are now applying to university without A-levels.', 'applying')).toEqual([]);
    expect(swapped('They ask how such methods might apply to their own pests.', 'apply')).toEqual([]);
    expect(swapped('The potential use of gene drives has sparked debate.', 'use')).toEqual([]);
    expect(swapped('Everyone should consider taking vitamin D in winter.', 'consider')).toEqual([]);
    // the same verbs with an object still swap
    expect(swapped('Engineers apply the rule to every case.', 'apply')).toContain('use');
    expect(swapped('Everyone should consider the evidence first.', 'consider')).toContain('weigh');
  });

  it.each([
    ['The club praised the effective management of its finances.', 'effective'],
    ['The club has cleared its financial obligations.', 'obligations'],
    ["The chairman's statement reflects confidence.", 'statement'],
    ['More evidence is needed to establish whether it works.', 'establish'],
    ['The birds face similar threats from predators.', 'threats'],
    ['The archive holds a rare photograph of the founder.', 'rare'],
  ])('no swap in "%s"', (s, word) => {
    expect(swapsOf(s, word)).toEqual([]);
  });

  it('keeps the adjective after "more" ("more comprehensive studies" -> "more broad studies")', () => {
    const s = 'Official advice cannot be given until more comprehensive studies are done.';
    expect(rewriteVocabulary(s, opts('neutral'), noChanges())).toBe(s);
    expect(rewriteVocabulary('A comprehensive study is due.', opts('neutral'), noChanges())).toMatch(
      /broad|full|thorough/,
    );
  });

  it('does not pair a stray mark with the opening mark of the next quotation ("eyes. "That artifact, my dear, …")', () => {
    const table = new SpanTable();
    const masked = protect(
      'He grinned. "It sparked in his eyes. "That box, my dear, can alter the past. It is old.',
      table,
    );
    // no quotation closed: both marks stay in the text for the plan to see
    expect(masked).toBe('He grinned. "It sparked in his eyes. "That box, my dear, can alter the past. It is old.');
    const text = 'He grinned. "It sparked in his eyes. "That box, my dear, can alter the past. It is desired by many.';
    for (const sp of buildPlan(text, TONE_PROFILES.narrative, 's')
      .lines.flatMap((l) => l.sentences)
      .slice(1))
      expect(sp.variants.map((v) => v.text)).toEqual([sp.original]);
    // a closed quotation is still one span
    expect(protect('He said "we are done" and left.', new SpanTable())).not.toMatch(/"/);
    expect(quotationOpenAfter('He grinned. "It sparked in his eyes.', false)).toBe(true);
    expect(quotationOpenAfter('Done," he said.', true)).toBe(false);
  });

  it(`takes an unclosed quotation to run at most ${QUOTE_RUN} sentences past its mark`, () => {
    const text =
      'Tom said, "We tried it twice. It failed both times. We stopped there. We left early. ' +
      'The council approved the plan on Tuesday.';
    const quoted = buildPlan(text, TONE_PROFILES.formal, 's')
      .lines.flatMap((l) => l.sentences)
      .map((sp) => sp.quoted ?? false);
    expect(quoted).toEqual([true, true, true, true, false]);
  });
});

// Read in 24 development rewrites (tone auto) of texts no one had read before, after the night's fixes and with the
// swaps narrowed to the pairs read in context (core/swaps-read.ts).
describe('editor review, issue 40 (night read: fresh development texts)', () => {
  it.each([
    // a participle of what happens after the main action ("Shattering on the floor, the mug slipped")
    [
      'The mug I had been holding slipped from my fingers, shattering on the hardwood floor.',
      'He walked into the room, carrying a box of old letters.',
      'Carrying a box of old letters, he walked into the room.',
    ],
    // an "-ing" word that is an item of the list the clause ends with
    [
      'The air was thick with laughter, clinking glasses and energetic chatter.',
      'She stood in the attic, clutching the letter.',
      'Clutching the letter, she stood in the attic.',
    ],
  ])(
    'keeps in place the trailing "-ing" of "%s", and still fronts one that describes the subject',
    (kept, s, fronted) => {
      expect(frontParticiple(kept, noChanges())).toBe(kept);
      expect(frontParticiple(s, noChanges())).toBe(fronted);
    },
  );

  it('splits a result participle into "This" in the past after a verb whose past is its base form', () => {
    expect(
      splitParticiple(
        'A streak of brilliant light cut across the azure expanse, leaving a trail of vapor.',
        noChanges(),
      ),
    ).toBe('A streak of brilliant light cut across the azure expanse. This left a trail of vapor.');
    // a plural or a pronoun subject reads it as the present
    expect(
      splitParticiple(
        'The new rules cut costs for every small firm in the region, leaving more money for wages.',
        noChanges(),
      ),
    ).toBe('The new rules cut costs for every small firm in the region. This leaves more money for wages.');
  });

  it('keeps "In recent years," which dates what follows ("after a century of operation today")', () => {
    const s = 'In recent years, Ford has reduced its manufacturing capacity in Europe.';
    for (const tone of ['neutral', 'formal', 'casual'] as const)
      expect(rewriteTransitions(s, opts(tone), noChanges())).toBe(s);
    expect(rewriteTransitions('Nowadays, most people work from home.', opts('neutral'), noChanges())).toMatch(
      /^(?:Today|These days), most people/,
    );
  });

  it('does not swap "potential", a noun as often as an adjective ("his rapid development and possible")', () => {
    expect(swapsOf('The report praised his rapid development and potential.', 'potential')).toEqual([]);
    expect(swapsOf('A potential deal for the striker collapsed.', 'potential')).toEqual([]);
  });
});

// Read in the held-out rewrites of the night's engine, after their measurement (docs/humaniser.md: the held-out figures
// are of the engine before these rules).
describe('editor review, issue 40 (night: read in the held-out rewrites after their measurement)', () => {
  it('keeps "not" before "only" ("will not only determine … but also" is no negation)', () => {
    const s = 'The results will not only determine its future but also shape the field.';
    expect(rewriteContractions(s, opts('casual'), noChanges())).toBe(s);
    expect(rewriteContractions('The results will not arrive before May.', opts('casual'), noChanges())).toBe(
      "The results won't arrive before May.",
    );
  });

  it('keeps "Finally," which in a story is a time, and makes "Lastly," "Finally,"', () => {
    const s = 'Finally, they reached the threshold of the temple.';
    expect(rewriteTransitions(s, opts('neutral'), noChanges())).toBe(s);
    expect(rewriteTransitions('Lastly, check the seals.', opts('neutral'), noChanges())).toBe(
      'Finally, check the seals.',
    );
  });

  it('keeps the speaker after the verb when an appositive follows the name', () => {
    const table = new SpanTable();
    const s = protect('"It has to stop," said Emma Llano, a spokesperson for the charity.', table);
    expect(speakerFirst(s, noChanges())).toBe(s);
    const t = protect('"It has to stop," said Emma Llano.', table);
    expect(table.restore(speakerFirst(t, noChanges()))).toBe('"It has to stop," Emma Llano said.');
  });

  it('swaps neither "powerful", "darkness" nor "ancient", nor the lexicon pairs read wrong', () => {
    expect(swapsOf('It was rare among the wealthy and powerful.', 'powerful')).toEqual([]);
    expect(swapsOf('The forces of darkness threatened the village.', 'darkness')).toEqual([]);
    expect(swapsOf('They studied the ancient texts.', 'ancient')).toEqual([]);
    const v = (x: string): string => rewriteVocabulary(x, opts('neutral'), noChanges());
    expect(v("The pump's exceptional durability matters.")).not.toMatch(/unusual/);
    expect(v('Her knowledge proved invaluable.')).not.toMatch(/precious/);
  });
});
