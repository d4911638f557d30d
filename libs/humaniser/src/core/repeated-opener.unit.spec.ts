// Read in the demo's own sample (technical tone, 2026-11-29 night): "Also, creating a structured schedule assists
// students allocate … Also, prioritizing tasks …". Two defects, each refused by rule: an added opener repeated from
// the sentence before, and formal "assist" where "help" took a bare infinitive.
import { avoidRepeatedOpener, noChanges, shiftRegister } from './operators';
import { buildPlan, defaultChoice, renderPlan } from './plan';
import { TONE_PROFILES } from './tones';

describe('an opener the rules put in is not repeated from the sentence before', () => {
  it('drops a repeated "Also," the sentence did not have as written', () => {
    expect(
      avoidRepeatedOpener(
        'Also, creating a schedule helps.',
        'Also, prioritizing tasks ensures focus.',
        'Additionally, prioritizing tasks ensures focus.',
      ),
    ).toBe('Prioritizing tasks ensures focus.');
    // a name keeps its capital letter
    expect(avoidRepeatedOpener('Also, it rained.', 'Also, Sarah left.', 'Moreover, Sarah left.')).toBe('Sarah left.');
  });

  it('keeps the opener where the writer had it, where the sentence before differs, or where it carries meaning', () => {
    expect(avoidRepeatedOpener('Also, it rained.', 'Also, it snowed.', 'Also, it snowed.')).toBe('Also, it snowed.');
    expect(avoidRepeatedOpener('First, it rained.', 'Also, it snowed.', 'Moreover, it snowed.')).toBe(
      'Also, it snowed.',
    );
    expect(avoidRepeatedOpener(undefined, 'Also, it snowed.', 'Moreover, it snowed.')).toBe('Also, it snowed.');
    expect(avoidRepeatedOpener('But it rained.', 'But it snowed.', 'However, it snowed.')).toBe('But it snowed.');
  });

  it('the rendered plan of the sample opens no two sentences in a row with "Also,"', () => {
    const text =
      'First and foremost, it is essential to set clear goals. Moreover, creating a structured schedule helps students ' +
      'allocate sufficient time to each task. Additionally, prioritizing tasks based on their urgency ensures that the ' +
      'most critical assignments receive attention. Furthermore, taking regular breaks can help prevent burnout.';
    for (const tone of ['technical', 'formal', 'neutral', 'casual'] as const)
      for (const seed of ['a', 'b', 'c']) {
        const plan = buildPlan(text, TONE_PROFILES[tone], seed);
        const out = renderPlan(plan, defaultChoice(plan, seed)).text;
        expect(out).not.toMatch(/\bAlso, [^.]*\. Also, /);
      }
  });
});

describe('formal "assist" only where "help" did not take a bare infinitive', () => {
  it('keeps "help" before a bare infinitive, with or without an object', () => {
    for (const s of [
      'A structured schedule helps students allocate time to each task.',
      'Taking regular breaks can help prevent burnout.',
      'The new rules help the smallest firms compete.',
    ])
      expect(shiftRegister(s, true, noChanges())).toBe(s);
  });

  it('still moves "help … with" and "help … in" to "assist"', () => {
    expect(shiftRegister('The agency helps families with their applications.', true, noChanges())).toBe(
      'The agency assists families with their applications.',
    );
    expect(shiftRegister('Volunteers help the police in the search.', true, noChanges())).toBe(
      'Volunteers assist the police in the search.',
    );
  });
});
