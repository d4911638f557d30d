import { parseDocument, proseLines, renderDocument, splitMasked } from './document';
import { protect, SpanTable } from './protect';

const MARKDOWN = [
  '# Quarterly notes',
  '',
  'The U.S. team shipped 3 releases. Dr. Smith reviewed them, e.g. the API one.',
  'A second line of the same paragraph.',
  '',
  '1. First item with a claim.',
  '2. Second item.',
  '   - nested bullet',
  '',
  '```ts',
  'const moreover = 1; // Furthermore.',
  '```',
  '',
  '> A block quote. Leave it.',
  '',
  '| a | b |',
  '|---|---|',
  '',
  '    indented code',
  '',
].join('\n');

describe('document parsing', () => {
  it('renders an untouched plan back to the exact input', () => {
    expect(renderDocument(parseDocument(MARKDOWN))).toBe(MARKDOWN);
    const crlfFree = 'One.  Two!\n\n\nThree? "Four," she said.  ';
    expect(renderDocument(parseDocument(crlfFree))).toBe(crlfFree);
  });

  it('keeps headings, code, quotes and tables verbatim and list items as non-splittable lines', () => {
    const doc = parseDocument(MARKDOWN);
    const lines = proseLines(doc);
    expect(lines.map((l) => l.prefix)).toEqual(['', '', '1. ', '2. ', '   - ']);
    expect(lines.slice(2).every((l) => l.list)).toBe(true);
    const verbatim = doc.pieces
      .filter((p) => p.kind === 'verbatim')
      .map((p) => p.text.trim())
      .filter(Boolean);
    expect(verbatim).toEqual(
      expect.arrayContaining([
        '# Quarterly notes',
        '```ts',
        'const moreover = 1; // Furthermore.',
        '> A block quote. Leave it.',
        '|---|---|',
        'indented code',
      ]),
    );
  });

  it('splits sentences without breaking at abbreviations, initials or decimals', () => {
    const table = new SpanTable();
    const { sentences } = splitMasked(
      protect('The U.S. rate was 3.5 percent. J. R. Smith agreed, e.g. in May. Then it rose! Did it?', table),
    );
    expect(sentences.map((s) => table.restore(s))).toEqual([
      'The U.S. rate was 3.5 percent.',
      'J. R. Smith agreed, e.g. in May.',
      'Then it rose!',
      'Did it?',
    ]);
  });
});
