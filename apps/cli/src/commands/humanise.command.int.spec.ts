import { PassThrough } from 'node:stream';
import { Capture } from '../testing/cli-harness';
import { createDetector, type Detector } from '@inkprint/detector';
import { createHumaniser, type Humaniser } from '@inkprint/humaniser';
import { parseTone, runHumanise } from './humanise.command';

const TEXT =
  'Moreover, it is important to note that the committee utilized numerous tools in 2024 to review the budget. ' +
  'Furthermore, the chair agreed to revisit the numbers in order to ensure a comprehensive review of all 12 items.';

let detector: Detector;
let humaniser: Humaniser;
beforeAll(async () => {
  detector = await createDetector({ engine: 'heuristic' });
  humaniser = await createHumaniser({ detector, llm: false });
});

describe('inkprint humanise', () => {
  it('writes one result line per input line with the contract fields, and error lines for bad input, in order', async () => {
    const input = new PassThrough();
    const output = new Capture();
    const progress = new Capture();
    const done = runHumanise({ input, output, progress }, { tone: 'casual', humaniser });
    input.end(
      [
        JSON.stringify({ id: 'a', text: TEXT }),
        '{nope',
        JSON.stringify({ id: 3, text: '  ' }),
        '',
        JSON.stringify({ text: TEXT }),
      ].join('\n'),
    );
    expect(await done).toEqual({ lines: 4, ok: 2, failed: 2 });
    const [a, bad, empty, noId] = output.lines;
    expect(Object.keys(a)).toEqual([
      'id',
      'text',
      'humanised',
      'aiProbabilityBefore',
      'aiProbabilityAfter',
      'similarity',
      'notes',
    ]);
    expect(a).toMatchObject({ id: 'a', text: TEXT });
    expect(a.humanised).not.toBe(TEXT);
    expect(a.humanised).toContain('2024');
    expect(a.humanised).toContain('12');
    expect(a.humanised).not.toMatch(/Moreover|Furthermore/);
    expect(typeof a.aiProbabilityBefore).toBe('number');
    expect(typeof a.aiProbabilityAfter).toBe('number');
    expect(a.similarity as number).toBeGreaterThanOrEqual(0.8);
    expect(a.notes).toMatch(/stock phrase/);
    expect(bad).toEqual({
      id: null,
      line: 2,
      error: { code: 'INVALID_JSON', message: expect.stringMatching(/^line 2 is not valid JSON/) },
    });
    expect(empty).toMatchObject({ id: 3, line: 3, error: { code: 'INVALID_INPUT' } });
    // the same text again on the same engine is a 'Regenerate': another rewrite, still within the guards
    expect(noId).toMatchObject({ id: null, text: TEXT });
    expect(noId.humanised).not.toBe(TEXT);
    expect(noId.humanised).toContain('2024');
    expect(progress.text).toBe('');
  });

  it('adds the full result on request and reports over-long input with its catalogue code', async () => {
    const small = await createHumaniser({ detector, llm: false, maxChars: 50 });
    const input = new PassThrough();
    const output = new Capture();
    const done = runHumanise(
      { input, output, progress: new Capture() },
      { tone: 'formal', humaniser: small, full: true },
    );
    input.end(`${JSON.stringify({ id: 'long', text: TEXT })}\n`);
    await done;
    expect(output.lines[0]).toMatchObject({ id: 'long', error: { code: 'HUMANISER_CHAR_LIMIT' } });

    const out2 = new Capture();
    const input2 = new PassThrough();
    const done2 = runHumanise(
      { input: input2, output: out2, progress: new Capture() },
      { tone: 'formal', humaniser, full: true },
    );
    input2.end(`${JSON.stringify({ id: 'f', text: TEXT })}\n`);
    await done2;
    expect(out2.lines[0].result).toMatchObject({
      tone: 'formal',
      evaluation: { verdict: expect.any(String), badge: expect.any(String) },
    });
  });

  it('validates the tone', () => {
    expect(parseTone('narrative')).toBe('narrative');
    expect(() => parseTone('pirate')).toThrow(/unknown tone "pirate"/);
  });
});
