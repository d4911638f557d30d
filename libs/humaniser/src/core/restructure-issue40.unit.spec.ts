// Issue 40's structural operators (more of a text rewritten, each change one a writer would make): the speaker before
// the speech verb after a quotation, and a trailing participle joined to its clause's verb with "and".
import { noChanges } from './operators';
import { protect, SpanTable } from './protect';
import { joinParticiple, speakerFirst } from './restructure';

/** The sentence as the operators see it (quotations as placeholders), rewritten, and restored. */
function withQuotes(s: string, op: typeof speakerFirst): string {
  const table = new SpanTable();
  return table.restore(op(protect(s, table), noChanges()));
}

describe('speakerFirst: the speaker before the speech verb after a quotation', () => {
  it.each([
    [
      '"I would disagree with Ronny," said McCoist in a press conference.',
      '"I would disagree with Ronny," McCoist said in a press conference.',
    ],
    ['"We are ready," whispered Sarah.', '"We are ready," Sarah whispered.'],
    ['"No comment," said the spokesperson.', '"No comment," the spokesperson said.'],
    ['"Go now," said he.', '"Go now," he said.'],
  ])('%s', (input, output) => {
    expect(withQuotes(input, speakerFirst)).toBe(output);
  });

  it.each([
    // a title and a name: the order stays (a long subject reads better after the verb)
    '"Fine," said Celtic manager Ronny Deila.',
    // a possessive noun phrase
    '"Fine," said the club\'s chairman.',
    // the comma outside the quotation: LanguageTool flags '"…", McCoist said'
    '"I would disagree", said McCoist in a press conference.',
    // no quotation before the verb
    'Later that day, said McCoist, the team trained.',
  ])('leaves "%s" as written', (input) => {
    expect(withQuotes(input, speakerFirst)).toBe(input);
  });
});

describe('joinParticiple: a trailing participle joined with "and", in the past', () => {
  it.each([
    [
      'The wind howled through the old trees, rattling the windows.',
      'The wind howled through the old trees and rattled the windows.',
    ],
    [
      'Sarah stared out of the window, watching the rain fall on the empty street.',
      'Sarah stared out of the window and watched the rain fall on the empty street.',
    ],
    ['The captain lifted the trophy, beaming at the fans.', 'The captain lifted the trophy and beamed at the fans.'],
  ])('%s', (input, output) => {
    const c = noChanges();
    expect(joinParticiple(input, c)).toBe(output);
    expect(c.reorders).toBe(1);
  });

  it.each([
    // the subject of "marking" is the whole event
    'He scored twice in the second half, marking the first time he had done so.',
    // a preposition, not a participle
    'The club signed four players, including two goalkeepers.',
    // a progressive clause: "was walking … and hummed" would mix the aspects
    'She was walking home, humming a tune.',
    // already two verbs joined by "and"
    'She grabbed her coat and ran out, slamming the door.',
    // an embedded clause the participle could belong to
    'She smiled when the sun rose, casting long shadows.',
    // present tense: the agreement would need the subject's number
    'The river flows past the town, carving a deep valley.',
    // a modal
    'They would wait by the gate, hoping for news.',
  ])('leaves "%s" as written', (input) => {
    expect(joinParticiple(input, noChanges())).toBe(input);
  });
});
