import { HttpError } from 'ra-core';
import { createAuthProvider } from './auth-provider';
import { createDataProvider, usersQuery } from './data-provider';
import { createApiClient, errorCode } from './http-client';
import { readSession, SESSION_KEY, signInUrl, type SessionStorage } from './session';

class MemoryStorage implements SessionStorage {
  readonly items = new Map<string, string>();
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
}

interface Call {
  url: URL;
  method: string;
  auth: string | null;
  body: unknown;
}

type Handler = (call: Call) => { status: number; body?: unknown };

function fakeApi(handler: Handler) {
  const calls: Call[] = [];
  const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const headers = (init?.headers ?? {}) as Record<string, string>;
    const call: Call = {
      url: new URL(String(input)),
      method: init?.method ?? 'GET',
      auth: headers.Authorization ?? null,
      body: init?.body ? JSON.parse(String(init.body)) : undefined,
    };
    calls.push(call);
    const { status, body } = handler(call);
    return new Response(body === undefined ? '' : JSON.stringify(body), { status });
  }) as typeof globalThis.fetch;
  return { calls, fetch };
}

const session = {
  user: { id: 'u1', name: 'Root', email: 'root@example.com', role: 'super_admin' },
  tokens: { accessToken: 'access-1', refreshToken: 'refresh-1', expiresIn: 900 },
  usage: { kept: true },
};

function setup(handler: Handler) {
  const storage = new MemoryStorage();
  storage.setItem(SESSION_KEY, JSON.stringify(session));
  const api = fakeApi(handler);
  let signedOut = 0;
  const client = createApiClient({
    apiOrigin: 'http://api.test/',
    storage,
    fetch: api.fetch,
    onSignedOut: () => signedOut++,
  });
  return { storage, api, client, provider: createDataProvider(client), signedOut: () => signedOut };
}

const user = (id: string) => ({
  id,
  email: `${id}@example.com`,
  name: id,
  role: 'user',
  status: 'active',
  planSlug: 'free-signup',
  wordsUsed: 0,
  lastLoginAt: null,
});

/** A dashboard summary as the contract reads it. */
const summary = (users: number) => ({
  totals: { users, activeUsers: users, pendingUsers: 0, admins: 1 },
  subscriptions: { basic: 0, pro: 0, enterprise: 0 },
  recentUsers: [],
  recentActivity: [],
});

const adminItem = {
  id: 'r',
  email: 'root@example.com',
  role: 'super_admin',
  createdAt: '2026-01-01T00:00:00.000Z',
  adminSince: null,
};

describe('usersQuery', () => {
  it('leaves out all/empty filters and never sends q with a cursor', () => {
    expect(usersQuery({ status: 'all', role: '', q: '  ' }, 20, 'c1')).toEqual({
      limit: 20,
      status: undefined,
      role: undefined,
      q: undefined,
      cursor: 'c1',
    });
    expect(usersQuery({ status: 'disabled', role: 'admin', q: ' ada ' }, 20, 'c1')).toEqual({
      limit: 20,
      status: 'disabled',
      role: 'admin',
      q: 'ada',
      cursor: undefined,
    });
  });
});

