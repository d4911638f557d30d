import { extractHumanisedText } from './humanised-text';

describe('extractHumanisedText (spec §3: wrapped JSON shapes)', () => {
  const rewrite = 'We walked to the harbour before the rain.';

  it.each([
    ['a plain string', rewrite],
    ['humanised', { humanised: rewrite }],
    ['humanized', { humanized: rewrite }],
    ['humanized_text', { humanized_text: rewrite }],
    ['text', { text: rewrite }],
    ['result', { result: rewrite }],
    ['output', { output: rewrite }],
    ['data.text', { data: { text: rewrite } }],
    ['message.content', { message: { content: rewrite } }],
    ['OpenAI-style choices', { choices: [{ message: { role: 'assistant', content: rewrite } }] }],
    ['completion-style choices', { choices: [{ text: rewrite }] }],
    ['result.output.humanized_text', { result: { output: { humanized_text: rewrite } } }],
    ['a JSON string', JSON.stringify({ humanized_text: rewrite })],
    ['a JSON string inside a key', { result: JSON.stringify({ data: { output: rewrite } }) }],
    ['an array of outputs', [{ output: '' }, { output: rewrite }]],
  ])('finds the rewrite in %s', (_name, value) => {
    expect(extractHumanisedText(value)).toBe(rewrite);
  });

  it('prefers the rewrite keys over the echoed input', () => {
    expect(extractHumanisedText({ original: 'the input', humanized_text: rewrite, text: 'other' })).toBe(rewrite);
  });

  it('reads a whole humanise result and skips an empty rewrite key for a filled one', () => {
    const result = { humanised: '', humanized: rewrite, notes: 'Swapped 3 words.', original: 'the input', words: 8 };
    expect(extractHumanisedText(result)).toBe(rewrite);
    expect(extractHumanisedText({ usage: {}, result: { ...result, humanized: undefined, humanised: rewrite } })).toBe(
      rewrite,
    );
  });

  it('keeps a string that only looks like JSON', () => {
    expect(extractHumanisedText('{not json}')).toBe('{not json}');
  });

  it('answers null when no shape holds text', () => {
    for (const value of [null, undefined, '', '   ', 42, {}, { choices: [] }, { data: { score: 1 } }, []]) {
      expect(extractHumanisedText(value)).toBeNull();
    }
  });
});
