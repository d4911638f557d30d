import { READ_OUT } from '../../scripts/vet-synonyms';
import { applyEdits, editPairs, proposeEdits, synonymsOf } from './edits';
import { lexiconPairs } from './lexicon';
import { SWAPS_READ } from './swaps-read';
import { protect, SpanTable } from './protect';

const swaps = (s: string): string[] => proposeEdits(s).map((e) => `${e.from}>${e.to}`);

describe('guided word edits (core/edits.ts)', () => {
  it('ships only the pairs read in context (core/swaps-read.ts), none of the swaps read and refused', () => {
    const shipped = editPairs().map(([w, c]) => `${w}>${c}`);
    expect(shipped.length).toBeGreaterThan(50);
    for (const pair of shipped) expect(SWAPS_READ.has(pair)).toBe(true);
    expect(synonymsOf('adj', 'vast')).toEqual(['huge']);
    // read in context and refused (2026-11-29 night): not shipped although the WordNet tables hold them
    for (const [pos, w] of [
      ['noun', 'warmth'],
      ['verb', 'realize'],
      ['adv', 'briefly'],
      ['adj', 'particular'],
      ['noun', 'aspect'],
      ['noun', 'student'],
    ] as const)
      expect(synonymsOf(pos, w)).toEqual([]);
    // machine markers are never candidates, tortured or sense-changing swaps are out
    for (const [, to] of editPairs())
      expect(['utilize', 'moreover', 'furthermore', 'edifice', 'colored']).not.toContain(to);
    expect(synonymsOf('adj', 'final')).toEqual([]);
    expect(synonymsOf('adv', 'rather')).toEqual([]);
  });

  it('inflects verbs and nouns to the form they replace', () => {
    expect(swaps('She whispered the answer to him.')).toContain('whispered>murmured');
    expect(swaps('The officials have chosen the site.')).toContain('chosen>picked');
    expect(swaps('He is purchasing two houses.')).toContain('purchasing>buying');
    expect(swaps('Their achievements impressed the judges.')).toContain('achievements>accomplishments');
    // irregular pasts and participles, and adverbs may stand between
    expect(swaps('She had completely witnessed the crash.')).toContain('witnessed>seen');
    expect(swaps('She witnessed the crash.')).toContain('witnessed>saw');
    // found reading the held-out rewrites (issue 40): an adjectival participle, the -e gerund
    expect(swaps('They walked through a transformed city.').some((x) => x.startsWith('transformed'))).toBe(false);
    expect(swaps('They are creating new jobs.')).toContain('creating>making');
    expect(swaps('They are reducing costs.')).toContain('reducing>cutting');
  });

  it('never touches names, protected spans, auxiliaries or phrasal verbs', () => {
    const names = swaps('Yesterday Huge Jackman met Vast Corp in Leeds.');
    expect(names.some((x) => /Huge|Vast/.test(x))).toBe(false);
    const table = new SpanTable();
    const masked = protect('The report said "a huge storm" hit 28% of homes.', table);
    expect(proposeEdits(masked).every((e) => !table.restore(masked.slice(e.start, e.end)).includes('storm'))).toBe(
      true,
    );
    expect(swaps('They picked the kids up after school.')).toEqual([]);
  });

  it('applies edits right to left and repairs a/an', () => {
    const s = 'It was an immense mistake and an awful day.';
    const e = proposeEdits(s).filter((x) => x.from === 'immense');
    expect(e.length).toBeGreaterThan(0);
    expect(applyEdits(s, [e[0]])).toBe('It was a huge mistake and an awful day.');
    // only the article of the swapped word: "an FOI" elsewhere stays
    const f = 'They may decline an FOI request if it is an immense task.';
    const h = proposeEdits(f).find((x) => x.from === 'immense');
    expect(h && applyEdits(f, [h])).toBe('They may decline an FOI request if it is a huge task.');
  });

  it('takes words with regex characters inside as they are (GECScore markup: "air**Romeo\'s")', () => {
    expect(() => proposeEdits("The air**Romeo's vast (dog) [x] was+ here? a.b*c vast.")).not.toThrow();
    expect(swaps("The air**Romeo's vast dog was here.")).toContain('vast>huge');
  });

  it('reads a plural noun the tagger took for a verb as a noun', () => {
    expect(swaps('The FOI requests highlights the gap.').some((x) => x.startsWith('requests'))).toBe(false);
  });
  it('adds nothing of the wider tier Gemma read that was not read in context, nor the pairs a person refused', () => {
    expect(synonymsOf('adj', 'vast')).not.toContain('immense');
    expect(synonymsOf('noun', 'photograph')).toEqual([]);
    const pairs = new Set(editPairs().map(([w, c]) => `${w}>${c}`));
    for (const key of READ_OUT) expect(pairs.has(key.split(':')[1])).toBe(false);
    // "secured a narrow 1-0 victory" -> "procured" (kept by Gemma, a sense a reader refuses) is not offered
    expect(
      swaps('Accrington Stanley secured a narrow 1-0 victory over Barnet.').some((x) => x.startsWith('secured')),
    ).toBe(false);
  });

  it("refuses the swaps read in this engine's held-out rewrites (issue 40, after their measurement)", () => {
    const none = (s: string, word: string): boolean => !swaps(s).some((x) => x.startsWith(`${word}>`));
    // "McCartan's aim": a goal in football is not an aim
    expect(
      none(
        "Accrington manager John Coleman praised his team's resilience and the impact of McCartan's goal, stating, \"We had to dig deep today, and the lads showed great character.",
        'goal',
      ),
    ).toBe(true);
    // "allowing it to rest and potentially retrieve": a heart recovers, it does not retrieve
    expect(
      none(
        'This remarkable emulation not only ensures efficient blood circulation but also reduces the strain on the failing heart, allowing it to rest and potentially recover.',
        'recover',
      ),
    ).toBe(true);
    // "my eyes floated to the old photograph"
    expect(
      none(
        'As I stood, my eyes drifted to the old photograph on the wall, the one of Rachel and me, smiling and carefree on a sun-drenched beach.',
        'drifted',
      ),
    ).toBe(true);
    // "leaving Barnet's goalkeeper with no opportunity": the idiom is "no chance"
    expect(
      none(
        "After Billy Kee was fouled on the edge of the area, McCartan stepped up and fired a 20-yard free-kick into the top corner, leaving Barnet's goalkeeper with no chance.",
        'chance',
      ),
    ).toBe(true);
    // "Despite the defensive attempts"
    expect(
      none('Despite the defensive efforts, Barnet struggled to make an impact on the offensive end.', 'efforts'),
    ).toBe(true);
    // "but at last, Barnet could not find a way through" (the plan's lexicon): "at last" is not "ultimately"
    expect([...lexiconPairs()].some(([w, c]) => w === 'ultimately' && c === 'at last')).toBe(false);
  });

  describe('the three held-out rewrites a reader rejected (issue 40), refused by rule, not only by the table', () => {
    // the pairs the first table offered, so that the rules are tested even though the shipped table lacks them
    const first: Record<string, string[]> = {
      'adv:closely': ['carefully'],
      'noun:fabric': ['cloth'],
      'noun:possibility': ['chance'],
      'verb:shatter': ['break'],
      'adj:narrow': ['tight'],
      'noun:victory': ['win'],
      'noun:note': ['message'],
      'verb:play': ['toy'],
    };
    const lookup = (pos: string, lemma: string): string[] => first[`${pos}:${lemma}`] ?? [];
    const with1 = (s: string): string[] => proposeEdits(s, 3, lookup).map((e) => `${e.from}>${e.to}`);

    it('"closely contested": a degree adverb in an adjective phrase keeps its sense', () => {
      const s =
        'Accrington Stanley secured a narrow 1-0 victory over Barnet in a closely contested League Two encounter at the Wham Stadium.';
      expect(with1(s).some((x) => x.startsWith('closely'))).toBe(false);
      expect(swaps(s).some((x) => x.startsWith('closely'))).toBe(false);
      // the other words of the sentence are still offered, and a manner adverb still is
      expect(with1(s)).toEqual(expect.arrayContaining(['narrow>tight', 'victory>win']));
      expect(with1('The guards watched him closely.')).toContain('closely>carefully');
    });

    it('"the fabric of reality", "the infinite possibilities of existence": fixed phrases keep their noun', () => {
      const a =
        'She played with the fabric of reality as if it were a delicate garment, adjusting the threads and seams carefully to her liking.';
      expect(with1(a).some((x) => x.startsWith('fabric'))).toBe(false);
      expect(swaps(a).some((x) => /^(fabric|adjusting|carefully)>/.test(x))).toBe(false);
      const b =
        'Every new universe was a new canvas, an opportunity to explore the infinite possibilities of existence.';
      expect(with1(b).some((x) => x.startsWith('possibilities'))).toBe(false);
      expect(swaps(b).some((x) => /^(possibilities|explore)>/.test(x))).toBe(false);
      // a noun before "of the ..." or without "the" is still offered
      expect(with1('He bought a roll of fabric for the curtains.')).toContain('fabric>cloth');
      expect(with1('We weighed the possibilities of the plan.')).toContain('possibilities>chances');
    });

    it('"a shattered heart": an adjectival participle is not inflected as a past tense ("a broke heart")', () => {
      const s =
        "It had been six months since she'd walked out, leaving me with nothing but a cryptic note and a shattered heart.";
      expect(with1(s).some((x) => x.startsWith('shattered'))).toBe(false);
      expect(swaps(s).some((x) => x.startsWith('shattered'))).toBe(false);
      expect(with1(s)).toContain('note>message');
      expect(with1('The stone shattered the window.')).toContain('shattered>broke');
    });
  });
});
