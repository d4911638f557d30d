import { PassThrough } from 'node:stream';
import { Capture } from '../testing/cli-harness';
import { createDetector, type Detector } from '@inkprint/detector';
import { parseMode, runDetect } from './detect.command';

const TEXT =
  'The committee met on Tuesday to review the budget. Several members raised concerns about the timeline, and the chair ' +
  'agreed to revisit the numbers next month. Meanwhile, staff will prepare a short report on costs and benefits for everyone.';

let detector: Detector;
beforeAll(async () => {
  detector = await createDetector({ engine: 'heuristic' });
});

describe('inkprint detect', () => {
  it('writes one result line per input line, with error lines for bad input, in order', async () => {
    const input = new PassThrough();
    const output = new Capture();
    const progress = new Capture();
    const done = runDetect({ input, output, progress }, { mode: 'fast', detector, compact: true });
    input.end(
      [
        JSON.stringify({ id: 'a', text: TEXT }),
        '{not json',
        JSON.stringify({ id: 7 }),
        '',
        JSON.stringify(['x']),
        JSON.stringify({ text: 'hello there' }),
      ].join('\n'),
    );
    const summary = await done;
    expect(summary).toEqual({ lines: 5, ok: 2, failed: 3 });
    const lines = output.lines;
    expect(lines).toHaveLength(5);
    expect(lines[0]).toMatchObject({ id: 'a', mode: 'fast', engine: 'heuristic' });
    expect(Object.keys(lines[0]).slice(0, 7)).toEqual([
      'id',
      'score',
      'verdict',
      'confidence',
      'mode',
      'engine',
      'chunks',
    ]);
    expect(lines[0]).not.toHaveProperty('sentences');
    expect(lines[1]).toEqual({
      id: null,
      line: 2,
      error: { code: 'INVALID_JSON', message: expect.stringMatching(/^line 2 is not valid JSON/) },
    });
    expect(lines[2]).toMatchObject({ id: 7, line: 3, error: { code: 'INVALID_INPUT' } });
    expect(lines[3]).toMatchObject({ id: null, error: { code: 'INVALID_INPUT' } });
    expect(lines[4]).toMatchObject({ id: null, verdict: 'Mixed' });
    // Not a terminal: no progress drawn.
    expect(progress.text).toBe('');
  });

  it('streams: answers a line before the input has ended', async () => {
    const input = new PassThrough();
    const output = new Capture();
    const done = runDetect({ input, output, progress: new Capture() }, { mode: 'moderate', detector });
    input.write(`${JSON.stringify({ id: 'first', text: TEXT })}\n`);
    for (let i = 0; i < 50 && output.lines.length === 0; i++) await new Promise((r) => setTimeout(r, 10));
    expect(output.lines.map((l) => l.id)).toEqual(['first']);
    expect(output.lines[0]).toHaveProperty('sentences');
    input.end(`${JSON.stringify({ id: 'second', text: TEXT })}\n`);
    await done;
    expect(output.lines.map((l) => l.id)).toEqual(['first', 'second']);
  });

  it('draws progress on stderr only when it is a terminal', async () => {
    const input = new PassThrough();
    const progress = new Capture();
    progress.isTTY = true;
    const done = runDetect({ input, output: new Capture(), progress }, { mode: 'fast', detector });
    input.end(`${JSON.stringify({ id: 1, text: TEXT })}\n`);
    await done;
    expect(progress.text).toMatch(/inkprint detect \(fast\) 1 docs .* docs\/s/);
  });

  it('validates the mode', () => {
    expect(parseMode('strong')).toBe('strong');
    expect(() => parseMode('turbo')).toThrow(/unknown mode "turbo"/);
  });
});
