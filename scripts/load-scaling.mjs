// `npm run bench:scaling`: detect requests/s of the distributed mode with 1, 2 and 3 detector-worker processes, in
// one run, against the built API on a fresh PostgreSQL database and a fresh Kafka topic prefix (.services/env).
// One API; workers are added one at a time (each pinned with `taskset -c` to CPU i mod nproc unless
// SCALING_PIN=off). For every step it prints req/s, p50/p95/p99, and where the time went, from the API's /metrics
// (append, job wait, worker engine time per request) and the CPU seconds each process group used (API, workers,
// PostgreSQL, Kafka, from /proc). Then the event sizes measured in the event store (bytes per detection), which
// docs/scaling.md uses for its arithmetic. SCALING_SECONDS (default 20) per step, SCALING_CLIENTS (default 32),
// SCALING_ORDER=down for 3, 2, 1 workers instead of 1, 2, 3; SCALING_MODE (default moderate) the detection mode
// (forensic: the engine's work dominates, so the workers are the bottleneck).
// Loopback only; every loop is bounded in time.
/* global fetch, performance, URL, setTimeout, setInterval, clearInterval, AbortSignal */
import { execFileSync, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const repo = join(dirname(fileURLToPath(import.meta.url)), '..');
const SECONDS = Number(process.env.SCALING_SECONDS ?? 20);
const CLIENTS = Number(process.env.SCALING_CLIENTS ?? 32);
const PIN = process.env.SCALING_PIN !== 'off';
const MAX_WORKERS = Number(process.env.SCALING_WORKERS ?? 3);
const DOWN = process.env.SCALING_ORDER === 'down';
const MODE = process.env.SCALING_MODE ?? 'moderate';
if (!['fast', 'moderate', 'strong', 'forensic'].includes(MODE))
  throw new Error(`SCALING_MODE ${MODE}: fast, moderate, strong or forensic`);
const ROOT = { email: 'scaling-root@example.com', password: 'Sc4ling-root-password!' };
const CLK_TCK = 100;
// As a Prometheus scraper asks (text/plain); with the web build served, `*/*` gets the SPA at /metrics (a routing
// gap reported to the API's owner: `metrics` is not among the API path prefixes).
const METRICS = { headers: { accept: 'text/plain' } };

for (const file of ['apps/api/dist/main.js', 'apps/detector-worker/dist/main.js'])
  if (!existsSync(join(repo, file))) {
    console.error(`${file} is missing: run \`npx tsc -b tsconfig.build.json\` first`);
    process.exit(1);
  }
const env = { ...process.env };
const servicesEnv = join(repo, '.services/env');
if (existsSync(servicesEnv))
  for (const line of readFileSync(servicesEnv, 'utf8').split('\n'))
    if (line.includes('=') && env[line.split('=')[0]] === undefined)
      env[line.split('=')[0]] = line.slice(line.indexOf('=') + 1);
const baseUrl = env.TEST_DATABASE_URL;
if (!baseUrl || !env.KAFKA_BROKERS) {
  console.error('PostgreSQL and Kafka are needed: scripts/services.sh start');
  process.exit(1);
}

// A ~500-word text, different for every n (the detection cache never answers); the load tests' fixture sentences.
const SENTENCES = readFileSync(join(repo, 'apps/api/test/load/support/texts.ts'), 'utf8')
  .split('\n')
  .map((l) => /^\s+'(.*)',$/.exec(l)?.[1])
  .filter(Boolean);
function text(n) {
  const out = [];
  let count = 0;
  for (let i = n; count < 500; i++) {
    const s = SENTENCES[(i * 7 + Math.floor(i / SENTENCES.length)) % SENTENCES.length];
    out.push(s);
    count += s.split(' ').length;
  }
  return `${out.join(' ')} (Note ${n}.)`;
}

function start(args, extraEnv, cpu) {
  const cmd = cpu === undefined ? process.execPath : 'taskset';
  const argv = cpu === undefined ? args : ['-c', String(cpu), process.execPath, ...args];
  const child = spawn(cmd, argv, { cwd: repo, env: { ...env, ...extraEnv }, stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  child.stdout.on('data', (d) => (log = (log + d).slice(-5000)));
  child.stderr.on('data', (d) => (log = (log + d).slice(-5000)));
  return {
    child,
    log: () => log,
    stop: () => new Promise((r) => (child.exitCode !== null ? r() : (child.once('exit', r), child.kill('SIGTERM')))),
  };
}

async function call(base, path, init = {}) {
  const res = await fetch(base + path, {
    ...init,
    headers: { 'content-type': 'application/json', ...(init.headers ?? {}) },
  });
  return { status: res.status, body: await res.json().catch(() => ({})) };
}

async function enterpriseToken(base) {
  const email = `scaling-${Date.now()}@example.com`;
  const password = 'Sc4ling-passw0rd!';
  await call(base, '/auth/register', { method: 'POST', body: JSON.stringify({ name: 'Scaling', email, password }) });
  const mail = await call(base, `/dev/mailbox/latest?to=${encodeURIComponent(email)}&kind=verification_code`);
  const otp = /\b(\d{6})\b/.exec(mail.body.text)[1];
  const verified = await call(base, '/auth/verify-otp', { method: 'POST', body: JSON.stringify({ email, otp }) });
  const root = await call(base, '/auth/login', { method: 'POST', body: JSON.stringify(ROOT) });
  await call(base, `/admin/users/${verified.body.user.id}/plan`, {
    method: 'POST',
    headers: { authorization: `Bearer ${root.body.tokens.accessToken}` },
    body: JSON.stringify({ planSlug: 'enterprise' }),
  });
  return (await call(base, '/auth/login', { method: 'POST', body: JSON.stringify({ email, password }) })).body.tokens
    .accessToken;
}

/** Sum and count of a histogram family on /metrics, optionally only label sets containing `filter`. */
function histogram(metrics, name, filter = '') {
  let sum = 0;
  let count = 0;
  for (const line of metrics.split('\n')) {
    if (filter && !line.includes(filter)) continue;
    if (line.startsWith(`${name}_sum`)) sum += Number(line.split(' ').pop());
    if (line.startsWith(`${name}_count`)) count += Number(line.split(' ').pop());
  }
  return { sum, count };
}

/** CPU seconds (user + system) used so far by the processes whose command line matches. */
function cpuSeconds(match) {
  let ticks = 0;
  for (const pid of readdirSync('/proc').filter((p) => /^\d+$/.test(p))) {
    try {
      const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ');
      if (!match(cmdline, pid)) continue;
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // the process ended meanwhile
    }
  }
  return ticks / CLK_TCK;
}

const pct = (sorted, p) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : NaN;

async function step(base, token, workers, seed) {
  const groups = {
    api: (c, pid) => pid === String(api.child.pid),
    workers: (c, pid) => workers.some((w) => String(w.child.pid) === pid),
    postgres: (c) => c.startsWith('postgres'),
    kafka: (c) => c.includes('kafka.Kafka'),
  };
  const cpu0 = Object.fromEntries(Object.entries(groups).map(([k, m]) => [k, cpuSeconds(m)]));
  const m0 = await (await fetch(`${base}/metrics`, METRICS)).text();
  const latencies = [];
  let errors = 0;
  let n = seed;
  const until = Date.now() + SECONDS * 1000;
  const t0 = performance.now();
  let maxLag = 0;
  const lagWatch = setInterval(async () => {
    const m = await (await fetch(`${base}/metrics`, METRICS).catch(() => undefined))?.text().catch(() => '');
    let lag = 0;
    for (const l of (m ?? '').split('\n'))
      if (l.startsWith('inkprint_projection_lag_events{')) lag = Math.max(lag, Number(l.split(' ').pop()));
    maxLag = Math.max(maxLag, lag);
  }, 1000);
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (Date.now() < until) {
        const started = performance.now();
        const res = await fetch(`${base}/ai/detect?mode=${MODE}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          body: JSON.stringify({ text: text(n++) }),
          signal: AbortSignal.timeout(60_000),
        }).catch(() => undefined);
        if (res) await res.arrayBuffer();
        if (res?.status === 200) latencies.push(performance.now() - started);
        else errors++;
      }
    }),
  );
  clearInterval(lagWatch);
  const seconds = (performance.now() - t0) / 1000;
  const m1 = await (await fetch(`${base}/metrics`, METRICS)).text();
  const cpu = Object.fromEntries(Object.entries(groups).map(([k, m]) => [k, cpuSeconds(m) - cpu0[k]]));
  const delta = (name, filter) => {
    const a = histogram(m0, name, filter);
    const b = histogram(m1, name, filter);
    return { sum: b.sum - a.sum, count: b.count - a.count };
  };
  const req = delta('inkprint_http_request_duration_seconds', 'route="/ai/detect"');
  const job = delta('inkprint_job_duration_seconds');
  const engine = delta('inkprint_detector_engine_seconds');
  const append = delta('inkprint_eventstore_append_seconds');
  latencies.sort((a, b) => a - b);
  const ok = latencies.length;
  const per = (x) => (ok ? (x.sum * 1000) / ok : NaN);
  return {
    workers: workers.length,
    ok,
    errors,
    rps: ok / seconds,
    p50: pct(latencies, 50),
    p95: pct(latencies, 95),
    p99: pct(latencies, 99),
    requestMs: req.count ? (req.sum * 1000) / req.count : NaN,
    jobMs: job.count ? (job.sum * 1000) / job.count : NaN,
    engineMs: engine.count ? (engine.sum * 1000) / engine.count : NaN,
    appendMsPerRequest: per(append),
    appendsPerRequest: ok ? append.count / ok : NaN,
    appendMs: append.count ? (append.sum * 1000) / append.count : NaN,
    maxLag,
    cpu: Object.fromEntries(Object.entries(cpu).map(([k, v]) => [k, v / seconds])),
  };
}

const tmp = mkdtempSync(join(tmpdir(), 'inkprint-scaling-'));
const dbName = `inkprint_test_scaling_${randomUUID().replace(/-/g, '').slice(0, 10)}`;
const admin = new pg.Client({ connectionString: baseUrl });
await admin.connect();
await admin.query(`create database ${dbName}`);
await admin.end();
const dbUrl = new URL(baseUrl);
dbUrl.pathname = `/${dbName}`;
const prefix = `inkprint-scaling-${Date.now().toString(36)}`;
const kafka = { KAFKA_BROKERS: env.KAFKA_BROKERS, KAFKA_TOPIC_PREFIX: prefix };
const ncpu = cpus().length;
const port = 3700 + Math.floor(Math.random() * 200);
const base = `http://127.0.0.1:${port}`;
const workers = [];
const api = start(['apps/api/dist/main.js'], {
  ...kafka,
  NODE_ENV: 'development',
  LOG_LEVEL: 'warn',
  PORT: String(port),
  SUPER_ADMIN_EMAIL: ROOT.email,
  SUPER_ADMIN_PASSWORD: ROOT.password,
  DATABASE_URL: dbUrl.toString(),
  WORKER_MODE: 'external',
  DATA_DIR: join(tmp, 'unused'),
});
const rows = [];
try {
  const deadline = Date.now() + 180_000;
  for (;;) {
    if ((await fetch(`${base}/health`).catch(() => undefined))?.status === 200) break;
    if (Date.now() > deadline || api.child.exitCode !== null) throw new Error(`API did not start:\n${api.log()}`);
    await new Promise((r) => setTimeout(r, 500));
  }
  const token = await enterpriseToken(base);
  console.log(
    `POST /ai/detect?mode=${MODE}, ~500 words, every text different; ${CLIENTS} clients, ${SECONDS} s per step; ` +
      `${ncpu} CPUs; workers ${PIN ? 'pinned to CPU i mod ' + ncpu : 'not pinned'}, WORKER_CONCURRENCY=1; ` +
      `API, PostgreSQL and Kafka unpinned on the same machine\n`,
  );
  console.log(
    '| workers | req/s | p50 ms | p95 ms | p99 ms | errors | job wait ms | engine ms | appends/req | append ms | max projection lag | CPU: API | workers | PostgreSQL | Kafka |',
  );
  console.log('|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
  let seed = 1;
  // SCALING_ORDER=down measures 3, 2, 1 (stopping a worker between steps): the store and the account's quota stream
  // grow during a run, so comparing both orders separates the worker count from what the run accumulated.
  const counts = Array.from({ length: MAX_WORKERS }, (_, i) => i + 1);
  if (DOWN) counts.reverse();
  for (const w of counts) {
    while (workers.length < w)
      workers.push(
        start(
          ['apps/detector-worker/dist/main.js'],
          { ...kafka, WORKER_CONCURRENCY: '1', LOG_LEVEL: 'warn' },
          PIN ? workers.length % ncpu : undefined,
        ),
      );
    while (workers.length > w) await workers.pop().stop();
    // Warm-up: the new worker joins the groups (rebalance) and loads its model; not measured.
    const warm = Date.now() + 8_000;
    while (Date.now() < warm)
      await fetch(`${base}/ai/detect?mode=${MODE}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ text: text(9_000_000 + seed++) }),
        signal: AbortSignal.timeout(60_000),
      }).catch(() => undefined);
    const r = await step(base, token, workers, (seed += 100_000));
    rows.push(r);
    const f = (x, d = 0) => (Number.isFinite(x) ? x.toFixed(d) : '-');
    console.log(
      `| ${r.workers} | ${f(r.rps, 1)} | ${f(r.p50)} | ${f(r.p95)} | ${f(r.p99)} | ${r.errors} | ${f(r.jobMs)} | ${f(r.engineMs)} | ${f(r.appendsPerRequest, 1)} | ${f(r.appendMs, 1)} | ${r.maxLag} | ${f(r.cpu.api, 2)} | ${f(r.cpu.workers, 2)} | ${f(r.cpu.postgres, 2)} | ${f(r.cpu.kafka, 2)} |`,
    );
  }
  const db = new pg.Client({ connectionString: dbUrl.toString() });
  await db.connect();
  const sizes = (
    await db.query(`select count(*)::int as events,
        count(*) filter (where event_type = 'DetectionRecorded')::int as detections,
        avg(octet_length(data::text) + octet_length(metadata::text))::int as json_bytes,
        pg_total_relation_size('es_events')::bigint as table_bytes,
        (select pg_database_size(current_database()))::bigint as database_bytes
      from es_events`)
  ).rows[0];
  const types = (
    await db.query(
      `select event_type, count(*)::int as n, avg(octet_length(data::text) + octet_length(metadata::text))::int as bytes
       from es_events group by 1 order by 2 desc limit 6`,
    )
  ).rows;
  await db.query('analyze');
  const tables = (
    await db.query(
      `select n.nspname || '.' || c.relname as name, pg_total_relation_size(c.oid)::bigint as bytes, c.reltuples::bigint as rows
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where c.relkind = 'r' and n.nspname not in ('pg_catalog', 'information_schema')
       order by 2 desc limit 6`,
    )
  ).rows;
  await db.end();
  console.log(
    `\nEvent store after the run: ${sizes.events} events, ${sizes.detections} detections (${(
      sizes.events / sizes.detections
    ).toFixed(2)} events per detection), ${sizes.json_bytes} bytes of JSON per event on average, es_events ${(
      Number(sizes.table_bytes) / sizes.events
    ).toFixed(0)} bytes per event on disk with indexes, database ${(Number(sizes.database_bytes) / 2 ** 20).toFixed(
      0,
    )} MiB`,
  );
  for (const t of types) console.log(`  ${t.event_type}: ${t.n} events, ${t.bytes} bytes JSON on average`);
  console.log('Largest tables (bytes per detection, indexes and TOAST included):');
  for (const t of tables)
    console.log(
      `  ${t.name}: ${(Number(t.bytes) / 2 ** 20).toFixed(1)} MiB, ~${t.rows} rows, ${(Number(t.bytes) / sizes.detections).toFixed(0)} B per detection`,
    );
  // Relative to the 1-worker step. Steps run one after another on a growing store: compare with SCALING_ORDER=down.
  const one = rows.find((r) => r.workers === 1)?.rps;
  if (one)
    console.log(
      `\nRelative to 1 worker: ${rows.map((r) => `${r.workers} worker(s) ${(r.rps / one).toFixed(2)}x`).join(', ')}`,
    );
} finally {
  await api.stop();
  await Promise.all(workers.map((w) => w.stop()));
  const drop = new pg.Client({ connectionString: baseUrl });
  await drop.connect();
  await drop.query(`drop database if exists ${dbName} with (force)`);
  await drop.end();
  // The run's topics are throw-away.
  try {
    execFileSync(
      process.execPath,
      [
        '-e',
        `const { Kafka, logLevel } = require('kafkajs');
         const a = new Kafka({ brokers: [process.argv[1]], logLevel: logLevel.NOTHING }).admin();
         a.connect().then(() => a.listTopics()).then((t) => a.deleteTopics({ topics: t.filter((x) => x.startsWith(process.argv[2] + '.')) }))
           .finally(() => a.disconnect());`,
        env.KAFKA_BROKERS,
        prefix,
      ],
      { cwd: repo, stdio: 'ignore', timeout: 30_000 },
    );
  } catch {
    // best effort
  }
  rmSync(tmp, { recursive: true, force: true });
}
