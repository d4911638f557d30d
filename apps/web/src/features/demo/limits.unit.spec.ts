import {
  checkLength,
  clipToLimit,
  counterLabel,
  OVER_LIMIT_RATIO,
  tooShortButtonLabel,
  tooShortToJudge,
} from './limits';

describe('checkLength (spec §4 over-limit)', () => {
  const text = (n: number) => 'a'.repeat(n);

  it('asks for text when the input is empty or blank', () => {
    expect(checkLength('', 100)).toEqual({ kind: 'blank' });
    expect(checkLength(' \n\t ', 100)).toEqual({ kind: 'blank' });
  });

  it('runs up to the limit itself', () => {
    expect(checkLength(text(1), 100)).toEqual({ kind: 'within' });
    expect(checkLength(text(100), 100)).toEqual({ kind: 'within' });
  });

  it('offers the trim above 100% up to and including 110%', () => {
    expect(checkLength(text(101), 100)).toEqual({ kind: 'trim', max: 100, over: 1 });
    expect(checkLength(text(110), 100)).toEqual({ kind: 'trim', max: 100, over: 10 });
    expect(checkLength(text(4400), 4000)).toEqual({ kind: 'trim', max: 4000, over: 400 });
  });

  it('opens the over-limit modal above 110%', () => {
    expect(OVER_LIMIT_RATIO).toBe(1.1);
    expect(checkLength(text(111), 100)).toEqual({ kind: 'over', max: 100, over: 11 });
    expect(checkLength(text(4401), 4000)).toEqual({ kind: 'over', max: 4000, over: 401 });
  });
});

describe('clipToLimit', () => {
  it('keeps a text within the limit and cuts a longer one to exactly the limit', () => {
    expect(clipToLimit('hello', 10)).toBe('hello');
    expect(clipToLimit('hello world', 5)).toBe('hello');
    expect(clipToLimit('x'.repeat(12_345), 12_000)).toHaveLength(12_000);
  });

  it('never leaves half of a surrogate pair at the cut', () => {
    expect(clipToLimit('ab😀cd', 3)).toBe('ab');
    expect(clipToLimit('ab😀cd', 4)).toBe('ab😀');
  });
});

it('formats the character counter with thousands separators', () => {
  expect(counterLabel(1234, 20000)).toBe('1,234 / 20,000');
});

// Issue 30 item 3: below the detector's minimum the button says so and nothing is sent.
describe('tooShortToJudge', () => {
  it('holds back a text with words but fewer than 50, not a blank one', () => {
    expect(tooShortToJudge('')).toBeNull();
    expect(tooShortToJudge('   ')).toBeNull();
    expect(tooShortToJudge('Two words')).toEqual({ words: 2, min: 50 });
    expect(tooShortToJudge(Array(49).fill('word').join(' '))).toEqual({ words: 49, min: 50 });
    expect(tooShortToJudge(Array(50).fill('word').join(' '))).toBeNull();
    expect(tooShortButtonLabel({ words: 2, min: 50 })).toBe('Too short to judge · 2 of 50 words');
  });
});
