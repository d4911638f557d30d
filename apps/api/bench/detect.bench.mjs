// `npm run bench -w @inkprint/api` (part of `npm run bench`): POST /ai/detect over HTTP against the built API, as a
// user would call it, at 1, 10 and 50 concurrent clients for 100- and 500-word texts. Embedded mode (PGlite, in-process
// bus, worker threads) always; distributed mode (PostgreSQL + Kafka + 2 separate worker processes) when
// .services/env or DATABASE_URL + KAFKA_BROKERS are there. Every request sends a different text (no cache hits).
// BENCH_SECONDS (default 8) sets the time per cell. Loopback only; every loop is bounded in time.
/* global fetch, performance, URL, setTimeout */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const ROOT = { email: 'bench-root@example.com', password: 'Bench-r00t-password!' };
if (!existsSync(join(repo, 'apps/api/dist/main.js'))) {
  console.error('apps/api/dist/main.js is missing: run `npm run build` first');
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
    child,
    log: () => log,
    stop: () => new Promise((r) => (child.exitCode !== null ? r() : (child.once('exit', r), child.kill('SIGTERM')))),
  };
}

async function json(base, path, init = {}) {
  const res = await fetch(base + path, {
    ...init,
    headers: { 'content-type': 'application/json', accept: 'application/json', ...(init.headers ?? {}) },
  });
  const body = await res.json().catch(() => ({}));
  return { status: res.status, body };
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

/** An Enterprise account (unlimited requests, dedicated priority) to load the API with. */
async function enterpriseToken(base) {
  const email = `bench-${Date.now()}@example.com`;
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
  return login.body.tokens;
}

const pct = (sorted, p) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : NaN;

async function cell(base, auth, words, clients, seed) {
  const latencies = [];
  let errors = 0;
  let n = seed;
  const until = Date.now() + SECONDS * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (Date.now() < until) {
        const text = textOf(words, n++);
        const t0 = performance.now();
        const res = await fetch(`${base}/ai/detect?mode=moderate`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${auth.accessToken}` },
          body: JSON.stringify({ text }),
        }).catch(() => undefined);
        if (res) await res.arrayBuffer();
        if (res?.status === 200) latencies.push(performance.now() - t0);
        else errors++;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    words,
    clients,
    ok: latencies.length,
    errors,
    rps: latencies.length / seconds,
    p50: pct(latencies, 50),
    p95: pct(latencies, 95),
  };
}

async function run(label, base, auth) {
  const rows = [];
  let seed = 1;
  for (const words of [100, 500]) {
    await cell(base, auth, words, 2, 9_000_000 + words); // warm-up (models, JIT), not reported
    for (const clients of [1, 10, 50]) {
      const r = await cell(base, auth, words, clients, (seed += 100_000));
      rows.push(r);
      console.log(
        `| ${label} | ${words} | ${clients} | ${r.rps.toFixed(1)} | ${r.p50.toFixed(0)} | ${r.p95.toFixed(0)} | ${r.ok} | ${r.errors} |`,
      );
    }
  }
  return rows;
}

console.log(`POST /ai/detect?mode=moderate, ${SECONDS} s per cell, every text different (no cache)\n`);
console.log('| mode | words | clients | req/s | p50 ms | p95 ms | answered | errors |');
console.log('|---|---:|---:|---:|---:|---:|---:|---:|');

const tmp = mkdtempSync(join(tmpdir(), 'inkprint-api-bench-'));
const common = {
  NODE_ENV: 'development',
  LOG_LEVEL: 'warn',
  SUPER_ADMIN_EMAIL: ROOT.email,
  SUPER_ADMIN_PASSWORD: ROOT.password,
  WORKER_CONCURRENCY: '2',
};
try {
  const port = 3300 + Math.floor(Math.random() * 50);
  const api = start(
    process.execPath,
    ['apps/api/dist/main.js'],
    // Embedded whatever the shell exports (services env): no PostgreSQL, no Kafka (undefined drops the variable).
    { ...common, PORT: String(port), DATA_DIR: join(tmp, 'pglite'), DATABASE_URL: undefined, KAFKA_BROKERS: undefined },
    'api',
  );
  const base = `http://127.0.0.1:${port}`;
  try {
    await waitHealthy(base);
    await run('embedded', base, await enterpriseToken(base));
  } finally {
    await api.stop();
  }

  const servicesEnv = join(repo, '.services/env');
  const env = { ...process.env };
  if (existsSync(servicesEnv))
    for (const line of readFileSync(servicesEnv, 'utf8').split('\n'))
      if (line.includes('=')) env[line.split('=')[0]] = line.slice(line.indexOf('=') + 1);
  const database = env.DATABASE_URL ?? env.TEST_DATABASE_URL;
  if (database && env.KAFKA_BROKERS) {
    const prefix = `inkprint-bench-${Date.now().toString(36)}`;
    const dbName = `inkprint_bench_${Date.now().toString(36)}`;
    const admin = database;
    const { default: pg } = await import('pg');
    const client = new pg.Client({ connectionString: admin });
    await client.connect();
    await client.query(`create database ${dbName}`);
    await client.end();
    const url = new URL(admin);
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
    const dbase = `http://127.0.0.1:${dport}`;
    try {
      await waitHealthy(dbase);
      await run('distributed (2 workers)', dbase, await enterpriseToken(dbase));
    } finally {
      await dapi.stop();
      await Promise.all(workers.map((w) => w.stop()));
      const drop = new pg.Client({ connectionString: admin });
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
