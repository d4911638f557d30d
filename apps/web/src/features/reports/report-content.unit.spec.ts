import type { ReportResult } from '@inkprint/contracts';
import {
  AI_PARTS_LABEL,
  aiPartsOf,
  detectLanguage,
  excerpt,
  featureInsights,
  humanAiSplit,
  reportTooShort,
  signalValue,
  tooShortNote,
  NO_RATIONALE,
  omittedNote,
  percent1,
  processingTime,
  summarise,
} from './report-content';

const words = (n: number, prefix = 'w') => Array.from({ length: n }, (_, i) => `${prefix}${i + 1}`).join(' ');

describe('excerpt (the PDF shows long inputs as the first 120 and last 120 words)', () => {
  it('keeps a text of up to 500 words whole', () => {
    expect(excerpt(words(500))).toEqual({ whole: true, text: words(500), words: 500 });
    expect(excerpt('  a  short\ntext ')).toEqual({ whole: true, text: 'a  short\ntext', words: 3 });
  });

  it('cuts a text over 500 words to the first 120, the omitted count and the last 120', () => {
    const cut = excerpt(words(501));
    expect(cut).toEqual({
      whole: false,
      head: words(120),
      tail: Array.from({ length: 120 }, (_, i) => `w${382 + i}`).join(' '),
      omitted: 261,
      words: 501,
    });
    const long = excerpt(words(2000));
    expect(long.whole).toBe(false);
    if (!long.whole) {
      expect(long.omitted).toBe(1760);
      expect(long.head.split(' ')).toHaveLength(120);
      expect(long.tail.split(' ')).toEqual(words(2000).split(' ').slice(-120));
    }
    expect(omittedNote(1760)).toBe('[… 1,760 words omitted …]');
  });
});

describe('one-decimal scores', () => {
  it.each([
    [42, '42.0%'],
    [33.333, '33.3%'],
    [66.66, '66.7%'],
    [0, '0.0%'],
    [100, '100.0%'],
    [12.25, '12.3%'],
  ])('%p reads %p', (value, shown) => expect(percent1(value)).toBe(shown));

  it('prints processing time in whole ms', () => {
    expect(processingTime(12.6)).toBe('13 ms');
    expect(processingTime(null)).toBe('—');
  });
});

describe('detectLanguage', () => {
  it('reads ordinary English prose as English', () => {
    expect(
      detectLanguage('The committee met on Tuesday and agreed that the budget for the new library was too small.'),
    ).toBe('English');
  });

  it.each([
    ['French', 'Le comité s’est réuni mardi et a convenu que le budget de la nouvelle bibliothèque était trop petit.'],
    [
      'German',
      'Der Ausschuss traf sich am Dienstag und war sich einig, dass das Budget für die Bibliothek zu klein war.',
    ],
    ['Russian', 'Комитет собрался во вторник и согласился, что бюджет новой библиотеки слишком мал.'],
    ['Chinese', '委员会星期二开会，一致认为新图书馆的预算太少。'],
    ['empty', '   '],
    ['numbers', '12345 67890 2024'],
    ['a word list', 'apple banana cherry grape melon'],
  ])('reads %s as Unknown', (_, text) => expect(detectLanguage(text)).toBe('Unknown'));
});

