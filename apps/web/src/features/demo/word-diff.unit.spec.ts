import { diffStats, MAX_DIFF_CELLS, wordDiff } from './word-diff';

const rebuild = (parts: ReturnType<typeof wordDiff>, side: 'before' | 'after') =>
  parts
    .filter((p) => p.kind === 'same' || p.kind === (side === 'before' ? 'removed' : 'added'))
    .map((p) => p.text)
    .join('');

describe('wordDiff', () => {
  it('marks replaced, added and removed words and keeps the rest', () => {
    const parts = wordDiff('The quick brown fox jumps.', 'The fast brown fox leaps today.');
    expect(parts).toEqual([
      { kind: 'same', text: 'The ' },
      { kind: 'added', text: 'fast ' },
      { kind: 'removed', text: 'quick ' },
      { kind: 'same', text: 'brown fox ' },
      { kind: 'added', text: 'leaps today.' },
      { kind: 'removed', text: 'jumps.' },
    ]);
    expect(diffStats(parts)).toEqual({ same: 3, added: 3, removed: 2 });
  });

  it('rebuilds the rewrite from same + added parts', () => {
    const before = 'In conclusion, it is important to note that the results are significant.';
    const after = 'So the results matter, and that is worth saying plainly.';
    expect(rebuild(wordDiff(before, after), 'after')).toBe(after);
  });

  it('finds nothing to mark in identical texts and everything in disjoint ones', () => {
    expect(wordDiff('one two three', 'one two three')).toEqual([{ kind: 'same', text: 'one two three' }]);
    expect(diffStats(wordDiff('alpha beta', 'gamma delta'))).toEqual({ same: 0, added: 2, removed: 2 });
    expect(wordDiff('', '')).toEqual([]);
  });

  it('ignores whitespace-only changes between words', () => {
    expect(diffStats(wordDiff('a  b\nc', 'a b c'))).toEqual({ same: 3, added: 0, removed: 0 });
  });

  it('falls back to one removal and one addition for texts too long to align word by word', () => {
    const words = Math.ceil(Math.sqrt(MAX_DIFF_CELLS)) + 10;
    const before = Array.from({ length: words }, (_, i) => `b${i}`).join(' ');
    const after = Array.from({ length: words }, (_, i) => `a${i}`).join(' ');
    const parts = wordDiff(`start ${before} end`, `start ${after} end`);
    expect(parts.map((p) => p.kind)).toEqual(['same', 'removed', 'added', 'same']);
  });
});
