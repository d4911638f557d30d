import { reportBandView, sentencePercent, sentenceShade, verdictView, warningNotes } from './verdict-display';

describe('verdictView', () => {
  it("reads 'AI Generated' above 0.5 and 'Human Written' otherwise (spec §4)", () => {
    expect(verdictView({ score: 0.51 })).toEqual({ kind: 'ai', title: 'AI Generated' });
    expect(verdictView({ score: 0.5 })).toEqual({ kind: 'human', title: 'Human Written' });
    expect(verdictView({ score: 0.02 })).toEqual({ kind: 'human', title: 'Human Written' });
  });

  it('reads a too-short text as too short to judge, whatever its score', () => {
    const warning = {
      message: 'The text has 6 words; at least 40 are needed for a reliable verdict, so this result is low-confidence.',
      codes: ['TEXT_TOO_SHORT'],
    };
    expect(verdictView({ score: 0.93, warning })).toMatchObject({ kind: 'too-short', title: 'Too short to judge' });
    expect(verdictView({ score: 0, warning: { message: 'No words.', codes: ['EMPTY_TEXT'] } }).kind).toBe('too-short');
  });

  it('keeps the verdict when the warning is about normalised text only', () => {
    const warning = { message: 'Replaced 3 look-alike characters.', codes: ['TEXT_NORMALISED'] };
    expect(verdictView({ score: 0.8, warning })).toEqual({ kind: 'ai', title: 'AI Generated' });
    expect(warningNotes({ warning })).toEqual(['Replaced 3 look-alike characters.']);
  });
});

it('splits joined warnings into notes and has none without a warning', () => {
  expect(warningNotes({})).toEqual([]);
  expect(
    warningNotes({ warning: { message: 'Removed 2 zero-width characters. The text has 5 words.', codes: [] } }),
  ).toEqual(['Removed 2 zero-width characters.', 'The text has 5 words.']);
});

it('shades AI sentences red and human ones green, stronger towards the ends', () => {
  expect(sentenceShade(90)).toMatch(/^rgba\(192, 57, 43/);
  expect(sentenceShade(10)).toMatch(/^rgba\(46, 125, 91/);
  const alpha = (s: string) => Number(s.match(/([\d.]+)\)$/)?.[1]);
  expect(alpha(sentenceShade(100))).toBeGreaterThan(alpha(sentenceShade(60)));
  expect(alpha(sentenceShade(0))).toBeGreaterThan(alpha(sentenceShade(40)));
});

describe('sentencePercent', () => {
  it("is the sentence's score in percent (the headline's scale), one decimal, else its aiProbability", () => {
    expect(sentencePercent({ score: 0.71234, aiProbability: 99.1 })).toBe(71.2);
    expect(sentencePercent({ aiProbability: 99.1 })).toBe(99.1);
  });
});

// Issue 30 item 1: one score, the demo's split at 50% and the report's bands, related on the card.
describe('reportBandView', () => {
  it("names the report band under the verdict and says why when it reads 'Mixed'", () => {
    expect(reportBandView(0.362)).toEqual({
      band: 'Mixed',
      differs: true,
      text: 'Report band: Mixed. The report reads 35–65% AI as Mixed; this quick verdict splits at 50%.',
    });
    expect(reportBandView(0.35)).toEqual({ band: 'Human', differs: false, text: 'Report band: Human.' });
    expect(reportBandView(0.65)).toMatchObject({ band: 'AI-Generated', differs: false });
    expect(reportBandView(0.5)).toMatchObject({ band: 'Mixed', differs: true });
  });
});