describe('summarise', () => {
  const result: ReportResult = {
    score: 0.7234,
    confidence: 81.26,
    modeLabel: 'Moderate (chunked)',
    mode: 'moderate',
    originalText: 'The cat sat on the mat and it was happy with the warm sun on its back.',
    rationale: '  Uniform sentence lengths.  ',
    timings: { durationMs: 41.7 },
    chunks: [
      { index: 0, label: 'AI', aiProbability: 71.24, confidence: 80.05, words: 150 },
      { index: 1, label: 'Human', aiProbability: 22.5, confidence: 60, words: 90 },
    ],
  };

  it('derives the report numbers from the stored result', () => {
    const s = summarise(result);
    expect(s.aiPercent).toBeCloseTo(72.34, 6);
    expect(s.humanPercent).toBeCloseTo(27.66, 6);
    expect(percent1(s.aiPercent)).toBe('72.3%');
    expect(percent1(s.humanPercent)).toBe('27.7%');
    expect(s.characters).toBe(result.originalText!.length);
    expect(s.language).toBe('English');
    expect(s.classification).toBe('AI-Generated');
    expect(s.mode).toBe('Moderate (chunked)');
    expect(s.processingMs).toBe(41.7);
    expect(s.rationale).toBe('Uniform sentence lengths.');
    // Chunks without a score (stored before chunks carried one) show their aiProbability.
    expect(s.chunks.map((c) => c.aiPercent)).toEqual([71.24, 22.5]);
    // With one, the chunk's AI % is on the headline's scale.
    const scored = summarise({ ...result, chunks: [{ ...result.chunks![0], score: 0.6512 }] });
    expect(scored.chunks[0].aiPercent).toBeCloseTo(65.12, 6);
    expect(s.chunks).toEqual([
      { number: 1, label: 'AI', aiPercent: 71.24, confidencePercent: 80.05, words: 150 },
      { number: 2, label: 'Human', aiPercent: 22.5, confidencePercent: 60, words: 90 },
    ]);
  });

  it.each([
    [0, 'Human'],
    [0.35, 'Human'],
    [0.3501, 'Mixed'],
    [0.5, 'Mixed'],
    [0.6499, 'Mixed'],
    [0.65, 'AI-Generated'],
    [1, 'AI-Generated'],
  ])('classifies score %p as %p', (score, classification) =>
    expect(summarise({ score }).classification).toBe(classification),
  );

  it('falls back for a bare result: text, rationale, mode, timing', () => {
    const s = summarise({ score: 0.2, text: 'x', modeLabel: 'Strong (uses model v3)' });
    expect(s.text).toBe('x');
    expect(s.rationale).toBe(NO_RATIONALE);
    expect(s.mode).toBe('Strong');
    expect(s.processingMs).toBeNull();
    expect(s.confidencePercent).toBeNull();
    expect(summarise({ score: 0.2 }).mode).toBe('Unknown');
  });

  it('lists chunk spread and signals as feature insights', () => {
    const rows = featureInsights(
      { ...result, signals: [{ label: 'Sentence length variance', value: 3.456, direction: 'ai' }] },
      summarise(result),
    );
    expect(rows).toEqual([
      { feature: 'Words analysed (detector count)', value: '240' },
      { feature: 'Chunks scored', value: '2' },
      { feature: 'Highest chunk AI %', value: '71.2%' },
      { feature: 'Lowest chunk AI %', value: '22.5%' },
      { feature: 'Chunks labelled AI / Mixed / Human', value: '1 / 0 / 1' },
      { feature: 'Sentence length variance', value: '3.5 (leans AI)' },
    ]);
  });

  it("quotes signal values at the rationale's precision, so section 4 and section 5 show the same numbers", () => {
    const rationale =
      'Stylistic signals pointing to AI: more vocabulary that chat models overuse than typical human writing (0.082 vs 0.003); more sentences opening with a transition word than typical human writing (0.750 vs 0.065). Pointing the other way: fewer paragraph breaks than typical human writing (0.000 vs 0.002).';
    const signals = [
      { label: 'vocabulary that chat models overuse', value: 0.0821, direction: 'ai' },
      { label: 'sentences opening with a transition word', value: 0.75, direction: 'ai' },
      { label: 'paragraph breaks', value: 0, direction: 'human' },
      { label: 'spread of word lengths', value: 3.27, direction: 'ai' },
      { label: 'average sentence length', value: 23.6, direction: 'ai' },
    ];
    const rows = featureInsights({ ...result, rationale, signals }, summarise({ ...result, rationale })).slice(5);
    expect(rows).toEqual([
      { feature: 'Vocabulary that chat models overuse', value: '0.082 (leans AI)' },
      { feature: 'Sentences opening with a transition word', value: '0.750 (leans AI)' },
      { feature: 'Paragraph breaks', value: '0.000 (leans human)' },
      { feature: 'Spread of word lengths', value: '3.3 (leans AI)' },
      { feature: 'Average sentence length', value: '24 (leans AI)' },
    ]);
    for (const row of rows.slice(0, 3)) expect(rationale).toContain(`(${row.value.split(' ')[0]} vs`);
    expect(signalValue(-0.5)).toBe('-0.500');
  });
});

