// `npm run bench -w @inkprint/api` (part of `npm run bench`): POST /ai/detect over HTTP against the built API, as a
// user would call it, per detection mode at 1, 10 and 50 concurrent clients, next to the engine alone on the same
// texts in the same run (as many worker threads as the API has). Embedded mode (PGlite, in-process bus, worker
// threads) always; distributed mode (PostgreSQL + Kafka + 2 separate worker processes) when .services/env or
// DATABASE_URL + KAFKA_BROKERS are there. Every request sends a different text (no cache hits). Then (embedded) the
// flat-history cell: the same cell on a fresh account and after BENCH_HISTORY earlier requests on one account; and
// the overload cell: BENCH_OVERLOAD_CLIENTS clients, counting the requests shed with 503 SERVICE_UNAVAILABLE.
//
// Settings (environment): BENCH_SECONDS (8) per cell; BENCH_MODES (fast,moderate); BENCH_WORDS (500);
// BENCH_CLIENTS (1,10,50); BENCH_TARGETS (embedded,distributed); BENCH_HISTORY (10000; 0 skips the cell);
// BENCH_OVERLOAD_CLIENTS (200; 0 skips); BENCH_ENGINE (1; 0 skips the engine-only figures); BENCH_REPO (the repository
// whose build is measured; default this one); BENCH_NODE_OPTIONS (flags of the embedded API process, comma-separated). One cell: BENCH_TARGETS=embedded BENCH_MODES=fast BENCH_CLIENTS=50
// BENCH_HISTORY=0 BENCH_OVERLOAD_CLIENTS=0. Loopback only; every loop is bounded in time.
/* global fetch, performance, setTimeout */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { enterpriseTokens as enterpriseToken, list, onTargets, repo, textOf, THREADS } from './bench-support.mjs';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const MODES = list('BENCH_MODES', 'fast,moderate');
const WORDS = list('BENCH_WORDS', '500').map(Number);
const CLIENTS = list('BENCH_CLIENTS', '1,10,50').map(Number);
const TARGETS = list('BENCH_TARGETS', 'embedded,distributed');
const HISTORY = Number(process.env.BENCH_HISTORY ?? 10_000);
const OVERLOAD = Number(process.env.BENCH_OVERLOAD_CLIENTS ?? 200);
const ENGINE = process.env.BENCH_ENGINE !== '0';

/**
 * CPU seconds (user + system) of a process so far, and of its main thread alone (Linux /proc; null elsewhere). In
 * embedded mode the main thread is the request path (HTTP, PGlite, projections) and the worker threads the engine:
 * CPU per request stays comparable when other work shares the machine, where requests per second does not.
 */
function cpuSeconds(pid) {
  const read = (path) => {
    try {
      const fields = readFileSync(path, 'utf8').split(') ')[1].split(' ');
      return (Number(fields[11]) + Number(fields[12])) / 100; // utime + stime, clock ticks of 10 ms
    } catch {
      return null;
    }
  };
  return pid ? { process: read(`/proc/${pid}/stat`), main: read(`/proc/${pid}/task/${pid}/stat`) } : null;
}

const pct = (sorted, p) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : NaN;

/** The API's `inkprint_sql_statements_total` (NaN when /metrics does not have it). */
async function statementsSent(base) {
  const text = await (await fetch(`${base}/metrics`).catch(() => undefined))?.text().catch(() => '');
  const line = (text ?? '').split('\n').find((l) => l.startsWith('inkprint_sql_statements_total '));
  return line ? Number(line.split(' ')[1]) : NaN;
}

