import { detectLanguage } from './language';
import { tokenize } from './tokenize';

const lang = (s: string): string => detectLanguage(s, tokenize(s)).language;

describe('detectLanguage', () => {
  it('recognises ordinary English', () => {
    expect(lang('The cat sat on the mat because it was tired and the sun was warm in the afternoon.')).toBe('English');
  });

  it('returns Unknown for other languages and scripts', () => {
    expect(lang('Der Hund läuft schnell über die Straße und bellt laut gegen den Wind heute Abend.')).toBe('Unknown');
    expect(lang('Привет мир, как дела сегодня у всех наших друзей и коллег в этом городе?')).toBe('Unknown');
    expect(lang('')).toBe('Unknown');
  });
});
