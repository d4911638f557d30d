import request from 'supertest';
import type { BatchList, BatchResponse } from '@inkprint/contracts';
import { BATCH_MAX_BYTES, isTooShortToJudge } from '@inkprint/contracts';
import { INGEST_LIMITS } from '@inkprint/ingest';
import type { EventStore } from '@inkprint/eventstore';
import { describeWithService } from '@inkprint/testing';
// eslint-disable-next-line @nx/enforce-module-boundaries -- the ingest library's test fixtures (as upload.e2e.spec.ts)
import { makeDocx, makePdf, makeZip } from '../../../libs/ingest/src/testing/fixtures';
import { EVENT_STORE } from '../src/platform/tokens';
import { startTestApp, type TestApp, type TestBackend } from './support/test-app';

jest.setTimeout(180_000);

const PASSWORD = 'Corr3ct-horse-battery';
const ROOT = { email: 'root@example.com', password: 'Sup3r-secret-pass!' };
/** About 60 words: enough for a verdict (50). */
const essay = (n: number) =>
  `Essay ${n}. I missed the 8:14 again, so I walked. Rain, obviously. By the time I reached the bakery on Carver St. ` +
  "they'd sold out of the rye my mum likes, and the woman at the till gave me yesterday's loaf for free because I " +
  'looked that miserable. Small mercies. Got home soaked, burnt the toast, laughed about it anyway, then wrote this.';

interface Account {
  id: string;
  accessToken: string;
}