/** `clients` loops sending different texts for SECONDS (or until `count` were answered): answered, shed (503), failed. */
async function cell(base, auth, { mode, words, clients, seed, count = Infinity, seconds = SECONDS }) {
  const cpuBefore = cpuSeconds(apiPid);
  const statementsBefore = await statementsSent(base);
  const latencies = [];
  let errors = 0;
  let shed = 0;
  let n = seed;
  const until = Date.now() + seconds * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (Date.now() < until && latencies.length < count) {
        const text = textOf(words, n++);
        const t0 = performance.now();
        const res = await fetch(`${base}/ai/detect?mode=${mode}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${auth.accessToken}` },
          body: JSON.stringify({ text }),
        }).catch(() => undefined);
        if (res) await res.arrayBuffer();
        if (res?.status === 200) latencies.push(performance.now() - t0);
        else if (res?.status === 503) {
          // Shed under load: a well-behaved client waits as Retry-After says before its next request.
          shed++;
          await new Promise((r) => setTimeout(r, 1000 * Number(res.headers.get('retry-after') ?? 1)));
        } else errors++;
      }
    }),
  );
  const secs = (performance.now() - started) / 1000;
  const cpuAfter = cpuSeconds(apiPid);
  const statements = ((await statementsSent(base)) - statementsBefore) / latencies.length;
  const perRequest = (key) =>
    cpuBefore?.[key] != null && cpuAfter?.[key] != null && latencies.length
      ? (1000 * (cpuAfter[key] - cpuBefore[key])) / latencies.length
      : NaN;
  latencies.sort((a, b) => a - b);
  return {
    statements,
    cpuPath: perRequest('main'),
    cpuAll: perRequest('process'),
    mode,
    words,
    clients,
    ok: latencies.length,
    shed,
    errors,
    rps: latencies.length / secs,
    p50: pct(latencies, 50),
    p95: pct(latencies, 95),
  };
}

const row = (label, r, engine) =>
  console.log(
    `| ${label} | ${r.mode} | ${r.words} | ${r.clients} | ${r.rps.toFixed(1)} | ${r.p50.toFixed(0)} | ${r.p95.toFixed(0)} | ${
      engine ? `${((100 * r.rps) / engine).toFixed(0)}%` : '-'
    } | ${r.cpuPath.toFixed(1)} | ${r.cpuAll.toFixed(1)} | ${Number.isNaN(r.statements) ? '-' : r.statements.toFixed(1)} | ${r.ok} | ${r.shed} | ${r.errors} |`,
  );

/**
 * The engine alone: THREADS worker threads, each with its own detector, on the same kind of texts (texts/s). One pool
 * for every mode: onnxruntime's native module cannot be loaded again in a new thread once a thread that loaded it ended.
 */
let enginePool;
async function engineOnly(mode, words, seconds = SECONDS) {
  const source = `
    const { parentPort, workerData } = require('node:worker_threads');
    const { createDetector } = require(workerData.detector);
    (async () => {
      const d = await createDetector({ threads: 1, modelsDir: workerData.models });
      parentPort.postMessage('ready');
      let job;
      parentPort.on('message', async (message) => {
        if (message !== 'go') {
          job = message;
          for (let k = 0; k < 3; k++) await d.detect(job.texts[k], { mode: job.mode });
          return parentPort.postMessage('warm');
        }
        const { mode, texts, ms } = job;
        const end = Date.now() + ms;
        let n = 0;
        while (Date.now() < end) { await d.detect(texts[n % texts.length], { mode }); n++; }
        parentPort.postMessage(n);
      });
    })();`;
  if (!enginePool) {
    enginePool = Array.from(
      { length: THREADS },
      () =>
        new Worker(source, {
          eval: true,
          workerData: { detector: join(repo, 'libs/detector/dist/index.js'), models: join(repo, 'models') },
        }),
    );
    await Promise.all(enginePool.map((w) => new Promise((r) => w.once('message', r))));
  }
  const texts = Array.from({ length: 64 }, (_, k) => textOf(words, 5_000_000 + k));
  const next = (w) => new Promise((r) => w.once('message', r));
  await Promise.all(enginePool.map((w) => (w.postMessage({ mode, texts, ms: seconds * 1000 }), next(w))));
  const t0 = performance.now();
  const counts = await Promise.all(enginePool.map((w) => (w.postMessage('go'), next(w))));
  const secs = (performance.now() - t0) / 1000;
  return counts.reduce((a, b) => a + b, 0) / secs;
}

const engine = new Map();
let seed = 1;
/** The API process being measured (its CPU time per request). */
let apiPid;

async function run(label, base, auth) {
  for (const mode of MODES) {
    for (const words of WORDS) {
      await cell(base, auth, { mode, words, clients: 2, seed: 9_000_000 + words, seconds: 3 }); // warm-up
      for (const clients of CLIENTS) {
        const r = await cell(base, auth, { mode, words, clients, seed: (seed += 100_000) });
        row(label, r, engine.get(`${mode}/${words}`));
      }
    }
  }
}

