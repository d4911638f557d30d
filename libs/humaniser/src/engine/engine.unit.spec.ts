import { badgeFor, verdictFor } from './evaluation';
import { buildMessages, extractText, llmConfigFromEnv } from './llm';
import { resolveTone, TONE_PROFILES, isTone } from '../core/tones';

describe('humaniser evaluation bands (spec section 4)', () => {
  it('maps the AI probability to the verdict and badge', () => {
    expect([0, 0.35, 0.36, 0.5, 0.51, 0.64, 0.65, 1].map((p) => `${verdictFor(p)}/${badgeFor(p)}`)).toEqual([
      'Humanised/humanised',
      'Humanised/humanised',
      'Humanised/borderline',
      'Humanised/borderline',
      'AI Generated/borderline',
      'AI Generated/borderline',
      'AI Generated/ai',
      'AI Generated/ai',
    ]);
  });
});

describe('tones', () => {
  it('knows the eight presets and resolves auto from the text', () => {
    expect(
      ['auto', 'formal', 'casual', 'creative', 'neutral', 'persuasive', 'technical', 'narrative'].every(isTone),
    ).toBe(true);
    expect(isTone('pirate')).toBe(false);
    expect(resolveTone('formal', 'x')).toBe(TONE_PROFILES.formal);
    expect(resolveTone('auto', 'Run `npm test` before you merge the branch into main.').tone).toBe('technical');
    expect(
      resolveTone('auto', '"Stay," she said. He looked at the door and walked out into the rain without a word.').tone,
    ).toBe('narrative');
    expect(
      resolveTone('auto', "I love this place and you'll love it too, my friends always say it's the best.").tone,
    ).toBe('casual');
    expect(
      resolveTone(
        'auto',
        'The study proposes a framework; the results of the analysis show significant gains on the data.',
      ).tone,
    ).toBe('formal');
  });
});

describe('LLM provider plumbing', () => {
  it('reads its configuration from the environment and validates it', () => {
    expect(llmConfigFromEnv({})).toBeUndefined();
    expect(
      llmConfigFromEnv({
        HUMANISER_LLM_URL: 'http://127.0.0.1:9/v1/chat/completions',
        HUMANISER_LLM_MODEL: 'm',
        HUMANISER_LLM_TIMEOUT_MS: '500',
      }),
    ).toEqual({
      url: 'http://127.0.0.1:9/v1/chat/completions',
      model: 'm',
      apiKey: undefined,
      timeoutMs: 500,
    });
    expect(() => llmConfigFromEnv({ HUMANISER_LLM_URL: 'ftp://x' })).toThrow(/HUMANISER_LLM_URL/);
    expect(() => llmConfigFromEnv({ HUMANISER_LLM_URL: 'http://x', HUMANISER_LLM_TIMEOUT_MS: 'soon' })).toThrow(
      /TIMEOUT/,
    );
  });

  it('extracts the text from the assorted response shapes', () => {
    expect(extractText({ choices: [{ message: { content: 'a' } }] })).toBe('a');
    expect(extractText({ choices: [{ text: 'b' }] })).toBe('b');
    expect(extractText({ humanized_text: 'c' })).toBe('c');
    expect(extractText({ data: { output: 'd' } })).toBe('d');
    expect(extractText({ message: 'e' })).toBe('e');
    expect(extractText({ nothing: 1 })).toBeUndefined();
  });

  it('asks for the tone and for facts to be kept', () => {
    const m = buildMessages('Hello there.', TONE_PROFILES.formal);
    expect(m[0].content).toMatch(/Keep every fact, number, name, quotation/);
    expect(m[0].content).toMatch(/no contractions/);
    expect(m[1]).toEqual({ role: 'user', content: 'Hello there.' });
  });
});
