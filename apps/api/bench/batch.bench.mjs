// `npm run bench -w @inkprint/api` (after detect.bench.mjs): one batch of BENCH_BATCH_FILES (50) files of
// BENCH_WORDS (500) words each, sent as multipart `files` to POST /ai/batches?mode= over HTTP against the built API,
// then GET /ai/batches/{id} every 25 ms until every file is settled (issue 29): time to the 202, time to the first
// result, time to the last, and files per second. Embedded (PGlite, in-process bus, worker threads) always;
// distributed (PostgreSQL + Kafka + 2 worker processes) when .services/env or DATABASE_URL + KAFKA_BROKERS are there.
// Every file is a different text (no cache hits). Settings: BENCH_BATCH_MODES (fast,moderate), BENCH_BATCH_FILES
// (50), BENCH_WORDS (500), BENCH_TARGETS (embedded,distributed). Loopback only; every loop is bounded in time.
/* global fetch, performance, URL, setTimeout, FormData, Blob */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = process.env.BENCH_REPO ?? join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const list = (name, fallback) =>
  (process.env[name] ?? fallback)
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
const MODES = list('BENCH_BATCH_MODES', 'fast,moderate');
const FILES = Number(process.env.BENCH_BATCH_FILES ?? 50);
const WORDS = Number(list('BENCH_WORDS', '500')[0]);
const TARGETS = list('BENCH_TARGETS', 'embedded,distributed');
const THREADS = 2;
const ROOT = { email: 'bench-root@example.com', password: 'Bench-r00t-password!' };
if (!existsSync(join(repo, 'apps/api/dist/main.js'))) {
  console.error(`${repo}/apps/api/dist/main.js is missing: run \`npm run build\` first`);
  process.exit(1);
}

const SENTENCES = readFileSync(join(repo, 'docs/ai.md'), 'utf8')
  .replace(/[`|#*_[\]()]/g, ' ')
  .split(/(?<=[.!?])\s+/)
  .map((s) => s.replace(/\s+/g, ' ').trim())
  .filter((s) => s.split(' ').length >= 8 && /^[A-Z]/.test(s));

/** A text of about `words` words, different for every `n` (so the cache never answers). */
function textOf(words, n) {
  const out = [];
  let count = 0;
  for (let i = n; count < words; i++) {
    const sentence = SENTENCES[(i * 7) % SENTENCES.length];
    out.push(sentence);
    count += sentence.split(' ').length;
  }
  return `${out.join(' ')} Reference ${n}.`;
}

function start(cmd, args, env, label) {
  const child = spawn(cmd, args, { cwd: repo, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  child.stdout.on('data', (d) => (log += d));
  child.stderr.on('data', (d) => (log += d));
  child.on('exit', (code) => code && code !== 143 && console.error(`${label} exited ${code}\n${log.slice(-2000)}`));
  return {
    stop: () => new Promise((r) => (child.exitCode !== null ? r() : (child.once('exit', r), child.kill('SIGTERM')))),
  };
}

async function json(base, path, init = {}) {
  const res = await fetch(base + path, {
    ...init,
    headers: { 'content-type': 'application/json', accept: 'application/json', ...(init.headers ?? {}) },
  });
  return { status: res.status, body: await res.json().catch(() => ({})) };
}

async function waitHealthy(base, deadline = Date.now() + 120_000) {
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${base}/health`)).status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`${base} did not become healthy`);
}

