import { apiKeyMatches, hashApiKey, isApiKeyToken, mintApiKey, parseApiKey } from './api-key-token';

describe('API key tokens', () => {
  const secret = 'Zm9vYmFyYmF6cXV4cXV1eGZvb2JhcmJhenF1eHF1dXg';

  it('names its account and key, and matches only its own hash', () => {
    const key = mintApiKey('00000000-0000-4000-8000-000000000001', 'k3yId_-a', secret);
    expect(key.startsWith('ink_')).toBe(true);
    expect(isApiKeyToken(key)).toBe(true);
    expect(parseApiKey(key)).toEqual({ accountId: '00000000-0000-4000-8000-000000000001', keyId: 'k3yId_-a' });
    const hash = hashApiKey(key);
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(hash).not.toContain(secret);
    expect(apiKeyMatches(key, hash)).toBe(true);
    expect(apiKeyMatches(`${key}x`, hash)).toBe(false);
    expect(
      apiKeyMatches(
        key.replace(/.$/, (c) => (c === 'a' ? 'b' : 'a')),
        hash,
      ),
    ).toBe(false);
  });

  it('refuses what is not an API key', () => {
    for (const token of ['', 'ink_', 'ink_abc', 'ink_YQ.key1.short', 'eyJhbGciOi.x.y', `ink_YQ.k/y1.${secret}`])
      expect(parseApiKey(token)).toBeNull();
    expect(isApiKeyToken('eyJhbGciOiJIUzI1NiJ9.e30.x')).toBe(false);
  });
});