/** Issue 29 items 1 and 3 over HTTP: batches of files or texts, each a counted detection, bad files per item. */
function batchesSuite(backend: () => TestBackend) {
  let t: TestApp;
  let n = 0;
  const stamp = Date.now().toString(36);
  const http = () => request(t.server);
  const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

  beforeAll(async () => {
    t = await startTestApp(backend(), {
      env: {
        SUPER_ADMIN_EMAIL: ROOT.email,
        SUPER_ADMIN_PASSWORD: ROOT.password,
        WORKER_CONCURRENCY: '2',
        INKPRINT_LANGUAGE_MODEL: 'off',
      },
      label: 'batches',
    });
  }, 180_000);
  afterAll(() => t?.close());

  async function signUp(plan?: string): Promise<Account> {
    const email = `batch-${++n}-${stamp}@example.com`;
    await http().post('/auth/register').send({ name: 'Lee Lecturer', email, password: PASSWORD }).expect(201);
    const mail = (await http().get('/dev/mailbox/latest').query({ to: email, kind: 'verification_code' }).expect(200))
      .body as { text: string };
    const res = await http()
      .post('/auth/verify-otp')
      .send({ email, otp: /\b(\d{6})\b/.exec(mail.text)![1] })
      .expect(200);
    const account = { id: res.body.user.id as string, accessToken: res.body.tokens.accessToken as string };
    if (plan) {
      const root = (await http().post('/auth/login').send(ROOT).expect(200)).body.tokens.accessToken as string;
      await http().post(`/admin/users/${account.id}/plan`).set(bearer(root)).send({ planSlug: plan }).expect(200);
    }
    return account;
  }

  async function settled(id: string, token: string): Promise<BatchResponse> {
    const deadline = Date.now() + 90_000;
    for (;;) {
      const batch = (await http().get(`/ai/batches/${id}`).set(bearer(token)).expect(200)).body as BatchResponse;
      if (batch.status === 'done') return batch;
      if (Date.now() > deadline) throw new Error(`batch ${id} still running: ${JSON.stringify(batch.items)}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }

  const usedToday = async (token: string) =>
    (await http().get('/auth/me').set(bearer(token)).expect(200)).body.usage.detector.dailyUsed as number;

  it('is for signed-in callers; a batch larger than what is left is refused up front with what would fit', async () => {
    const guest = await http()
      .post('/ai/batches?mode=fast')
      .send({ texts: [essay(1)] })
      .expect(401);
    expect(guest.body.code).toBe('AUTH_REQUIRED');
    const free = await signUp();
    await http()
      .post('/ai/detect?mode=fast')
      .set(bearer(free.accessToken))
      .send({ text: essay(0) })
      .expect(200);
    const refused = await http()
      .post('/ai/batches?mode=fast')
      .set(bearer(free.accessToken))
      .send({ texts: Array.from({ length: 6 }, (_, i) => essay(i)) })
      .expect(429);
    expect(refused.body).toMatchObject({
      code: 'DAILY_LIMIT_REACHED',
      message:
        'This batch has 6 items but only 4 detection requests are left today. Upgrade your plan or try again after the daily reset.',
      details: { fits: 4, requested: 6 },
    });
    expect(await usedToday(free.accessToken)).toBe(1);
    const empty = await http().post('/ai/batches').set(bearer(free.accessToken)).send({ texts: [] }).expect(400);
    expect(empty.body.code).toBe('VALIDATION_ERROR');
    const tooMany = await http()
      .post('/ai/batches')
      .set(bearer(free.accessToken))
      .send({ texts: Array.from({ length: 51 }, () => 'x') })
      .expect(400);
    expect(tooMany.body.details.fields.texts).toEqual(['A batch holds at most 50 files or texts.']);
  });

  it('checks mixed files: each good one a counted detection, bad ones reported per file, the rest go on', async () => {
    const lee = await signUp('basic');
    const submitted = await http()
      .post('/ai/batches?mode=fast')
      .set(bearer(lee.accessToken))
      .attach('files', Buffer.from(essay(1)), 'essay-1.txt')
      .attach('files', Buffer.from(makeDocx([essay(2)])), 'essay-2.docx')
      .attach('files', Buffer.from(makePdf([[essay(3)]])), 'essay-3.pdf')
      .attach('files', Buffer.from('Too short to judge.'), 'short.txt')
      .attach('files', Buffer.from('%PDF-1.7\n1 0 obj garbage without end'), 'corrupt.pdf')
      .attach('files', Buffer.from([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00, 0x00, 0x00]), 'tool.exe')
      .expect(202);
    const accepted = submitted.body as BatchResponse;
    expect(accepted.items.map((i) => [i.index, i.name, i.status])).toEqual([
      [0, 'essay-1.txt', 'queued'],
      [1, 'essay-2.docx', 'queued'],
      [2, 'essay-3.pdf', 'queued'],
      [3, 'short.txt', 'queued'],
      [4, 'corrupt.pdf', 'queued'],
      [5, 'tool.exe', 'queued'],
    ]);
    const batch = await settled(accepted.id, lee.accessToken);
    const [one, two, three, short, corrupt, exe] = batch.items;
    for (const item of [one, two, three]) {
      expect(item.status).toBe('done');
      expect(item.result?.score).toEqual(expect.any(Number));
      expect(item.result?.words).toBeGreaterThanOrEqual(50);
    }
    expect(short.status).toBe('done');
    expect(isTooShortToJudge(short.result!)).toBe(true);
    expect(corrupt).toMatchObject({ status: 'failed', error: { code: 'FILE_UNREADABLE' } });
    expect(exe).toMatchObject({
      status: 'failed',
      error: { code: 'UNSUPPORTED_FILE_TYPE', message: 'Upload a .txt, .pdf, .docx, .jpg, .jpeg or .png file.' },
    });
    // Three checks counted (too short and failed files are not), each recorded like a single detection.
    expect(await usedToday(lee.accessToken)).toBe(3);
    const events = await t.app.get<EventStore>(EVENT_STORE).readAll(0n, 1_000_000);
    const mine = events.filter(
      (e) => e.type === 'DetectionRecorded' && (e.data as { user: { id: string } }).user.id === lee.id,
    );
    expect(mine.map((e) => (e.data as { source: string }).source)).toEqual(['upload', 'upload', 'upload']);
    const settledEvents = events.filter((e) => e.streamId === `batch-${accepted.id}` && e.type === 'BatchItemSettled');
    expect(settledEvents).toHaveLength(6);
    // Names stay out of the log.
    const batchEvents = events.filter((e) => e.streamId === `batch-${accepted.id}`);
    expect(JSON.stringify(batchEvents.map((e) => ({ data: e.data, metadata: e.metadata })))).not.toContain('essay-1');

    // One item with its text, for the report modal; a failed one has none.
    const item = await http().get(`/ai/batches/${accepted.id}/items/0`).set(bearer(lee.accessToken)).expect(200);
    expect(item.body).toMatchObject({
      index: 0,
      name: 'essay-1.txt',
      text: essay(1),
      result: { score: one.result!.score },
    });
    await http().get(`/ai/batches/${accepted.id}/items/4`).set(bearer(lee.accessToken)).expect(404);

    // Another account does not see it.
    const other = await signUp();
    await http().get(`/ai/batches/${accepted.id}/items/0`).set(bearer(other.accessToken)).expect(404);
    expect((await http().get(`/ai/batches/${accepted.id}`).set(bearer(other.accessToken)).expect(404)).body.code).toBe(
      'BATCH_NOT_FOUND',
    );
  });

  it('reports a file over 10 MB on its own item, the rest go on; a request over 100 MB in all is refused', async () => {
    const lee = await signUp('basic');
    const big = Buffer.alloc(INGEST_LIMITS.documentBytes + 1, 0x61);
    const submitted = await http()
      .post('/ai/batches?mode=fast')
      .set(bearer(lee.accessToken))
      .attach('files', Buffer.from(essay(21)), 'essay-21.txt')
      .attach('files', big, 'huge.txt')
      .attach('files', Buffer.from(essay(22)), 'essay-22.txt')
      .expect(202);
    const batch = await settled((submitted.body as BatchResponse).id, lee.accessToken);
    expect(batch.items.map((i) => [i.name, i.status])).toEqual([
      ['essay-21.txt', 'done'],
      ['huge.txt', 'failed'],
      ['essay-22.txt', 'done'],
    ]);
    expect(batch.items[1].error).toEqual({
      code: 'REMOTE_SIZE_EXCEEDED',
      message: 'Selected file exceeds allowed size.',
    });
    expect(await usedToday(lee.accessToken)).toBe(2);

    // Eleven files of 10 MB and a byte: past BATCH_MAX_BYTES, nothing is submitted.
    let request = http().post('/ai/batches?mode=fast').set(bearer(lee.accessToken));
    for (let i = 0; i < 11; i++) request = request.attach('files', big, `huge-${i}.txt`);
    const refused = await request.expect(413);
    expect(refused.body).toMatchObject({
      code: 'REMOTE_SIZE_EXCEEDED',
      message: 'Selected file exceeds allowed size.',
      details: { max: BATCH_MAX_BYTES, kind: 'batch' },
    });
    expect(await usedToday(lee.accessToken)).toBe(2);
    // A zipped folder over the upload limit is the whole request.
    const zipTooBig = await http()
      .post('/ai/batches?mode=fast')
      .set(bearer(lee.accessToken))
      .attach('files', big, 'week-4.zip')
      .expect(413);
    expect(zipTooBig.body).toMatchObject({
      code: 'REMOTE_SIZE_EXCEEDED',
      message: 'Selected file exceeds allowed size.',
    });
  });

  it('takes a folder as one zip: its files are the batch', async () => {
    const lee = await signUp('basic');
    const zip = makeZip([
      { name: 'week-3/', data: '', store: true },
      { name: 'week-3/amy.txt', data: essay(11) },
      { name: 'week-3/ben.docx', data: makeDocx([essay(12)]) },
      { name: '__MACOSX/week-3/._amy.txt', data: 'x' },
    ]);
    const accepted = (
      await http()
        .post('/ai/batches?mode=fast')
        .set(bearer(lee.accessToken))
        .attach('files', Buffer.from(zip), 'week-3.zip')
        .expect(202)
    ).body as BatchResponse;
    expect(accepted.items.map((i) => i.name)).toEqual(['amy.txt', 'ben.docx']);
    const batch = await settled(accepted.id, lee.accessToken);
    expect(batch.items.map((i) => i.status)).toEqual(['done', 'done']);
    const bomb = makeZip([{ name: 'a.txt', data: 'x'.repeat(50_000), declaredSize: 10 }]);
    const refused = await http()
      .post('/ai/batches?mode=fast')
      .set(bearer(lee.accessToken))
      .attach('files', Buffer.from(bomb), 'bomb.zip')
      .expect(422);
    expect(refused.body.code).toBe('FILE_UNREADABLE');
  });

  it('takes texts as JSON with an API key; the runs carry the key, its cap limits the batch', async () => {
    const dev = await signUp('pro');
    const key = (
      await http()
        .post('/auth/api-keys')
        .set(bearer(dev.accessToken))
        .send({ name: 'batch tool', scopes: ['detect'], dailyCap: 3 })
        .expect(201)
    ).body as { id: string; key: string };
    const tooBig = await http()
      .post('/ai/batches?mode=fast')
      .set(bearer(key.key))
      .send({ texts: [essay(1), essay(2), essay(3), essay(4)] })
      .expect(429);
    expect(tooBig.body.details).toMatchObject({ fits: 3, requested: 4, apiKeyId: key.id });
    const accepted = (
      await http()
        .post('/ai/batches?mode=fast')
        .set(bearer(key.key))
        .send({ texts: [essay(1), essay(2)] })
        .expect(202)
    ).body as BatchResponse;
    const batch = await settled(accepted.id, key.key);
    expect(batch.items.map((i) => [i.status, i.name])).toEqual([
      ['done', undefined],
      ['done', undefined],
    ]);
    const events = await t.app.get<EventStore>(EVENT_STORE).readAll(0n, 1_000_000);
    const runs = events.filter(
      (e) => e.type === 'DetectionRecorded' && (e.data as { user: { id: string } }).user.id === dev.id,
    );
    expect(runs.map((e) => (e.data as { apiKeyId?: string }).apiKeyId)).toEqual([key.id, key.id]);
    // The session sees the same batch; a key without detect does not reach it.
    await http().get(`/ai/batches/${accepted.id}`).set(bearer(dev.accessToken)).expect(200);
  });

  it("lists the caller's own batches, newest first and paged; another's is neither listed nor readable (issue 43 item 3)", async () => {
    const lee = await signUp();
    const kim = await signUp();
    const send = async (who: Account, texts: string[]) =>
      (await http().post('/ai/batches?mode=fast').set(bearer(who.accessToken)).send({ texts }).expect(202))
        .body as BatchResponse;
    const first = await send(lee, [essay(1), 'Hello world']);
    await settled(first.id, lee.accessToken);
    const second = await send(lee, [essay(2)]);
    await settled(second.id, lee.accessToken);
    const kims = await send(kim, [essay(3)]);

    const list = (await http().get('/ai/batches').set(bearer(lee.accessToken)).expect(200)).body as BatchList;
    expect(list.batches.map((b) => b.id)).toEqual([second.id, first.id]);
    expect(list.batches[1]).toEqual({
      id: first.id,
      status: 'done',
      mode: 'fast',
      createdAt: first.createdAt,
      items: 2,
      settled: 2,
      failed: 0,
    });
    expect(list.nextCursor).toBeNull();

    const page1 = (await http().get('/ai/batches?limit=1').set(bearer(lee.accessToken)).expect(200)).body as BatchList;
    expect(page1.batches.map((b) => b.id)).toEqual([second.id]);
    expect(page1.nextCursor).toEqual(expect.any(String));
    const page2 = (
      await http()
        .get('/ai/batches')
        .query({ limit: 1, cursor: page1.nextCursor })
        .set(bearer(lee.accessToken))
        .expect(200)
    ).body as BatchList;
    expect(page2.batches.map((b) => b.id)).toEqual([first.id]);
    expect(page2.nextCursor).toBeNull();

    // Owner-scoped: Kim's batch is not in Lee's list, and Lee cannot read it; Kim's list holds only hers.
    const kimList = (await http().get('/ai/batches').set(bearer(kim.accessToken)).expect(200)).body as BatchList;
    expect(kimList.batches.map((b) => b.id)).toEqual([kims.id]);
    const notLees = await http().get(`/ai/batches/${kims.id}`).set(bearer(lee.accessToken)).expect(404);
    expect(notLees.body.code).toBe('BATCH_NOT_FOUND');
    await http().get(`/ai/batches/${kims.id}/items/0`).set(bearer(lee.accessToken)).expect(404);

    expect((await http().get('/ai/batches').expect(401)).body.code).toBe('AUTH_REQUIRED');
    const badCursor = await http().get('/ai/batches?cursor=not-ours').set(bearer(lee.accessToken)).expect(400);
    expect(badCursor.body.code).toBe('VALIDATION_ERROR');
    expect((await http().get('/ai/batches?limit=51').set(bearer(lee.accessToken)).expect(400)).body.code).toBe(
      'VALIDATION_ERROR',
    );
  });
}

describe('batches over HTTP, embedded (PGlite, in-process bus)', () => {
  batchesSuite(() => ({ kind: 'pglite' }));
});

describeWithService('postgres', 'batches over HTTP on PostgreSQL', (url) => {
  batchesSuite(() => ({ kind: 'postgres', baseUrl: url }));
});
