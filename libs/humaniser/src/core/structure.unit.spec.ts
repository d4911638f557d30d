// The structural operators (built on the compromise tagger), the register and person operators, the variant guard
// and the style measures.
import { lexiconEntries } from './lexicon';
import { conjugate, hasFiniteVerb } from './nlp';
import {
  addressReader,
  fixArticles,
  frontTrailingClause,
  listsToProse,
  moveFrontedClause,
  noChanges,
  rewritePhrases,
  shiftRegister,
  splitRelative,
  splitSentence,
} from './operators';
import { variantPasses } from './plan';
import { Rng } from './rng';
import { similarity } from './similarity';
import { measureStyle, STYLE_TARGETS, styleDistance, styleReport } from './style';
import { TONE_PROFILES } from './tones';

describe('clause order', () => {
  it('moves a fronted adverbial behind the main clause the tagger finds', () => {
    const c = noChanges();
    expect(
      moveFrontedClause(
        'By prioritizing tasks, setting clear goals, and using the right tools, people can improve their productivity.',
        c,
      ),
    ).toBe(
      'People can improve their productivity by prioritizing tasks, setting clear goals, and using the right tools.',
    );
    expect(moveFrontedClause('Although the team worked hard, the project failed in the end.', c)).toBe(
      'The project failed in the end, although the team worked hard.',
    );
    expect(moveFrontedClause('So by mastering the basics, anyone can improve a great deal.', c)).toBe(
      'So anyone can improve a great deal by mastering the basics.',
    );
    expect(c.reorders).toBe(3);
  });

  it('leaves sentences alone when the result would change reference or is not a clause', () => {
    const c = noChanges();
    // "she" would point forward to a name it no longer follows
    const s1 = 'When Maria arrived at the station, she called her brother at once.';
    expect(moveFrontedClause(s1, c)).toBe(s1);
    // "By 2030" is a date, not a gerund phrase
    const s2 = 'By \uE000, the city will have planted many new trees along the river.';
    expect(moveFrontedClause(s2, c)).toBe(s2);
    expect(c.reorders).toBe(0);
  });

  it('fronts a trailing subordinate clause with its own verb', () => {
    const c = noChanges();
    expect(frontTrailingClause('The whole team went home early because the roads were closed.', c)).toBe(
      'Because the roads were closed, the whole team went home early.',
    );
    // "even if", "only when": the subordinator belongs to what precedes it
    const s = 'The whole team will stay in the office even if the roads are closed.';
    expect(frontTrailingClause(s, c)).toBe(s);
    expect(c.reorders).toBe(1);
  });
});

describe('person and register', () => {
  it('addresses the reader only while "their" can only mean the generic subject', () => {
    const c = noChanges();
    expect(addressReader('Individuals can significantly enhance their productivity.', c)).toBe(
      'You can significantly enhance your productivity.',
    );
    // "their goals" could be the companies': leave the pronoun
    expect(addressReader('People can help companies reach their goals.', c)).toBe(
      'You can help companies reach their goals.',
    );
  });

  it('moves words to a register only where the tagger confirms the part of speech', () => {
    const c = noChanges();
    expect(shiftRegister('The kids made a big mess.', true, c)).toBe('The children made a large mess.');
    expect(shiftRegister('We need to get a permit, and things get better.', true, c)).toBe(
      'We need to obtain a permit, and things get better.',
    );
    // phrasal verbs keep their verb
    expect(shiftRegister("It's time to start over.", true, c)).toBe("It's time to start over.");
    // the meaning guard credits the curated pairs
    const sim = similarity(
      'The kids made a big mess, so we start again.',
      'The children made a large mess, so we begin again.',
    );
    expect(sim.contentRetention).toBe(1);
    expect(shiftRegister('They purchased approximately \uE000 units.', false, c)).toBe(
      'They bought about \uE000 units.',
    );
  });
});