describe('data provider: users directory', () => {
  it('maps a page to partial pagination and follows the cursor for the next page', async () => {
    const { api, provider } = setup(({ url }) =>
      url.searchParams.get('cursor') === 'c2'
        ? { status: 200, body: { users: [user('c')], nextCursor: null, total: 3 } }
        : { status: 200, body: { users: [user('a'), user('b')], nextCursor: 'c2', total: 3 } },
    );
    const filter = { status: 'active', role: 'all' };
    const first = await provider.getList('users', {
      pagination: { page: 1, perPage: 2 },
      sort: { field: 'id', order: 'ASC' },
      filter,
    });
    expect(first.data.map((row) => row.id)).toEqual(['a', 'b']);
    expect(first.total).toBe(3);
    expect(first.pageInfo).toEqual({ hasNextPage: true, hasPreviousPage: false });
    expect(first.meta).toEqual({ nextCursor: 'c2' });
    const second = await provider.getList('users', {
      pagination: { page: 2, perPage: 2 },
      sort: { field: 'id', order: 'ASC' },
      filter,
    });
    expect(second.data.map((row) => row.id)).toEqual(['c']);
    expect(second.pageInfo).toEqual({ hasNextPage: false, hasPreviousPage: true });
    expect(api.calls.map((call) => call.url.pathname + call.url.search)).toEqual([
      '/admin/users?limit=2&status=active',
      '/admin/users?limit=2&status=active&cursor=c2',
    ]);
    expect(api.calls[0].auth).toBe('Bearer access-1');
  });

  it('walks from the first page when asked for a page whose cursor it does not know', async () => {
    const { api, provider } = setup(({ url }) => {
      const cursor = url.searchParams.get('cursor');
      if (!cursor) return { status: 200, body: { users: [user('a')], nextCursor: 'p2', total: 3 } };
      if (cursor === 'p2') return { status: 200, body: { users: [user('b')], nextCursor: 'p3', total: 3 } };
      return { status: 200, body: { users: [user('c')], nextCursor: null, total: 3 } };
    });
    const third = await provider.getList('users', {
      pagination: { page: 3, perPage: 1 },
      sort: { field: 'id', order: 'ASC' },
      filter: {},
    });
    expect(third.data.map((row) => row.id)).toEqual(['c']);
    expect(api.calls.map((call) => call.url.searchParams.get('cursor'))).toEqual([null, 'p2', 'p3']);
  });

  it('takes an explicit cursor from meta', async () => {
    const { api, provider } = setup(() => ({ status: 200, body: { users: [], nextCursor: null, total: 0 } }));
    await provider.getList('users', {
      pagination: { page: 5, perPage: 20 },
      sort: { field: 'id', order: 'ASC' },
      filter: {},
      meta: { cursor: 'xyz' },
    });
    expect(api.calls).toHaveLength(1);
    expect(api.calls[0].url.searchParams.get('cursor')).toBe('xyz');
  });

  it('does not page a search', async () => {
    const { api, provider } = setup(() => ({
      status: 200,
      body: { users: [user('ada')], nextCursor: null, total: 1 },
    }));
    const found = await provider.getList('users', {
      pagination: { page: 1, perPage: 20 },
      sort: { field: 'id', order: 'ASC' },
      filter: { q: 'ada' },
    });
    expect(found.pageInfo?.hasNextPage).toBe(false);
    const next = await provider.getList('users', {
      pagination: { page: 2, perPage: 20 },
      sort: { field: 'id', order: 'ASC' },
      filter: { q: 'ada' },
    });
    expect(next.data).toEqual([]);
    expect(api.calls).toHaveLength(1);
    expect(api.calls[0].url.searchParams.get('q')).toBe('ada');
  });

  it('reads one account with GET /admin/users/{id}', async () => {
    const { api, provider } = setup(({ url }) =>
      url.pathname === '/admin/users/z%2F1'
        ? { status: 200, body: { user: user('z/1') } }
        : {
            status: 404,
            body: { message: 'No such account.', status: 404, code: 'ACCOUNT_NOT_FOUND', details: {} },
          },
    );
    expect((await provider.getOne('users', { id: 'z/1' })).data.email).toBe('z/1@example.com');
    await expect(provider.getOne('users', { id: 'nobody' })).rejects.toMatchObject({ status: 404 });
    expect(api.calls.map((call) => `${call.method} ${call.url.pathname}${call.url.search}`)).toEqual([
      'GET /admin/users/z%2F1',
      'GET /admin/users/nobody',
    ]);
  });

  it('lists the admin team', async () => {
    const admins = [adminItem];
    const { provider } = setup(() => ({ status: 200, body: { admins } }));
    const list = await provider.getList('admins', {
      pagination: { page: 1, perPage: 50 },
      sort: { field: 'id', order: 'ASC' },
      filter: {},
    });
    expect(list).toMatchObject({ data: admins, total: 1 });
  });
});

