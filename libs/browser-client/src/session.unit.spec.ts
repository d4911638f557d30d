import {
  GUEST_KEY,
  isGuestSession,
  isRefreshAnswer,
  isUserSession,
  readStored,
  refreshOnce,
  SESSION_KEY,
  withRefreshedTokens,
  writeStored,
  type SessionStorage,
} from './index';

function memoryStorage(): SessionStorage & { items: Map<string, string> } {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
  };
}

const session = {
  user: { id: 'u1', name: 'Ada', email: 'ada@example.com', role: 'user' as const },
  tokens: { accessToken: 'a1', refreshToken: 'r1', expiresIn: 900 },
  usage: null,
};

describe('stored sessions', () => {
  it('reads back what was written and nothing that fails its shape check', () => {
    const storage = memoryStorage();
    writeStored(storage, SESSION_KEY, session);
    expect(readStored(storage, SESSION_KEY, isUserSession)).toEqual(session);
    storage.setItem(SESSION_KEY, JSON.stringify({ user: { email: 'x@example.com', role: 'user' }, tokens: {} }));
    expect(readStored(storage, SESSION_KEY, isUserSession)).toBeNull();
    storage.setItem(SESSION_KEY, '{not json');
    expect(readStored(storage, SESSION_KEY, isUserSession)).toBeNull();
    writeStored(storage, SESSION_KEY, null);
    expect(storage.items.has(SESSION_KEY)).toBe(false);
    expect(readStored(null, SESSION_KEY, isUserSession)).toBeNull();
  });

  it('checks a user session for e-mail, role and both tokens, a guest for id and token', () => {
    expect(isUserSession(session)).toBe(true);
    expect(isUserSession({ ...session, user: { ...session.user, role: undefined } })).toBe(false);
    expect(isUserSession({ ...session, tokens: { accessToken: 'a' } })).toBe(false);
    expect(isUserSession(null)).toBe(false);
    expect(isGuestSession({ id: 'g1', token: 't' })).toBe(true);
    expect(isGuestSession({ id: 'g1' })).toBe(false);
    const storage = memoryStorage();
    writeStored(storage, GUEST_KEY, { id: 'g1', token: 't', usage: null });
    expect(readStored(storage, GUEST_KEY, isGuestSession)).toEqual({ id: 'g1', token: 't', usage: null });
  });

  it('a blocked storage keeps the session in memory instead of throwing', () => {
    const blocked: SessionStorage = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
      removeItem: () => {
        throw new Error('SecurityError');
      },
    };
    expect(() => writeStored(blocked, SESSION_KEY, session)).not.toThrow();
    expect(readStored(blocked, SESSION_KEY, isUserSession)).toBeNull();
  });
});

describe('refresh', () => {
  it('takes the new access token and the rotated refresh token, keeping the rest of the session', () => {
    expect(withRefreshedTokens(session, { accessToken: 'a2', refreshToken: 'r2', expiresIn: 600 })).toEqual({
      ...session,
      tokens: { accessToken: 'a2', refreshToken: 'r2', expiresIn: 600 },
    });
    // An answer without a refresh token keeps the stored one.
    expect(withRefreshedTokens(session, { accessToken: 'a3' }).tokens).toEqual({
      accessToken: 'a3',
      refreshToken: 'r1',
      expiresIn: 900,
    });
    expect(isRefreshAnswer({ accessToken: 'a' })).toBe(true);
    expect(isRefreshAnswer({ refreshToken: 'r' })).toBe(false);
    expect(isRefreshAnswer(undefined)).toBe(false);
  });

  it('runs one refresh for 401s that arrive together, and a new one after it settled', async () => {
    let calls = 0;
    let finish!: (ok: boolean) => void;
    const refresh = refreshOnce(() => {
      calls++;
      return new Promise<boolean>((resolve) => (finish = resolve));
    });
    const together = [refresh(), refresh(), refresh()];
    expect(calls).toBe(1);
    finish(true);
    expect(await Promise.all(together)).toEqual([true, true, true]);
    const later = refresh();
    expect(calls).toBe(2);
    finish(false);
    expect(await later).toBe(false);
    // A refresh that throws reads as a failed one.
    const failing = refreshOnce(() => Promise.reject(new Error('network')));
    expect(await failing()).toBe(false);
  });
});