/** An Enterprise account (unlimited requests, dedicated priority): the batch is not refused up front. */
async function enterpriseToken(base) {
  const email = `bench-batch-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const password = 'Bench-passw0rd!';
  await json(base, '/auth/register', { method: 'POST', body: JSON.stringify({ name: 'Bench', email, password }) });
  const mail = await json(base, `/dev/mailbox/latest?to=${encodeURIComponent(email)}&kind=verification_code`);
  const otp = /\b(\d{6})\b/.exec(mail.body.text)[1];
  const verified = await json(base, '/auth/verify-otp', { method: 'POST', body: JSON.stringify({ email, otp }) });
  const root = await json(base, '/auth/login', { method: 'POST', body: JSON.stringify(ROOT) });
  await json(base, `/admin/users/${verified.body.user.id}/plan`, {
    method: 'POST',
    headers: { authorization: `Bearer ${root.body.tokens.accessToken}` },
    body: JSON.stringify({ planSlug: 'enterprise' }),
  });
  const login = await json(base, '/auth/login', { method: 'POST', body: JSON.stringify({ email, password }) });
  return login.body.tokens.accessToken;
}

let seed = 0;
/** One batch end to end: the 202, the first settled file, the last. */
async function batch(base, token, mode) {
  const form = new FormData();
  for (let i = 0; i < FILES; i++)
    form.append('files', new Blob([textOf(WORDS, ++seed * 1000 + i)], { type: 'text/plain' }), `essay-${i + 1}.txt`);
  const t0 = performance.now();
  const res = await fetch(`${base}/ai/batches?mode=${mode}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const accepted = await res.json();
  if (res.status !== 202) throw new Error(`POST /ai/batches answered ${res.status}: ${JSON.stringify(accepted)}`);
  const acceptedMs = performance.now() - t0;
  let firstMs = null;
  const deadline = Date.now() + 600_000;
  for (;;) {
    const { body } = await json(base, `/ai/batches/${accepted.id}`, { headers: { authorization: `Bearer ${token}` } });
    const settled = body.items.filter((item) => item.status !== 'queued').length;
    if (settled > 0 && firstMs === null) firstMs = performance.now() - t0;
    if (body.status === 'done') {
      const totalMs = performance.now() - t0;
      const failed = body.items.filter((item) => item.status === 'failed').length;
      return { acceptedMs, firstMs, totalMs, failed };
    }
    if (Date.now() > deadline) throw new Error(`batch ${accepted.id} not done in 10 minutes`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

async function run(label, base) {
  const token = await enterpriseToken(base);
  for (const mode of MODES) {
    const r = await batch(base, token, mode);
    console.log(
      `| ${label} | ${mode} | ${FILES} | ${WORDS} | ${r.acceptedMs.toFixed(0)} | ${r.firstMs.toFixed(0)} | ${(r.totalMs / 1000).toFixed(2)} | ${(FILES / (r.totalMs / 1000)).toFixed(1)} | ${r.failed} |`,
    );
  }
}

console.log('\n| target | mode | files | words | 202 after ms | first result ms | all done s | files/s | failed |');
console.log('|---|---|---:|---:|---:|---:|---:|---:|---:|');
const tmp = mkdtempSync(join(tmpdir(), 'inkprint-batch-bench-'));
const common = {
  NODE_ENV: 'development',
  LOG_LEVEL: 'warn',
  SUPER_ADMIN_EMAIL: ROOT.email,
  SUPER_ADMIN_PASSWORD: ROOT.password,
  WORKER_CONCURRENCY: String(THREADS),
};
try {
  const port = Number(process.env.BENCH_PORT ?? 3360 + Math.floor(Math.random() * 40));
  if (TARGETS.includes('embedded')) {
    const api = start(
      process.execPath,
      ['apps/api/dist/main.js'],
      {
        ...common,
        PORT: String(port),
        DATA_DIR: join(tmp, 'pglite'),
        DATABASE_URL: undefined,
        KAFKA_BROKERS: undefined,
      },
      'api',
    );
    try {
      const base = `http://127.0.0.1:${port}`;
      await waitHealthy(base);
      await run('embedded', base);
    } finally {
      await api.stop();
    }
  }
  const servicesEnv = join(repo, '.services/env');
  const env = { ...process.env };
  if (existsSync(servicesEnv))
    for (const line of readFileSync(servicesEnv, 'utf8').split('\n'))
      if (line.includes('=')) env[line.split('=')[0]] = line.slice(line.indexOf('=') + 1);
  const database = env.DATABASE_URL ?? env.TEST_DATABASE_URL;
  if (!TARGETS.includes('distributed')) {
    // not asked for
  } else if (database && env.KAFKA_BROKERS) {
    const prefix = `inkprint-batch-bench-${Date.now().toString(36)}`;
    const dbName = `inkprint_batch_bench_${Date.now().toString(36)}`;
    const { default: pg } = await import('pg');
    const client = new pg.Client({ connectionString: database });
    await client.connect();
    await client.query(`create database ${dbName}`);
    await client.end();
    const url = new URL(database);
    url.pathname = `/${dbName}`;
    const kafka = { KAFKA_BROKERS: env.KAFKA_BROKERS, KAFKA_TOPIC_PREFIX: prefix };
    const workers = [0, 1].map((i) =>
      start(
        process.execPath,
        ['apps/detector-worker/dist/main.js'],
        { ...kafka, WORKER_CONCURRENCY: '1' },
        `worker ${i}`,
      ),
    );
    const dport = port + 100;
    const dapi = start(
      process.execPath,
      ['apps/api/dist/main.js'],
      {
        ...common,
        ...kafka,
        PORT: String(dport),
        DATABASE_URL: url.toString(),
        WORKER_MODE: 'external',
        DATA_DIR: join(tmp, 'unused'),
      },
      'api (distributed)',
    );
    try {
      const dbase = `http://127.0.0.1:${dport}`;
      await waitHealthy(dbase);
      await run('distributed (2 workers)', dbase);
    } finally {
      await dapi.stop();
      await Promise.all(workers.map((w) => w.stop()));
      const drop = new pg.Client({ connectionString: database });
      await drop.connect();
      await drop.query(`drop database if exists ${dbName} with (force)`);
      await drop.end();
    }
  } else {
    console.log('\n(distributed mode skipped: start PostgreSQL and Kafka with scripts/services.sh start)');
  }
} finally {
  rmSync(tmp, { recursive: true, force: true });
}