describe('data provider: commands', () => {
  it('posts plan, status, revoke, invite, lookup, accept and reads the dashboard, timeline (kinds), invites and daily usage', async () => {
    const invite = {
      id: '0123456789abcdef0123456789abcdef',
      email: 'new@example.com',
      status: 'pending',
      expiresAt: '2026-11-30T19:00:00.000Z',
      issuedAt: '2026-11-23T19:00:00.000Z',
      issuedBy: 'root@example.com',
      acceptedAt: null,
    };
    const daily = { date: '2026-11-23', plan: 'pro', detections: 3, humanisations: 1 };
    const { api, provider } = setup(({ url, method }) => {
      if (url.pathname === '/admin/dashboard') return { status: 200, body: { summary: summary(1) } };
      if (url.pathname.endsWith('/plan'))
        return { status: 200, body: { subscription: { planSlug: 'pro', status: 'active' }, message: 'ok' } };
      if (url.pathname.endsWith('/status')) return { status: 200, body: { user: user('u2'), message: 'ok' } };
      if (url.pathname.endsWith('/revoke') && url.pathname.startsWith('/admin/admins/'))
        return { status: 200, body: { admin: adminItem, message: 'ok' } };
      if (url.pathname === '/admin/invites/accept')
        return {
          status: 200,
          body: { user: { id: 'u3', email: 'new@example.com', name: 'New', role: 'admin' }, message: 'ok' },
        };
      if (url.pathname.startsWith('/admin/invites') && method === 'POST')
        return {
          status: 200,
          body: { invite: { email: invite.email, expiresAt: invite.expiresAt, status: 'pending' } },
        };
      if (url.pathname.endsWith('/timeline')) return { status: 200, body: { events: [], nextBefore: null } };
      if (url.pathname === '/admin/invites' && method === 'GET') return { status: 200, body: { invites: [invite] } };
      if (url.pathname === '/admin/metrics/daily') return { status: 200, body: { days: [daily] } };
      return { status: 200, body: { message: 'ok' } };
    });
    expect((await provider.getDashboard()).totals.users).toBe(1);
    await provider.changePlan('u/1', 'pro');
    await provider.changeStatus('u2', 'disabled');
    await provider.revokeAdmin('a1');
    await provider.invite('new@example.com');
    await provider.lookupInvite('tok');
    await provider.acceptInvite('tok');
    await provider.getTimeline('u2', { before: 40, limit: 50 });
    await provider.getTimeline('u2', { limit: 50, kinds: ['PlanChanged', 'DetectionRecorded'] });
    await provider.getTimeline('u2', { before: 12, limit: 50, kinds: [] });
    expect(await provider.listInvites()).toEqual([invite]);
    expect(await provider.getDailyUsage()).toEqual([daily]);
    await provider.resendInvite(invite.id);
    await provider.revokeInvite(invite.id);
    expect(
      api.calls.map(
        (call) => `${call.method} ${call.url.pathname}${call.url.search} ${JSON.stringify(call.body ?? null)}`,
      ),
    ).toEqual([
      'GET /admin/dashboard null',
      'POST /admin/users/u%2F1/plan {"planSlug":"pro"}',
      'POST /admin/users/u2/status {"status":"disabled"}',
      'POST /admin/admins/a1/revoke null',
      'POST /admin/invites {"email":"new@example.com"}',
      'POST /admin/invites/lookup {"token":"tok"}',
      'POST /admin/invites/accept {"token":"tok"}',
      'GET /admin/users/u2/timeline?limit=50&before=40 null',
      'GET /admin/users/u2/timeline?limit=50&kind=PlanChanged%2CDetectionRecorded null',
      'GET /admin/users/u2/timeline?limit=50&before=12 null',
      'GET /admin/invites null',
      'GET /admin/metrics/daily?days=14 null',
      'POST /admin/invites/0123456789abcdef0123456789abcdef/resend null',
      'POST /admin/invites/0123456789abcdef0123456789abcdef/revoke null',
    ]);
    // The public lookup goes without the bearer token; the rest carry it.
    expect(api.calls[5].auth).toBeNull();
    expect(api.calls[6].auth).toBe('Bearer access-1');
  });
});