describe('a text too short to judge (issue 43 item 2)', () => {
  const hello = {
    score: 0.49,
    originalText: 'Hello world',
    words: 2,
    chunks: [{ index: 0, label: 'Mixed', score: 0.499, aiProbability: 49.9, confidence: 3, words: 2 }],
    warning: { message: 'The text has 2 words; at least 50 are needed.', codes: ['TEXT_TOO_SHORT'] },
  } as ReportResult;

  it("reads 'Too short to judge' with no AI figure, bars or chunk scores", () => {
    const s = summarise(hello);
    expect(s.tooShort).toEqual({ words: 2 });
    expect(s.classification).toBe('Too short to judge');
    expect(humanAiSplit(s)).toBe('—');
    expect(s.chunks).toEqual([]);
    const insights = featureInsights(hello, s).map((row) => row.feature);
    expect(insights).not.toContain('Highest chunk AI %');
    expect(tooShortNote(2)).toBe(
      'Too short to judge: the detector counted 2 words; at least 50 are needed for a verdict, so this report gives no AI figure.',
    );
    expect(tooShortNote(1)).toContain('counted 1 word;');
  });

  it('knows a result saved without the warning by its word count, and an empty one', () => {
    const { warning: _warning, ...older } = hello as ReportResult & { warning: unknown };
    expect(reportTooShort(older)).toEqual({ words: 2 });
    expect(
      reportTooShort({ score: 0.5, warning: { message: 'No words.', codes: ['EMPTY_TEXT'] } } as ReportResult),
    ).toEqual({
      words: 0,
    });
    expect(reportTooShort({ score: 0.8, words: 120 } as ReportResult)).toBeNull();
    expect(humanAiSplit(summarise({ score: 0.8123, words: 120 } as ReportResult))).toBe('18.8% / 81.2%');
  });
});

describe('AI-written parts (issue 42)', () => {
  const sentences = [
    'Short human start.',
    'Another human line.',
    'In today’s rapidly evolving landscape, organisations must navigate a multifaceted set of challenges.',
    'Moreover, it matters.',
  ].map((text) => ({ text }));
  const result = (over: Record<string, unknown>) =>
    ({ score: 0.9, rationale: 'r', sentences, ...over }) as unknown as ReportResult;

  it('names each part by its sentences, words and opening, and counts them in section 4', () => {
    const r = result({
      segments: [{ start: 40, end: 200, words: 18, firstSentence: 2, lastSentence: 3 }],
      aiWordShare: 0.6,
    });
    const summary = summarise(r);
    expect(summary.aiParts).toEqual({
      parts: [
        {
          number: 1,
          place: 'Sentences 3-4',
          words: 18,
          opening: 'In today’s rapidly evolving landscape, organisations must navigate a multifaceted set of …',
        },
      ],
      sharePercent: 60,
    });
    expect(featureInsights(r, summary)).toContainEqual({ feature: AI_PARTS_LABEL, value: '1 (60.0% of the words)' });
    expect(aiPartsOf({ segments: [{ words: 30, firstSentence: 1, lastSentence: 1 }], sentences })?.parts[0].place).toBe(
      'Sentence 2',
    );
  });

  it("says 'None found' where the engine looked and found none, and nothing where it did not look", () => {
    const none = result({ segments: [], aiWordShare: 0 });
    expect(featureInsights(none, summarise(none))).toContainEqual({ feature: AI_PARTS_LABEL, value: 'None found' });
    const fast = result({});
    expect(summarise(fast).aiParts).toBeNull();
    expect(featureInsights(fast, summarise(fast)).map((i) => i.feature)).not.toContain(AI_PARTS_LABEL);
  });
});
