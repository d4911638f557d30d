import { DetectResponse } from '@inkprint/contracts/ai/detection';
import { BatchResponse } from '@inkprint/contracts/ai/batch';
import { SavedReport } from '@inkprint/contracts/ai/report';
import { MeResponse, SignedInResponse } from '@inkprint/contracts';
import { createApiClient, INVALID_ANSWER_MESSAGE } from './api-client';
import { ApiError } from './api-error';

// Vite's build-time settings (import.meta.env) do not exist under Jest.
jest.mock('../config/env', () => ({ env: { apiBase: '' } }));
// The request layer builds its URLs on the page's origin.
(globalThis as { window?: unknown }).window = { location: { origin: 'http://localhost' } };

/** A client whose server answers each call with the next of `answers` (status 200 unless given). */
function clientAnswering(...answers: Array<{ status?: number; body: unknown }>) {
  const calls: string[] = [];
  const client = createApiClient({
    baseUrl: '',
    fetch: async (url) => {
      calls.push(String(url));
      const next = answers.shift();
      if (!next) throw new Error('no more answers');
      return new Response(JSON.stringify(next.body), {
        status: next.status ?? 200,
        headers: { 'content-type': 'application/json' },
      });
    },
    sleep: async () => undefined,
  });
  return { client, calls };
}

const batch = { id: 'b1', status: 'running', mode: 'moderate', createdAt: '2026-11-29T10:00:00.000Z', items: [] };

describe('api.request with a contract schema', () => {
  it('returns the answer parsed with the schema (unknown keys dropped)', async () => {
    const { client } = clientAnswering({ body: { ...batch, extra: 'dropped' } });
    await expect(client.request('/ai/batches/b1', { schema: BatchResponse })).resolves.toEqual(batch);
  });

  it('fails a bad answer with an ApiError INVALID_RESPONSE, not retried', async () => {
    const { client, calls } = clientAnswering({ body: { ...batch, status: 'exploded' } }, { body: batch });
    const error = await client.request('/ai/batches/b1', { schema: BatchResponse }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 'INVALID_RESPONSE', status: 200, message: INVALID_ANSWER_MESSAGE });
    expect(calls).toHaveLength(1);
  });

  it('fails a detection answer without its result, and a saved report without its id', async () => {
    const detect = clientAnswering({ body: { usage: {}, requests: {}, history: null } });
    await expect(
      detect.client.request('/ai/detect', { method: 'POST', body: { text: 'x' }, schema: DetectResponse }),
    ).rejects.toMatchObject({ code: 'INVALID_RESPONSE' });
    const save = clientAnswering({ status: 201, body: { createdAt: '2026-11-29T10:00:00.000Z' } });
    await expect(
      save.client.request('/ai/report', { method: 'POST', body: {}, schema: SavedReport }),
    ).rejects.toMatchObject({ code: 'INVALID_RESPONSE', status: 201 });
  });

  it('keeps the API error of a refused call (the schema applies to answers only)', async () => {
    const { client } = clientAnswering({
      status: 404,
      body: { code: 'BATCH_NOT_FOUND', message: 'This batch does not exist.' },
    });
    await expect(client.request('/ai/batches/b1', { schema: BatchResponse })).rejects.toMatchObject({
      code: 'BATCH_NOT_FOUND',
      status: 404,
    });
  });

  it('parses with a schema loaded on first use (the session calls of the initial bundle)', async () => {
    const feature = { dailyLimit: 10, dailyUsed: 1, dailyRemaining: 9 };
    const me = {
      user: {
        ...{ id: 'u1', name: 'Ada', email: 'ada@example.com', role: 'user', status: 'active', planSlug: 'free' },
        ...{ createdAt: '2026-11-29T10:00:00.000Z', lastLoginAt: null },
      },
      usage: {
        ...{ detector: feature, humaniser: feature, nextResets: { daily: '2026-11-30T00:00:00.000Z' } },
        ...{ plan: { slug: 'free-signup', name: 'Free' }, subscription: { planSlug: 'free-signup' } },
      },
    };
    const lazy = () => Promise.resolve(MeResponse);
    const good = clientAnswering({ body: { ...me, extra: 'dropped' } });
    await expect(good.client.request('/auth/me', { schema: lazy })).resolves.toEqual(me);
    const bad = clientAnswering({ body: { user: null } });
    await expect(bad.client.request('/auth/me', { schema: lazy })).rejects.toMatchObject({ code: 'INVALID_RESPONSE' });
  });

  it('fails a sign-in answer without its tokens', async () => {
    const { client } = clientAnswering({ body: { user: { id: 'u1' } } });
    await expect(
      client.request('/auth/login', { method: 'POST', body: {}, retries: 0, schema: SignedInResponse }),
    ).rejects.toMatchObject({ code: 'INVALID_RESPONSE' });
  });

  it('without a schema, passes the answer through as unknown', async () => {
    const { client } = clientAnswering({ body: { anything: 1 } });
    await expect(client.request('/x')).resolves.toEqual({ anything: 1 });
  });
});