describe('http client: errors and refresh', () => {
  it("turns an API error into an HttpError with the server's message and code", async () => {
    const { provider } = setup(() => ({
      status: 400,
      body: { message: 'Not an assignable plan.', status: 400, code: 'INVALID_PLAN', details: {} },
    }));
    const error = await provider.changePlan('u1', 'gold').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ message: 'Not an assignable plan.', status: 400 });
    expect(errorCode(error)).toBe('INVALID_PLAN');
  });

  it('shows the first field message of a VALIDATION_ERROR', async () => {
    const { provider } = setup(() => ({
      status: 400,
      body: {
        message: 'Invalid request.',
        status: 400,
        code: 'VALIDATION_ERROR',
        details: { fields: { email: ['Enter an email address to invite.'] } },
      },
    }));
    await expect(provider.invite('')).rejects.toMatchObject({
      message: 'Enter an email address to invite.',
      status: 400,
    });
  });

  it('falls back to "Request failed" without a body and reports network failures', async () => {
    const { provider } = setup(() => ({ status: 502 }));
    await expect(provider.getDashboard()).rejects.toMatchObject({ message: 'Request failed', status: 502 });
    const offline = createDataProvider(
      createApiClient({
        apiOrigin: 'http://api.test',
        storage: new MemoryStorage(),
        fetch: (() => Promise.reject(new TypeError('fetch failed'))) as never,
      }),
    );
    await expect(offline.getDashboard()).rejects.toMatchObject({ message: 'Network request failed', status: 0 });
  });

  it('fails an answer that does not match the contract with INVALID_RESPONSE', async () => {
    const { provider } = setup(() => ({ status: 200, body: { summary: { totals: { users: 1 } } } }));
    const error = await provider.getDashboard().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ message: 'The server sent an answer this page cannot read.', status: 200 });
    expect(errorCode(error)).toBe('INVALID_RESPONSE');
  });

  it('refreshes once on 401, writes the rotated tokens back and retries', async () => {
    const { api, provider, storage } = setup(({ url, auth }) => {
      if (url.pathname === '/auth/refresh')
        return { status: 200, body: { accessToken: 'access-2', refreshToken: 'refresh-2', expiresIn: 900 } };
      return auth === 'Bearer access-2'
        ? { status: 200, body: { summary: summary(2) } }
        : { status: 401, body: { message: 'Sign in.', status: 401, code: 'AUTH_REQUIRED', details: {} } };
    });
    await expect(provider.getDashboard()).resolves.toMatchObject({ totals: { users: 2 } });
    expect(api.calls.map((call) => call.url.pathname)).toEqual([
      '/admin/dashboard',
      '/auth/refresh',
      '/admin/dashboard',
    ]);
    expect(api.calls[1].body).toEqual({ refreshToken: 'refresh-1' });
    const stored = readSession(storage);
    expect(stored?.tokens).toEqual({ accessToken: 'access-2', refreshToken: 'refresh-2', expiresIn: 900 });
    expect(stored?.usage).toEqual({ kept: true });
  });

  it('clears the session and signs out when the refresh fails', async () => {
    const { api, provider, storage, signedOut } = setup(({ url }) =>
      url.pathname === '/auth/refresh'
        ? { status: 401, body: { message: 'Session expired.', status: 401, code: 'SESSION_EXPIRED', details: {} } }
        : { status: 401, body: { message: 'Sign in.', status: 401, code: 'AUTH_REQUIRED', details: {} } },
    );
    await expect(provider.getDashboard()).rejects.toMatchObject({ status: 401 });
    expect(api.calls.map((call) => call.url.pathname)).toEqual(['/admin/dashboard', '/auth/refresh']);
    expect(readSession(storage)).toBeNull();
    expect(signedOut()).toBe(1);
  });

  it('shares one refresh between concurrent 401s', async () => {
    let refreshed = 0;
    const { provider } = setup(({ url, auth }) => {
      if (url.pathname === '/auth/refresh') {
        refreshed++;
        return { status: 200, body: { accessToken: 'access-2', refreshToken: 'refresh-2', expiresIn: 900 } };
      }
      return auth === 'Bearer access-2' ? { status: 200, body: { summary: summary(0) } } : { status: 401 };
    });
    await Promise.all([provider.getDashboard(), provider.getDashboard(), provider.getDashboard()]);
    expect(refreshed).toBe(1);
  });
});

describe('auth provider', () => {
  function auth(role: string | null) {
    const storage = new MemoryStorage();
    if (role) storage.setItem(SESSION_KEY, JSON.stringify({ ...session, user: { ...session.user, role } }));
    let toSignIn = 0;
    return { storage, provider: createAuthProvider({ storage, toSignIn: () => toSignIn++ }), toSignIn: () => toSignIn };
  }

  it('lets admins and super admins in, with the role as permissions', async () => {
    for (const role of ['admin', 'super_admin']) {
      const { provider } = auth(role);
      await expect(provider.checkAuth({})).resolves.toBeUndefined();
      await expect(provider.getPermissions!({})).resolves.toBe(role);
    }
  });

  it('sends a missing session or a plain user to sign-in', async () => {
    for (const role of [null, 'user']) {
      const { provider, toSignIn } = auth(role);
      await expect(provider.checkAuth({})).rejects.toThrow();
      expect(toSignIn()).toBe(1);
    }
  });

  it('clears the session on a 401 that survived the refresh, and ignores other errors', async () => {
    const { provider, storage, toSignIn } = auth('admin');
    await expect(provider.checkError(new HttpError('Bad', 400, { code: 'INVALID_PLAN' }))).resolves.toBeUndefined();
    await expect(provider.checkError(new HttpError('Sign in.', 401, { code: 'AUTH_REQUIRED' }))).rejects.toBeDefined();
    expect(readSession(storage)).toBeNull();
    expect(toSignIn()).toBe(1);
  });

  it('logs out through the API and clears the session even when that call fails', async () => {
    const storage = new MemoryStorage();
    storage.setItem(SESSION_KEY, JSON.stringify(session));
    let revoked = 0;
    let toSignIn = 0;
    const provider = createAuthProvider({
      storage,
      toSignIn: () => toSignIn++,
      revoke: () => (revoked++, Promise.reject(new Error('offline'))),
    });
    await expect(provider.logout({})).resolves.toBe(false);
    expect([revoked, toSignIn, readSession(storage)]).toEqual([1, 1, null]);
  });

  it('builds the sign-in URL remembering the admin path', () => {
    expect(signInUrl('/admin/users?x=1')).toBe('/signin?redirect=%2Fadmin%2Fusers%3Fx%3D1');
  });
});
