import { splitSentences } from './sentences';

const texts = (s: string): string[] => splitSentences(s).map((x) => x.text);

describe('display sentence splitter', () => {
  it('does not split after titles, initials, e.g./i.e. or inside decimals', () => {
    expect(texts('Dr. Smith paid 3.50 dollars, e.g. for tea. J. K. Rowling agreed. It rained.')).toEqual([
      'Dr. Smith paid 3.50 dollars, e.g. for tea.',
      'J. K. Rowling agreed.',
      'It rained.',
    ]);
  });

  it('splits after U.S. only when a sentence opener follows', () => {
    expect(texts('He moved to the U.S. The weather was fine.')).toEqual([
      'He moved to the U.S.',
      'The weather was fine.',
    ]);
    expect(texts('The U.S. Congress voted.')).toEqual(['The U.S. Congress voted.']);
  });

  it('handles quotes, ellipses and exclamations followed by lowercase', () => {
    expect(texts('He said "Stop." Then he left. "Wow!" she said. Wait... what? Yes... Fine.')).toEqual([
      'He said "Stop."',
      'Then he left.',
      '"Wow!" she said.',
      'Wait... what?',
      'Yes...',
      'Fine.',
    ]);
  });

  it('treats list items and paragraphs as separate sentences, and joins hard-wrapped lines', () => {
    expect(texts('Intro:\n1. First item\n2. Second item\n- bullet\n\nA wrapped\nline here. Next.')).toEqual([
      'Intro:',
      '1. First item',
      '2. Second item',
      '- bullet',
      'A wrapped\nline here.',
      'Next.',
    ]);
  });

  it('returns offsets into the input', () => {
    const s = 'One. Two three.';
    for (const x of splitSentences(s)) expect(s.slice(x.start, x.end)).toBe(x.text);
    expect(splitSentences('')).toEqual([]);
  });
});
