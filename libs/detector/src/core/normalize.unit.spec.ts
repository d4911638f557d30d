import { describeNormalization, normalize, normalizeWithReport } from './normalize';

describe('normalize (FEATURES.md section 1)', () => {
  it('neutralises homoglyphs, zero-width characters, odd spaces and CRLF exactly like features.py', () => {
    const tricky = 'H\u0435llo\u200b  w\u043erld!\tThis is a \u201ctest\u201d.\u00a0Don\u2019t pa\u00adnic.\r\n\r\n';
    expect(normalize(tricky)).toBe('Hello world! This is a "test". Don\'t panic.');
  });

  it('collapses spaces and newlines and trims only spaces and newlines', () => {
    expect(normalize('a\n\n\n\nb   c \n d')).toBe('a\n\nb c\nd');
    expect(normalize(' \n x \t')).toBe('x');
    expect(normalize('\uff21\uff22')).toBe('AB');
  });

  it('deletes C0 controls but keeps tab/newline semantics', () => {
    expect(normalize('a\u0000b\u0007c\u007fd')).toBe('abcd');
    expect(normalize('a\u2028b\u0085c')).toBe('a\nb\nc');
  });

  it('counts what it neutralised, without counting tabs, CR or typographic quotes as tricks', () => {
    const { report } = normalizeWithReport('\u0430\u0435 x\u200b\u200by\u00a0z\t\u201cq\u201d\r\n\uff21');
    expect(report).toEqual({
      invisibleRemoved: 2,
      homoglyphsReplaced: 2,
      oddWhitespace: 1,
      compatibilityFolded: 1,
      quotesStraightened: 2,
    });
  });

  it('describes the neutralised tricks for the result warning', () => {
    const { report } = normalizeWithReport('T\u200bh\u200be t\u0435xt \u0430nd m\u043er\u0435');
    expect(describeNormalization(report)).toBe(
      'Removed 2 zero-width or invisible characters and replaced 4 look-alike letters before scoring.',
    );
    expect(
      describeNormalization(normalizeWithReport('Plain \u201cquoted\u201d text.\tTabbed.').report),
    ).toBeUndefined();
  });
});
