import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { BatchResponse } from '@inkprint/contracts';
import { createScratchDatabase, describeWithService, type ScratchDatabase } from '@inkprint/testing';
// eslint-disable-next-line @nx/enforce-module-boundaries -- the ingest library's test fixtures (as upload.e2e.spec.ts)
import { makeDocx } from '../../../libs/ingest/src/testing/fixtures';
import { freePort, startProcess, type Proc } from './load/support/cluster';

jest.setTimeout(420_000);

const ROOT = { email: 'root@example.com', password: 'Sup3r-secret-pass!' };
const PASSWORD = 'Corr3ct-horse-battery';
const ITEMS = 30;
/** About 120 words, each essay its own (no cache hits between items). */
const essay = (n: number) =>
  `Essay ${n}. I missed the 8:14 again, so I walked. Rain, obviously. By the time I reached the bakery on Carver St. ` +
  "they'd sold out of the rye my mum likes, and the woman at the till gave me yesterday's loaf for free because I " +
  'looked that miserable. Small mercies. Got home soaked, burnt the toast, laughed about it anyway, then wrote this. ' +
  `Number ${n} of the week: the bus driver waved, the dog next door barked at the bins, and my sister rang to say ` +
  'she had finally passed her driving test after four goes, which we celebrated with cheap cake and too much tea.';

/**
 * The API from its sources in a process of its own (as `npm start` runs it): embedded (PGlite in `dataDir`), or on
 * PostgreSQL when `databaseUrl` is set, where several API processes may share the log.
 */
function startApi(dataDir: string, port: number, databaseUrl = ''): Proc {
  return startProcess(
    ['-r', './scripts/ts-register.js', 'apps/api/src/main.ts'],
    {
      NODE_ENV: 'development',
      LOG_LEVEL: 'info',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      // On PostgreSQL a batch is taken over once quiet this long (another process may still be running it).
      BATCH_STALLED_AFTER_SECONDS: '10',
      KAFKA_BROKERS: '',
      KURRENTDB_URL: '',
      SUPER_ADMIN_EMAIL: ROOT.email,
      SUPER_ADMIN_PASSWORD: ROOT.password,
      // One detection at a time, so the batch is still running when the process is killed.
      WORKER_CONCURRENCY: '1',
      INKPRINT_LANGUAGE_MODEL: 'off',
      ABUSE_LIMITS: 'off',
      JWT_SECRET: 'batch-restart-e2e-secret-batch-restart-e2e-secret',
    },
    process.execPath,
    Infinity, // the whole log: the test looks for the start-up line that resumed the batch
  );
}

