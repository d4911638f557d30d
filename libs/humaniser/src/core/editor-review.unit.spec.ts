// Defects a copy editor found reading the rewrites of GECScore development texts (claude-3.5-sonnet, gpt-3.5-turbo)
// in all eight tones (issue 26): each failing sentence as it came back, the fix's expectation, and where it matters a
// sentence on which the rule must still fire.
import {
  canMerge,
  capitalOfSentenceOnly,
  frontTrailingClause,
  moveFrontedClause,
  noChanges,
  rewriteContractions,
  rewriteDashes,
  rewriteVocabulary,
  shiftRegister,
  type OperatorOptions,
} from './operators';
import { tagTerms } from './nlp';
import { frontParticiple, moveTime } from './restructure';
import { Rng } from './rng';
import { TONE_PROFILES } from './tones';

function opts(tone: keyof typeof TONE_PROFILES): OperatorOptions {
  return { profile: TONE_PROFILES[tone], rng: new Rng('t'), alt: 0, words: true, split: true };
}

describe('moveTime: a noun phrase that ends in a time word is not a time', () => {
  it('leaves "our last game of the season" in place (was "Last game of the season, my … and our.")', () => {
    const s = 'My foremost concern is the team and our last game of the season.';
    expect(moveTime(s, true, noChanges())).toBe(s);
  });
  it('still fronts "last season" and "this week"', () => {
    expect(moveTime('The club finished third in the league last season.', true, noChanges())).toBe(
      'Last season, the club finished third in the league.',
    );
    expect(moveTime('The council approved the plan this week.', true, noChanges())).toBe(
      'This week, the council approved the plan.',
    );
  });
});

describe('frontTrailingClause: "as" with a role is not a clause', () => {
  it('keeps "an alternate persona as a fiction writer called …" (was fronted, changing the meaning)', () => {
    const s = 'I do not have an alternate persona as a fiction writer called Memlar or any other name.';
    expect(frontTrailingClause(s, noChanges())).toBe(s);
  });
  it('still fronts a temporal "as" clause', () => {
    expect(
      frontTrailingClause(
        'The soft grind of gravel echoed through the silence as Sarah measured the remnants.',
        noChanges(),
      ),
    ).toBe('As Sarah measured the remnants, the soft grind of gravel echoed through the silence.');
  });
});

describe('moveFrontedClause: a fronted phrase goes only behind a short plain clause', () => {
  it('keeps "With several key players out of contract, …" in front of a clause with "as …" of its own', () => {
    const s =
      'With several key players out of contract, this is a crucial period for Cardiff City as they look to mount a challenge.';
    expect(moveFrontedClause(s, noChanges())).toBe(s);
  });
  it('keeps "As an AI assistant, …" in front of a long clause with "or"', () => {
    const s =
      'As an AI assistant, I do not retain any information about past conversations or have any ongoing projects.';
    expect(moveFrontedClause(s, noChanges())).toBe(s);
  });
  it('still moves a fronted "as" clause (a clause, not a phrase) behind a long clause', () => {
    expect(
      moveFrontedClause(
        'As I peered out my apartment window, I saw people rushing through the streets below with their faces masking panic.',
        noChanges(),
      ),
    ).toBe(
      'I saw people rushing through the streets below with their faces masking panic as I peered out my apartment window.',
    );
  });
  it('still moves a gerund lead behind a short clause', () => {
    expect(
      moveFrontedClause(
        'By prioritizing tasks and setting clear goals, individuals can enhance their productivity.',
        noChanges(),
      ),
    ).toBe('Individuals can enhance their productivity by prioritizing tasks and setting clear goals.');
  });
});

