import { contentStems, similarity, stem, SIMILARITY_THRESHOLD } from './similarity';

const A =
  'The council approved a budget of $4.2 million on Tuesday. Mayor Alice Chen said the plan "puts schools first." ' +
  'Critics argued that the roads still need repairs, and they asked for a second vote in March.';

describe('meaning guard', () => {
  it('scores an identical text 1 and a faithful paraphrase above the threshold', () => {
    expect(similarity(A, A).score).toBe(1);
    const para =
      'On Tuesday the council approved a $4.2 million budget. Mayor Alice Chen said the plan "puts schools first." ' +
      'Critics argued the roads still need repairs. They asked for a second vote in March.';
    const s = similarity(A, para);
    expect(s.missing).toEqual([]);
    expect(s.dropped).toEqual([]);
    expect(s.score).toBeGreaterThanOrEqual(SIMILARITY_THRESHOLD);
  });

  it('flags a changed number, a lost name, an edited quotation and a dropped sentence', () => {
    const bad =
      'The council approved a budget of $4.5 million on Tuesday. The mayor said the plan "puts pupils first."';
    const s = similarity(A, bad);
    expect(s.missing).toEqual(expect.arrayContaining(['$4.2', '"puts schools first."', 'Alice', 'Chen', 'March']));
    expect(s.dropped).toHaveLength(1);
    expect(s.entityRetention).toBeLessThan(1);
    expect(s.score).toBeLessThan(SIMILARITY_THRESHOLD);
  });

  it('scores unrelated text and synonym soup far below the threshold', () => {
    const other = 'Bake the bread for forty minutes, then let it cool on a rack before slicing it thin.';
    expect(similarity(A, other).score).toBeLessThan(0.4);
    const soup =
      'The assembly sanctioned a fund of $4.2 million on Tuesday. Mayor Alice Chen declared the scheme "puts schools first." ' +
      'Detractors contended that the thoroughfares yet require mending, and they requested a subsequent ballot in March.';
    const s = similarity(A, soup);
    expect(s.missing).toEqual([]);
    expect(s.score).toBeLessThan(SIMILARITY_THRESHOLD);
  });

  it('credits WordNet-validated lexicon swaps as kept content', () => {
    expect(similarity('They utilize numerous tools daily.', 'They use many tools daily.').contentRetention).toBe(1);
  });

  it('stems inflections together', () => {
    expect(stem('studies')).toBe(stem('study'));
    expect(new Set(['improve', 'improved', 'improving', 'improves'].map(stem)).size).toBe(1);
    expect(contentStems('The cats were walking quickly')).toEqual(['cat', 'walk', 'quick']);
  });
});