/** The same cell on a fresh account and after HISTORY earlier requests on one account (cost flat in history). */
async function flatHistory(base) {
  const [mode, words, clients] = [MODES[0], WORDS.at(-1), CLIENTS.at(-1)];
  const fresh = await cell(base, await enterpriseToken(base), { mode, words, clients, seed: (seed += 100_000) });
  const auth = await enterpriseToken(base);
  const t0 = performance.now();
  const filled = await cell(base, auth, {
    mode,
    words: 60,
    clients: 50,
    seed: 20_000_000,
    count: HISTORY,
    seconds: 1_800,
  });
  const fill = ((performance.now() - t0) / 1000).toFixed(0);
  const after = await cell(base, auth, { mode, words, clients, seed: (seed += 100_000) });
  console.log(
    `\nFlat history (${mode}, ${words} words, ${clients} clients; history: ${filled.ok} requests in ${fill} s):\n`,
  );
  console.log('| account | req/s | p50 ms | p95 ms | API main thread CPU ms/req | SQL statements/req | errors |');
  console.log('|---|---:|---:|---:|---:|---:|---:|');
  for (const [name, r] of [
    ['fresh', fresh],
    [`after ${filled.ok} requests`, after],
  ])
    console.log(
      `| ${name} | ${r.rps.toFixed(1)} | ${r.p50.toFixed(0)} | ${r.p95.toFixed(0)} | ${r.cpuPath.toFixed(1)} | ${r.statements.toFixed(1)} | ${r.errors} |`,
    );
  console.log(
    `\nafter / fresh: ${((100 * after.rps) / fresh.rps).toFixed(0)}% of the requests per second, ${((100 * after.cpuPath) / fresh.cpuPath).toFixed(0)}% of the main thread's CPU per request`,
  );
}

/** OVERLOAD clients at once: the API answers what it can within its queue and sheds the rest with 503. */
async function overload(base) {
  const [mode, words] = [MODES[0], WORDS.at(-1)];
  const r = await cell(base, await enterpriseToken(base), { mode, words, clients: OVERLOAD, seed: (seed += 100_000) });
  const shedLine = (await (await fetch(`${base}/metrics`)).text())
    .split('\n')
    .filter((l) => l.startsWith('inkprint_requests_shed_total'))
    .join('; ');
  console.log(`\nOverload (${mode}, ${words} words, ${OVERLOAD} clients):\n`);
  console.log('| req/s | p50 ms | p95 ms | answered | shed (503) | errors |');
  console.log('|---:|---:|---:|---:|---:|---:|');
  console.log(
    `| ${r.rps.toFixed(1)} | ${r.p50.toFixed(0)} | ${r.p95.toFixed(0)} | ${r.ok} | ${r.shed} | ${r.errors} |`,
  );
  console.log(`\n/metrics: ${shedLine || '(no inkprint_requests_shed_total)'}`);
}

console.log(
  `POST /ai/detect, ${SECONDS} s per cell, every text different (no cache); engine alone: ${THREADS} threads\n`,
);
if (ENGINE) {
  console.log('| engine alone | mode | words | texts/s |');
  console.log('|---|---|---:|---:|');
  for (const mode of MODES)
    for (const words of WORDS) {
      const rate = await engineOnly(mode, words);
      engine.set(`${mode}/${words}`, rate);
      console.log(`| ${THREADS} threads | ${mode} | ${words} | ${rate.toFixed(1)} |`);
    }
  await Promise.all(enginePool.map((w) => w.terminate()));
  console.log('');
}
console.log(
  '| target | mode | words | clients | req/s | p50 ms | p95 ms | of engine | API main thread CPU ms/req | API process CPU ms/req | SQL statements/req | answered | shed | errors |',
);
console.log('|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');

await onTargets({
  targets: TARGETS,
  port: Number(process.env.BENCH_PORT ?? 3300 + Math.floor(Math.random() * 50)),
  name: 'bench',
  // BENCH_NODE_OPTIONS: flags for the API process (e.g. --cpu-prof --cpu-prof-dir=DIR to see where its time goes).
  nodeArgs: list('BENCH_NODE_OPTIONS', ''),
  embedded: async (base, api) => {
    apiPid = api.child.pid;
    await run('embedded', base, await enterpriseToken(base));
    if (HISTORY > 0) await flatHistory(base);
    if (OVERLOAD > 0) await overload(base);
  },
  distributed: async (base, api) => {
    apiPid = api.child.pid;
    await run('distributed (2 workers)', base, await enterpriseToken(base));
  },
});
