import { isPlaceholder, protect, SpanTable } from './protect';

describe('protected spans', () => {
  const text =
    'See https://example.org/a_b?x=1, mail ops@inkprint.dev, run `npm test`, and read [the guide](https://x.y/z). ' +
    'The U.S. grew 3.2% in 2023 (Smith et al., 2021) [4], e.g. retail; she said "We are not done." Dr. Lee agreed.';

  it('masks every protected item and restores the text byte for byte', () => {
    const table = new SpanTable();
    const masked = protect(text, table);
    expect(table.restore(masked)).toBe(text);
    const kinds = table.spans.map((s) => `${s.kind}:${s.text}`);
    expect(kinds).toEqual(
      expect.arrayContaining([
        'url:https://example.org/a_b?x=1',
        'email:ops@inkprint.dev',
        'code:`npm test`',
        'link:[the guide](https://x.y/z)',
        'abbreviation:U.S.',
        'number:3.2%',
        'citation:(Smith et al., 2021)',
        'citation:[4]',
        'abbreviation:e.g.',
        'quote:"We are not done."',
        'abbreviation:Dr.',
      ]),
    );
    for (const gone of ['https', '3.2', '2021', 'We are', 'U.S.', 'e.g.']) expect(masked).not.toContain(gone);
  });

  it('uses placeholders no word pattern can reach into', () => {
    const table = new SpanTable();
    const masked = protect('It cost $1,200 in 1999.', table);
    expect(masked).not.toMatch(/[0-9]/);
    const placeholders = masked.match(/\uE000[^\uE001]+\uE001/g) ?? [];
    expect(placeholders).toHaveLength(2);
    for (const p of placeholders) {
      expect(isPlaceholder(p)).toBe(true);
      expect(/\w/.test(p)).toBe(false);
    }
    // the sentence-ending period stays outside the number
    expect(masked.endsWith('.')).toBe(true);
  });
});
