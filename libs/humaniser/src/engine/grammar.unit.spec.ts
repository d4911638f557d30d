import { addedMatches, languageToolUrlFromEnv, type GrammarMatch, type GrammarReport } from './grammar';

const match = (rule: string, text: string, offset = 0): GrammarMatch => ({
  rule,
  issueType: 'grammar',
  category: 'GRAMMAR',
  message: '',
  text,
  offset,
});
const report = (matches: GrammarMatch[]): GrammarReport => ({
  words: 100,
  errors: matches.length,
  per100Words: matches.length,
  grammar: matches.length,
  matches,
});

describe('grammar measure', () => {
  it('reads LANGUAGETOOL_URL and refuses a non-http value', () => {
    expect(languageToolUrlFromEnv({})).toBeUndefined();
    expect(languageToolUrlFromEnv({ LANGUAGETOOL_URL: ' http://127.0.0.1:18081/ ' })).toBe('http://127.0.0.1:18081');
    expect(() => languageToolUrlFromEnv({ LANGUAGETOOL_URL: 'localhost:18081' })).toThrow(/LANGUAGETOOL_URL/);
  });

  it('names the matches a rewrite added, by rule and flagged text, wherever they moved', () => {
    const before = report([match('WHITESPACE_RULE', '  ', 0), match('MORFOLOGIK_RULE_EN_US', 'Erdoğan', 40)]);
    // the same two errors at other offsets (the rewrite moved them) plus a new one
    const after = report([
      match('MORFOLOGIK_RULE_EN_US', 'Erdoğan', 12),
      match('WHITESPACE_RULE', '  ', 0),
      match('EN_A_VS_AN', 'a', 30),
    ]);
    expect(addedMatches(before, after).map((m) => `${m.rule} ${m.text}`)).toEqual(['EN_A_VS_AN a']);
    expect(addedMatches(after, before)).toEqual([]);
    // a second occurrence of the same error counts
    const twice = report([...before.matches, match('WHITESPACE_RULE', '  ', 90)]);
    expect(addedMatches(before, twice)).toHaveLength(1);
  });
});