describe('fluency and meaning guards', () => {
  it('keeps a/an right before "one" and the like', () => {
    expect(fixArticles("isn't a one-size-fits-all approach")).toBe("isn't a one-size-fits-all approach");
    expect(fixArticles('an one-off fee, a European city, a hour')).toBe('a one-off fee, a European city, an hour');
  });

  it('has no sense-changing swaps in the curated lexicon', () => {
    const bad: [string, string][] = [
      ['thrive', 'boom'],
      ['empower', 'authorize'],
      ['prioritizing', 'ranking'],
      ['prioritize', 'rank'],
      ['significant', 'large'],
    ];
    for (const [word, swap] of bad)
      expect((lexiconEntries(word) ?? []).flatMap((e) => e.candidates.map((x) => x.w))).not.toContain(swap);
  });

  it('rejects variants that lose a protected span or a name, break a/an, or leave a fragment', () => {
    const o = 'Maria paid \uE000 for the tickets, and she went to the show in the evening.';
    expect(variantPasses(o, 'Maria paid \uE000 for the tickets. She went to the show in the evening.')).toBe(true);
    expect(variantPasses(o, 'Maria paid for the tickets, and she went to the show in the evening.')).toBe(false);
    expect(variantPasses('She met Tom at a inn.', 'She met him at a inn.')).toBe(false);
    expect(variantPasses(o, 'Maria paid \uE000 for an tickets, and she went to the show.')).toBe(false);
    expect(
      variantPasses(
        'The report covers sales, and the quality of the service in every region.',
        'The report covers sales. The quality of the service in every region.',
      ),
    ).toBe(false);
  });

  it('rewrites "not only X but also Y" as a plain coordination', () => {
    const o = { profile: TONE_PROFILES.neutral, rng: new Rng('x'), alt: 0, words: true, split: false };
    const c = noChanges();
    expect(
      ['The tool is not only fast but also cheap to run.'].map((x) =>
        rewritePhrases(x, { ...o, rng: new Rng('n') }, c),
      )[0],
    ).toMatch(/^The tool is fast (?:and also|as well as) cheap to run\.$/);
  });

  it('uses the tagger for verb forms and finite verbs', () => {
    expect(conjugate('look', 'ed')).toBe('looked');
    expect(conjugate('dig', 'ed')).toBe('dug');
    expect(conjugate('handle', 'ing')).toBe('handling');
    expect(hasFiniteVerb('The quality of the service in every region.')).toBe(false);
    expect(hasFiniteVerb('The service was slow.')).toBe(true);
  });

  it('splits at a semicolon for a tone that wants short sentences', () => {
    const c = noChanges();
    const o = { profile: TONE_PROFILES.casual, rng: new Rng('x'), alt: 0, words: true, split: true };
    expect(
      splitSentence(
        "Time management isn't a one-size-fits-all approach; what works for one may not work for another.",
        o,
        c,
      ),
    ).toBe("Time management isn't a one-size-fits-all approach. What works for one may not work for another.");
  });
});

describe('style targets', () => {
  it('measures contractions, length, formality, person and hedging per 100 words', () => {
    const s = measureStyle(
      "You can't miss it. We think it's great, and you'll love the big garden behind the old house.",
    );
    expect(s.sentences).toBe(2);
    expect(s.contractions).toBeGreaterThan(10);
    expect(s.person).toBeGreaterThan(10);
    expect(s.formality).toBeLessThan(0);
    expect(s.meanLength).toBeCloseTo(9, 0);
    const formal = measureStyle('The committee therefore requires additional evidence. It cannot approve the request.');
    expect(formal.formality).toBeGreaterThan(0);
    expect(measureStyle('This may perhaps help.').hedging).toBeGreaterThan(40);
  });

  it('reports met and missed targets and a distance of zero when all are met', () => {
    const text =
      "You'll like it. We've been there twice and it's a really lovely spot for a walk with the kids on a Sunday. Go early.";
    const r = styleReport(text, STYLE_TARGETS.casual);
    expect(r.met).toEqual(expect.arrayContaining(['contractions', 'person', 'formality']));
    expect(styleReport(text, STYLE_TARGETS.formal).missed).toContain('contractions');
    expect(styleDistance(measureStyle(text), STYLE_TARGETS.casual)).toBeLessThan(
      styleDistance(measureStyle(text), STYLE_TARGETS.formal),
    );
  });
});

describe('lists and prose', () => {
  it('folds a short list of fragments after a colon into one sentence, and leaves real lists alone', () => {
    const c = noChanges();
    expect(
      listsToProse(
        'For the trip you will need:\n\n- A laptop\n- a charger\n- Approximately two hours\n\nThen we start.',
        c,
      ),
    ).toBe('For the trip you will need: a laptop, a charger and approximately two hours.\n\nThen we start.');
    const steps = 'Do this:\n1. Open the dashboard.\n2. Review the alerts in detail.';
    expect(listsToProse(steps, c)).toBe(steps);
    const long = 'Options:\n- one\n- two\n- three\n- four\n- five\n- six\n- seven';
    expect(listsToProse(long, c)).toBe(long);
    expect(c.lists).toBe(1);
  });
});

describe('relative clauses', () => {
  it('splits a trailing ", which <verb>" clause into its own sentence', () => {
    const c = noChanges();
    expect(
      splitRelative(
        'The new model adds an attention layer to every block of the encoder, which improves accuracy on long inputs.',
        c,
      ),
    ).toBe(
      'The new model adds an attention layer to every block of the encoder. This improves accuracy on long inputs.',
    );
    expect(
      splitRelative(
        'The team reviewed all the incident reports from the last quarter, which are stored in the archive.',
        c,
      ),
    ).toBe('The team reviewed all the incident reports from the last quarter. These are stored in the archive.');
    // no verb right after "which": leave it
    const s = 'The team reviewed all the incident reports from the last quarter, which the auditors had flagged.';
    expect(splitRelative(s, c)).toBe(s);
    expect(c.splits).toBe(2);
  });
});
