import { PassThrough } from 'node:stream';
import { readEngineSettings } from '@inkprint/config';
import { detectorSettings } from '../commands/detect.command';
import { numberedLines, runJsonl, type JsonlStep } from './jsonl-runner';

async function run(input: string, step: Partial<JsonlStep> = {}) {
  const source = new PassThrough();
  const output = new PassThrough();
  const chunks: string[] = [];
  output.on('data', (c: Buffer) => chunks.push(c.toString()));
  source.end(input);
  const summary = await runJsonl(
    { input: source, output, progress: new PassThrough() },
    {
      label: 'test',
      numbering: 'file',
      nonEmptyText: false,
      run: (text) => Promise.resolve({ length: text.length }),
      failureCode: () => 'FAILED',
      ...step,
    },
  );
  const lines = chunks
    .join('')
    .split('\n')
    .filter((l) => l !== '')
    .map((l) => JSON.parse(l) as Record<string, unknown>);
  return { summary, lines };
}

describe('the CLI JSON-lines runner', () => {
  const input = '\n{"id":"a","text":"hi"}\n\nnot json\n{"id":7,"text":" "}\n[1]\n{"id":"x","text":"boom"}\n';

  it('answers every non-blank line in order, numbering lines as in the file', async () => {
    const { summary, lines } = await run(input, {
      nonEmptyText: true,
      run: (text) => (text === 'boom' ? Promise.reject(new Error('it broke')) : Promise.resolve({ n: text.length })),
    });
    expect(summary).toEqual({ lines: 5, ok: 1, failed: 4 });
    expect(lines).toEqual([
      { id: 'a', n: 2 },
      {
        id: null,
        line: 4,
        error: { code: 'INVALID_JSON', message: expect.stringMatching(/^line 4 is not valid JSON/) },
      },
      {
        id: 7,
        line: 5,
        error: {
          code: 'INVALID_INPUT',
          message: 'line 5: expected an object {"id", "text"} with "text" a non-empty string',
        },
      },
      {
        id: null,
        line: 6,
        error: { code: 'INVALID_INPUT', message: expect.stringContaining('"text" a non-empty string') },
      },
      { id: 'x', line: 7, error: { code: 'FAILED', message: 'line 7: it broke' } },
    ]);
  });

  it('numbers only the records for detect, and lets a blank text through when it asks for a string', async () => {
    const { lines } = await run(input, { numbering: 'records' });
    expect(lines.map((l) => l.line ?? l.length)).toEqual([2, 2, 1, 4, 4]);
    expect(lines[2]).toEqual({ id: 7, length: 1 });
  });

  it('numbers a dataset file as eval reads it', async () => {
    const seen: Array<{ line: number; raw: string }> = [];
    for await (const l of numberedLines(['a', '', '  ', 'b'])) seen.push(l);
    expect(seen).toEqual([
      { line: 1, raw: 'a' },
      { line: 4, raw: 'b' },
    ]);
  });
});

describe("the CLI's engine settings, read through @inkprint/config", () => {
  const saved = { ...process.env };
  afterEach(() => {
    process.env = { ...saved };
  });

  it('takes the options first, then INKPRINT_LANGUAGE_MODEL and INKPRINT_MODELS_DIR, then auto', () => {
    process.env = { ...saved, INKPRINT_LANGUAGE_MODEL: 'off', INKPRINT_MODELS_DIR: '/srv/models' };
    expect(detectorSettings({ engine: 'auto' })).toEqual({
      engine: 'auto',
      modelsDir: '/srv/models',
      languageModel: 'off',
    });
    expect(detectorSettings({ engine: 'onnx', modelsDir: '/m', languageModel: 'auto' })).toEqual({
      engine: 'onnx',
      modelsDir: '/m',
      languageModel: 'auto',
    });
    process.env = { ...saved, INKPRINT_LANGUAGE_MODEL: '', INKPRINT_MODELS_DIR: '' };
    expect(detectorSettings({ engine: 'heuristic' })).toEqual({
      engine: 'heuristic',
      modelsDir: undefined,
      languageModel: 'auto',
    });
  });

  it('names a bad variable the way the API and the worker do', () => {
    process.env = { ...saved, INKPRINT_LANGUAGE_MODEL: 'sometimes' };
    expect(() => detectorSettings({ engine: 'auto' })).toThrow(/INKPRINT_LANGUAGE_MODEL: must be one of auto, off/);
    expect(() => readEngineSettings({ HUMANISER_LLM_URL: 'ftp://x' }, 'inkprint settings')).toThrow(
      /Invalid inkprint settings:[\s\S]*HUMANISER_LLM_URL: must be an http\(s\) URL/,
    );
    expect(
      readEngineSettings({ HUMANISER_LLM_URL: 'http://llm:8080/v1', HUMANISER_LLM_MODEL: 'm' }).humaniserLlm,
    ).toEqual({
      url: 'http://llm:8080/v1',
      model: 'm',
    });
  });
});
