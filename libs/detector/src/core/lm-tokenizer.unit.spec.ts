import { GemmaTokenizer, TOKEN_TYPE_BYTE, TOKEN_TYPE_USER_DEFINED, type GemmaVocabulary } from './lm-tokenizer';

const NORMAL = 1;
const CONTROL = 3;

/** A small vocabulary: [token, score, type]; the 256 byte tokens are appended. */
function vocab(entries: [string, number, number?][]): GemmaVocabulary {
  const all: [string, number, number][] = [
    ['<pad>', 0, CONTROL],
    ['<eos>', 0, CONTROL],
    ['<bos>', 0, CONTROL],
    ...entries.map(([t, s, ty]) => [t, s, ty ?? NORMAL] as [string, number, number]),
  ];
  for (let b = 0; b < 256; b++) all.push([`<0x${b.toString(16).toUpperCase().padStart(2, '0')}>`, 0, TOKEN_TYPE_BYTE]);
  return { bos: 2, tokens: all.map((e) => e[0]), scores: all.map((e) => e[1]), types: all.map((e) => e[2]) };
}

function byteId(v: GemmaVocabulary, b: number): number {
  return v.tokens.indexOf(`<0x${b.toString(16).toUpperCase().padStart(2, '0')}>`);
}

describe('GemmaTokenizer (llama.cpp SPM)', () => {
  it('adds BOS unless asked not to, and encodes the empty string as BOS alone', () => {
    const t = new GemmaTokenizer(vocab([['a', -1]]));
    expect(t.encode('')).toEqual([2]);
    expect(t.encode('', false)).toEqual([]);
    expect(t.encode('a')).toEqual([2, 3]);
    expect(t.encode('a', false)).toEqual([3]);
  });

  it('merges the highest-scoring pair first', () => {
    // a=3 b=4 c=5 ab=6 bc=7: "bc" scores higher, so "abc" -> a + bc (not ab + c).
    const t = new GemmaTokenizer(
      vocab([
        ['a', -1],
        ['b', -1],
        ['c', -1],
        ['ab', -3],
        ['bc', -2],
      ]),
    );
    expect(t.encode('abc', false)).toEqual([3, 7]);
  });

  it('breaks score ties leftmost first', () => {
    // "aaa": both "aa" pairs score the same; the left one merges: aa + a.
    const t = new GemmaTokenizer(
      vocab([
        ['a', -1],
        ['aa', -2],
      ]),
    );
    expect(t.encode('aaa', false)).toEqual([4, 3]);
    expect(t.encode('aaaa', false)).toEqual([4, 4]);
  });

  it('keeps merging merged symbols, and skips stale candidates', () => {
    // abcd: bc (-1) first, then abc (-2) beats cd (-5, now stale), then abcd (-3).
    const t = new GemmaTokenizer(
      vocab([
        ['a', -10],
        ['b', -10],
        ['c', -10],
        ['d', -10],
        ['bc', -1],
        ['abc', -2],
        ['abcd', -3],
        ['cd', -0.5],
      ]),
    );
    // cd (-0.5) beats bc (-1): c+d first -> a b cd; then no "bcd" / "bc" stale; "abcd" needs "abc"+"d" -> not reached.
    expect(t.encode('abcd', false)).toEqual([3, 4, 10]);
    const u = new GemmaTokenizer(
      vocab([
        ['a', -10],
        ['b', -10],
        ['c', -10],
        ['d', -10],
        ['bc', -1],
        ['abc', -2],
        ['abcd', -3],
        ['cd', -5],
      ]),
    );
    expect(u.encode('abcd', false)).toEqual([9]);
  });

  it('writes spaces as U+2581 and merges across them', () => {
    const t = new GemmaTokenizer(
      vocab([
        ['a', -1],
        ['\u2581', -1],
        ['\u2581a', -0.5],
      ]),
    );
    expect(t.encode('a a', false)).toEqual([3, 5]);
    expect(t.encode(' ', false)).toEqual([4]);
  });

  it('falls back to UTF-8 bytes for characters that are not tokens (astral ones too)', () => {
    const v = vocab([['a', -1]]);
    const t = new GemmaTokenizer(v);
    expect(t.encode('a\u00e9', false)).toEqual([3, byteId(v, 0xc3), byteId(v, 0xa9)]);
    expect(t.encode('\u{1F600}', false)).toEqual([0xf0, 0x9f, 0x98, 0x80].map((b) => byteId(v, b)));
    expect(t.encode('\u0007', false)).toEqual([byteId(v, 7)]);
  });

  it('treats an astral character as one symbol (code points, not UTF-16 units)', () => {
    const t = new GemmaTokenizer(
      vocab([
        ['\u{1F600}', -1],
        ['x', -1],
        ['\u{1F600}x', -0.5],
      ]),
    );
    expect(t.encode('\u{1F600}x\u{1F600}', false)).toEqual([5, 3]);
  });

  it('never merges a pair whose concatenation is not a token; each piece resolves on its own', () => {
    const v = vocab([
      ['a', -1],
      ['b', -1],
    ]);
    const t = new GemmaTokenizer(v);
    expect(t.encode('abz', false)).toEqual([3, 4, byteId(v, 0x7a)]);
  });

  it('cuts user-defined tokens out first, leftmost and longest, and never merges across them', () => {
    const v = vocab([
      ['a', -1],
      ['b', -1],
      ['ab', -0.1],
      ['\n', 0, TOKEN_TYPE_USER_DEFINED],
      ['\n\n', 0, TOKEN_TYPE_USER_DEFINED],
      ['  ', 0, TOKEN_TYPE_USER_DEFINED],
      ['<b>', 0, TOKEN_TYPE_USER_DEFINED],
      ['\u2581', -2],
    ]);
    const t = new GemmaTokenizer(v);
    const [a, b, ab, nl, nl2, sp2, tag, mark] = [3, 4, 5, 6, 7, 8, 9, 10];
    expect(t.encode('ab\n\n\nab', false)).toEqual([ab, nl2, nl, ab]);
    expect(t.encode('a<b>b', false)).toEqual([a, tag, b]);
    expect(t.encode('a   b', false)).toEqual([a, sp2, mark, b]);
    expect(t.encode('<b', false)).toEqual([byteId(v, 0x3c), b]);
  });

  it('tokenises a long text quickly', () => {
    const words = ['alpha', 'beta', 'gamma', 'delta'];
    const entries: [string, number][] = [['\u2581', -1]];
    for (const w of words) {
      for (let i = 1; i <= w.length; i++) entries.push([w.slice(0, i), -i], ['\u2581' + w.slice(0, i), -i - 0.5]);
      for (const ch of w) entries.push([ch, -20]);
    }
    const t = new GemmaTokenizer(vocab(entries));
    const text = Array.from({ length: 3000 }, (_, i) => words[i % 4]).join(' ');
    t.encode(text);
    const t0 = performance.now();
    const ids = t.encode(text);
    expect(performance.now() - t0).toBeLessThan(200);
    expect(ids.length).toBe(3001);
  });
});
