import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import request from 'supertest';
import type { BatchResponse } from '@inkprint/contracts';
import type { TextVault } from '@inkprint/text-vault';
import { batchVaultKeys } from '../src/ai/batches/batch-items';
import { TEXT_VAULT } from '../src/ai/shared/tokens';
import { startTestApp, type TestApp } from './support/test-app';

jest.setTimeout(240_000);

const ROOT = { email: 'root@example.com', password: 'Sup3r-secret-pass!' };
const PASSWORD = 'Corr3ct-horse-battery';
const ITEMS = 30;
const essay = (n: number) =>
  `Essay ${n}. I missed the 8:14 again, so I walked. Rain, obviously. By the time I reached the bakery on Carver St. ` +
  "they'd sold out of the rye my mum likes, and the woman at the till gave me yesterday's loaf for free because I " +
  'looked that miserable. Small mercies. Got home soaked, burnt the toast, laughed about it anyway, then wrote this.';

// Issue 29: what a batch cut off by a stop becomes on the next start when the world changed meanwhile. A graceful
// stop leaves unsettled items queued (not failed); the next start runs them again, except an item whose input is no
// longer kept (BATCH_ITEM_EXPIRED) and the items of a batch whose API key was revoked (BATCH_CANCELLED).
describe('batches after a stop: queued items run again, or fail with their reason', () => {
  const data = fs.mkdtempSync(path.join(os.tmpdir(), 'inkprint-batch-resume-'));
  const env = {
    DATA_DIR: path.join(data, 'pglite'),
    SUPER_ADMIN_EMAIL: ROOT.email,
    SUPER_ADMIN_PASSWORD: ROOT.password,
    WORKER_CONCURRENCY: '1',
    INKPRINT_LANGUAGE_MODEL: 'off',
  };
  let app: TestApp | undefined;
  afterAll(async () => {
    await app?.close();
    fs.rmSync(data, { recursive: true, force: true });
  });

  it('runs queued items after the restart; a gone input and a revoked key fail their items', async () => {
    app = await startTestApp({ kind: 'pglite' }, { env });
    const http = () => request(app!.server);
    const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
    const email = `resume-${Date.now().toString(36)}@example.com`;
    await http().post('/auth/register').send({ name: 'Lee Lecturer', email, password: PASSWORD }).expect(201);
    const mail = (await http().get('/dev/mailbox/latest').query({ to: email, kind: 'verification_code' }).expect(200))
      .body as { text: string };
    const verified = await http()
      .post('/auth/verify-otp')
      .send({ email, otp: /\b(\d{6})\b/.exec(mail.text)![1] })
      .expect(200);
    const lee = { id: verified.body.user.id as string, token: verified.body.tokens.accessToken as string };
    const root = (await http().post('/auth/login').send(ROOT).expect(200)).body.tokens.accessToken as string;
    await http().post(`/admin/users/${lee.id}/plan`).set(bearer(root)).send({ planSlug: 'pro' }).expect(200);
    const key = (
      await http()
        .post('/auth/api-keys')
        .set(bearer(lee.token))
        .send({ name: 'marking script', scopes: ['detect'] })
        .expect(201)
    ).body as { id: string; key: string };

    const texts = (from: number) => Array.from({ length: ITEMS }, (_, i) => essay(from + i));
    const byKey = (
      await http()
        .post('/ai/batches?mode=moderate')
        .set(bearer(key.key))
        .send({ texts: texts(0) })
    ).body as BatchResponse;
    const bySession = (
      await http()
        .post('/ai/batches?mode=moderate')
        .set(bearer(lee.token))
        .send({ texts: texts(100) })
    ).body as BatchResponse;
    await http().delete(`/auth/api-keys/${key.id}`).set(bearer(lee.token)).expect(200);
    // The session batch's last item (still queued: four items of a batch run at once) loses its input, as after
    // 48 h or an erasure.
    const owner = { type: 'user' as const, id: lee.id };
    expect(
      await app.app.get<symbol, TextVault>(TEXT_VAULT).delete(batchVaultKeys.input(owner, bySession.id, ITEMS - 1)),
    ).toBe(true);
    // A graceful stop mid-batch: what is not settled stays queued (failed items below come from the next start).
    await app.close();
    app = undefined;

    app = await startTestApp({ kind: 'pglite' }, { env });
    const settled = async (id: string): Promise<BatchResponse> => {
      const deadline = Date.now() + 150_000;
      for (;;) {
        const batch = (await request(app!.server).get(`/ai/batches/${id}`).set(bearer(lee.token)).expect(200))
          .body as BatchResponse;
        if (batch.status === 'done') return batch;
        if (Date.now() > deadline) throw new Error(`batch ${id} still running: ${JSON.stringify(batch.items)}`);
        await new Promise((resolve) => setTimeout(resolve, 300));
      }
    };
    // None failed because of the stop: every item of the session batch but the one without its input is done.
    const session = await settled(bySession.id);
    expect(session.items.slice(0, -1).map((item) => item.status)).toEqual(
      Array.from({ length: ITEMS - 1 }, () => 'done'),
    );
    expect(session.items[ITEMS - 1]).toMatchObject({
      status: 'failed',
      error: {
        code: 'BATCH_ITEM_EXPIRED',
        message:
          'This item was cut off by a server restart and its text is no longer kept (48 h). Check it again in a new batch.',
      },
    });
    const keyed = await settled(byKey.id);
    const refused = keyed.items.filter((item) => item.status === 'failed');
    expect(refused.length).toBeGreaterThan(0);
    // Cancelled by the one liveness rule each item asks before it runs (issue 39 item 2).
    for (const item of refused)
      expect(item.error).toEqual({
        code: 'BATCH_CANCELLED',
        message: 'Cancelled: the API key that sent this batch was revoked.',
      });
    expect(keyed.items.every((item) => item.status === 'done' || item.error?.code === 'BATCH_CANCELLED')).toBe(true);
    // Counted once per done item, none for a failed one.
    const done = [...session.items, ...keyed.items].filter((item) => item.status === 'done').length;
    const me = await request(app.server).get('/auth/me').set(bearer(lee.token)).expect(200);
    expect(me.body.usage.detector.dailyUsed).toBe(done);
  });
});
