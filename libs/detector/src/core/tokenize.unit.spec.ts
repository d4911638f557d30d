import { asciiLower, featureSentences, tokenize } from './tokenize';
import { normalize } from './normalize';

describe('tokenisation (FEATURES.md section 2)', () => {
  it('keeps apostrophes inside words and lowercases ASCII only', () => {
    const n = normalize("It's 3.14 -- CAF\u00c9 caf\u00e9! Done? yes");
    expect(tokenize(n)).toEqual(["it's", '3', '14', 'caf\u00c9', 'caf\u00e9', 'done', 'yes']);
    expect(asciiLower('\u00c9A')).toBe('\u00c9a');
  });

  it('splits feature sentences on terminal punctuation followed by a space', () => {
    const n = normalize("It's 3.14 -- CAF\u00c9 caf\u00e9! Done? yes");
    expect(featureSentences(n).map((s) => s.length)).toEqual([5, 1, 1]);
    expect(featureSentences('He said "stop." Then left.').map((s) => s.length)).toEqual([3, 2]);
  });
});