describe('canMerge: statements with clauses only, no run-ons', () => {
  it('refuses a question after a statement ("…; which approach would you prefer?")', () => {
    expect(
      canMerge('You could describe a character and I could develop a story.', 'Which approach would you prefer?'),
    ).toBe(false);
  });
  it('refuses a fragment ("She closed her eyes; the laughter, the stolen kisses, the promises of forever.")', () => {
    expect(canMerge('She closed her eyes.', 'The laughter, the stolen kisses, the promises of forever.')).toBe(false);
  });
  it('refuses a sentence that already joins clauses with ", and"', () => {
    expect(
      canMerge('Twenty years of holding on, and now, finally, she was letting go.', 'She turned away from the cliff.'),
    ).toBe(false);
  });
  it('refuses a sentence that opens with a subordinate clause ("…, and as the investigation unfolds, …")', () => {
    expect(
      canMerge(
        'Hotel management has declined to comment.',
        'As the investigation unfolds, local residents are on high alert.',
      ),
    ).toBe(false);
  });
  it('refuses two sentences that both have a comma ("…, sparkling like the tears, and then, she released it …")', () => {
    expect(
      canMerge(
        'The diamond caught the light, sparkling like the tears on her cheeks.',
        'Then, she released it into the wind.',
      ),
    ).toBe(false);
  });
  it('still merges two short statements', () => {
    expect(canMerge('The room was cold.', 'The heater was off.')).toBe(true);
  });
});

describe('contractions: "\'s" before an adverb and a participle is "has"', () => {
  it('expands "It\'s always been" to "It has always been" (was "It is always been")', () => {
    expect(rewriteContractions("It's always been a bit about this moment.", opts('formal'), noChanges())).toBe(
      'It has always been a bit about this moment.',
    );
    expect(rewriteContractions("It's always hard.", opts('formal'), noChanges())).toBe('It is always hard.');
  });
});

describe('inflection of swapped verbs', () => {
  it('a formal register swap after "had" takes the participle ("had begun", was "had began")', () => {
    expect(shiftRegister('The void had started as a pinprick.', true, noChanges())).toBe(
      'The void had begun as a pinprick.',
    );
    expect(shiftRegister('The void started as a pinprick.', true, noChanges())).toBe('The void began as a pinprick.');
  });
  it('a reduced passive takes the participle ("as shown by", was "as showed by")', () => {
    expect(
      rewriteVocabulary('Stalking is a serious crime, as demonstrated by this event.', opts('casual'), noChanges()),
    ).toBe('Stalking is a serious crime, as shown by this event.');
  });
});

describe('lexicon: swaps that changed the claim', () => {
  it('"significant attention" does not become "important attention"; "assess" does not become "measure"', () => {
    const out = rewriteVocabulary(
      'The case drew significant attention, and I cannot assess specific stories.',
      opts('casual'),
      noChanges(),
    );
    expect(out).not.toMatch(/important attention|measure/);
  });
});

describe('a capital that only opens the sentence', () => {
  it('"Hotel management" is not a name: fronting the participle would leave "…, Hotel management has …"', () => {
    expect(capitalOfSentenceOnly(tagTerms('Hotel management has declined to comment'))).toBe(true);
    expect(capitalOfSentenceOnly(tagTerms('Sarah opened her eyes'))).toBe(false);
    const s = 'Hotel management has declined to comment at this time, citing the ongoing police investigation.';
    expect(frontParticiple(s, noChanges())).toBe(s);
  });
  it("a person's name still moves with its capital", () => {
    expect(frontParticiple('Sarah opened her eyes, blinking away the tears.', noChanges())).toBe(
      'Blinking away the tears, Sarah opened her eyes.',
    );
  });
});

describe('dashes: a list of phrases after a dash takes a colon', () => {
  it('"a threat — to the lab, to the city, to …" becomes "a threat: to the lab, …" (was ", to the lab")', () => {
    expect(
      rewriteDashes(
        'It was a threat \u2014 to the lab, to the city, to the very fabric of reality itself.',
        { left: 0 },
        noChanges(),
      ),
    ).toBe('It was a threat: to the lab, to the city, to the very fabric of reality itself.');
  });
  it('an aside that is no list still takes a comma', () => {
    expect(
      rewriteDashes(
        'The council met on Tuesday \u2014 a day later than planned because the mayor had been delayed abroad.',
        { left: 0 },
        noChanges(),
      ),
    ).toBe('The council met on Tuesday, a day later than planned because the mayor had been delayed abroad.');
  });
});
