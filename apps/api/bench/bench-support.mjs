// What the API benches share (detect.bench.mjs, batch.bench.mjs): the repository whose build is measured, the texts,
// the child processes, an Enterprise account to load the API with, and the two targets, embedded (PGlite, in-process
// bus, worker threads) and distributed (PostgreSQL + Kafka + 2 worker processes, when .services/env or
// DATABASE_URL + KAFKA_BROKERS are there). Loopback only; every loop is bounded in time.
/* global fetch, URL, setTimeout */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** This checkout, and the one measured (BENCH_REPO, default this one). */
export const here = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
export const repo = process.env.BENCH_REPO ?? here;
/** Worker threads of the embedded API (and threads of the engine-only figure). */
export const THREADS = 2;
export const ROOT = { email: 'bench-root@example.com', password: 'Bench-r00t-password!' };

/** A comma-separated setting of the environment. */
export const list = (name, fallback) =>
  (process.env[name] ?? fallback)
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

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
export function textOf(words, n) {
  const out = [];
  let count = 0;
  for (let i = n; count < words; i++) {
    const sentence = SENTENCES[(i * 7) % SENTENCES.length];
    out.push(sentence);
    count += sentence.split(' ').length;
  }
  return `${out.join(' ')} Reference ${n}.`;
}

export function start(cmd, args, env, label) {
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

export async function json(base, path, init = {}) {
  const res = await fetch(base + path, {
    ...init,
    headers: { 'content-type': 'application/json', accept: 'application/json', ...(init.headers ?? {}) },
  });
  const body = await res.json().catch(() => ({}));
  return { status: res.status, body };
}

export async function waitHealthy(base, deadline = Date.now() + 120_000) {
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

/** The tokens of a new Enterprise account (unlimited requests, dedicated priority) to load the API with. */
export async function enterpriseTokens(base, emailPrefix = 'bench') {
  const email = `${emailPrefix}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
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

/**
 * Starts the built API as each of `targets` asks (embedded, distributed), waits until it is healthy, and hands
 * `embedded(base, api)` / `distributed(base, api)` its base URL and process; stops everything after each. `name`
 * names the temporary folder, the Kafka topic prefix and the PostgreSQL database; `nodeArgs` go to the embedded API.
 */
export async function onTargets({ targets, port, name, nodeArgs = [], embedded, distributed }) {
  const tmp = mkdtempSync(join(tmpdir(), `inkprint-${name}-`));
  const common = {
    NODE_ENV: 'development',
    LOG_LEVEL: 'warn',
    SUPER_ADMIN_EMAIL: ROOT.email,
    SUPER_ADMIN_PASSWORD: ROOT.password,
    WORKER_CONCURRENCY: String(THREADS),
  };
  try {
    if (targets.includes('embedded')) {
      const api = start(
        process.execPath,
        [...nodeArgs, 'apps/api/dist/main.js'],
        // Embedded whatever the shell exports (services env): no PostgreSQL, no Kafka (undefined drops the variable).
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
        await embedded(base, api);
      } finally {
        await api.stop();
      }
    }

    // The services this checkout started (scripts/services.sh), or those of the one the script lives in.
    const servicesEnv = [repo, here].map((root) => join(root, '.services/env')).find((f) => existsSync(f));
    const env = { ...process.env };
    if (servicesEnv)
      for (const line of readFileSync(servicesEnv, 'utf8').split('\n'))
        if (line.includes('=')) env[line.split('=')[0]] = line.slice(line.indexOf('=') + 1);
    const database = env.DATABASE_URL ?? env.TEST_DATABASE_URL;
    if (!targets.includes('distributed')) return;
    if (!database || !env.KAFKA_BROKERS) {
      console.log('\n(distributed mode skipped: start PostgreSQL and Kafka with scripts/services.sh start)');
      return;
    }
    const prefix = `inkprint-${name}-${Date.now().toString(36)}`;
    const dbName = `inkprint_${name.replace(/-/g, '_')}_${Date.now().toString(36)}`;
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
      const base = `http://127.0.0.1:${dport}`;
      await waitHealthy(base);
      await distributed(base, dapi);
    } finally {
      await dapi.stop();
      await Promise.all(workers.map((w) => w.stop()));
      const drop = new pg.Client({ connectionString: database });
      await drop.connect();
      await drop.query(`drop database if exists ${dbName} with (force)`);
      await drop.end();
    }
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}