async function call(
  base: string,
  route: string,
  init: { method?: string; token?: string; json?: unknown; form?: FormData } = {},
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON answers, read field by field
): Promise<{ status: number; body: any }> {
  const res = await fetch(base + route, {
    method: init.method ?? (init.json || init.form ? 'POST' : 'GET'),
    headers: {
      ...(init.json ? { 'content-type': 'application/json' } : {}),
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
    body: init.form ?? (init.json ? JSON.stringify(init.json) : undefined),
  });
  return { status: res.status, body: await res.json().catch(() => ({})) };
}

async function healthy(base: string, api: Proc): Promise<void> {
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (api.child.exitCode !== null) throw new Error(`the API exited: ${api.log().slice(-3000)}`);
    try {
      if ((await fetch(`${base}/health`)).status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`the API did not start: ${api.log().slice(-3000)}`);
}

// Issue 29: a batch cut off by the API process dying (SIGKILL, mid-run) is finished by the next start on the same
// data: every item ends done, from the input kept in the vault, and each is counted once.
function restartSuite(postgres: () => string | undefined) {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'inkprint-batch-restart-'));
  const dataDir = path.join(tmp, 'pglite');
  let api: Proc | undefined;
  let scratch: ScratchDatabase | undefined;
  beforeAll(async () => {
    const base = postgres();
    if (base) scratch = await createScratchDatabase(base, 'batch_restart');
  });
  afterAll(async () => {
    if (api) await api.kill();
    await scratch?.drop();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  it('every item ends done, none counted twice', async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    api = startApi(dataDir, port, scratch?.url);
    await healthy(base, api);

    const email = `restart-${Date.now().toString(36)}@example.com`;
    await call(base, '/auth/register', { json: { name: 'Lee Lecturer', email, password: PASSWORD } });
    const mail = await call(base, `/dev/mailbox/latest?to=${encodeURIComponent(email)}&kind=verification_code`);
    const verified = await call(base, '/auth/verify-otp', {
      json: { email, otp: /\b(\d{6})\b/.exec(mail.body.text as string)![1] },
    });
    expect(verified.status).toBe(200);
    const root = (await call(base, '/auth/login', { json: ROOT })).body.tokens.accessToken as string;
    const plan = await call(base, `/admin/users/${verified.body.user.id}/plan`, {
      token: root,
      json: { planSlug: 'pro' },
    });
    expect(plan.status).toBe(200);
    const login = async () =>
      (await call(base, '/auth/login', { json: { email, password: PASSWORD } })).body.tokens.accessToken as string;
    let token = await login();

    // Files (one a Word document) in moderate mode: slow enough to be cut off.
    const form = new FormData();
    for (let i = 0; i < ITEMS - 1; i++) form.append('files', new Blob([essay(i)]), `essay-${i}.txt`);
    form.append('files', new Blob([Buffer.from(makeDocx([essay(ITEMS)]))]), 'essay-last.docx');
    const submitted = await call(base, '/ai/batches?mode=moderate', { token, form });
    expect(submitted.status).toBe(202);
    const id = (submitted.body as BatchResponse).id;

    // Killed once some items are done and others are not.
    let before: BatchResponse;
    for (;;) {
      before = (await call(base, `/ai/batches/${id}`, { token })).body as BatchResponse;
      if (before.items.some((item) => item.status === 'done')) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await api.kill();
    const queuedAtKill = before.items.filter((item) => item.status === 'queued').length;
    expect(queuedAtKill).toBeGreaterThan(0);

    api = startApi(dataDir, port, scratch?.url);
    await healthy(base, api);
    token = await login();
    const deadline = Date.now() + 240_000;
    let after: BatchResponse;
    for (;;) {
      after = (await call(base, `/ai/batches/${id}`, { token })).body as BatchResponse;
      if (after.status === 'done' || Date.now() > deadline) break;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    expect(after.status).toBe('done');
    expect(after.items.map((item) => item.status)).toEqual(Array.from({ length: ITEMS }, () => 'done'));
    for (const item of after.items) expect(item.result?.words).toBeGreaterThanOrEqual(50);
    expect(after.items.map((item) => item.name)).toEqual([
      ...Array.from({ length: ITEMS - 1 }, (_, i) => `essay-${i}.txt`),
      'essay-last.docx',
    ]);
    // Embedded, at once on start; on PostgreSQL, at start or once it has been quiet for 10 s.
    if (!scratch) expect(api.log()).toContain('resumed 1 batch(es) cut off by a stop');
    // Counted once per item: a detection cut off by the kill was given back before its item ran again.
    const me = await call(base, '/auth/me', { token });
    expect(me.body.usage.detector.dailyUsed).toBe(ITEMS);
    // The report of an item run after the restart carries its text.
    const last = await call(base, `/ai/batches/${id}/items/${ITEMS - 1}`, { token });
    expect(last.status).toBe(200);
    expect(last.body.text).toContain(`Essay ${ITEMS}.`);
  });
}

describe('a batch cut off by a killed API is finished after the restart, embedded (PGlite)', () => {
  restartSuite(() => undefined);
});

describeWithService(
  'postgres',
  'a batch cut off by a killed API is finished after the restart, on PostgreSQL',
  (url) => {
    restartSuite(() => url);
  },
);
