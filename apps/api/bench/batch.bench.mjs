// `npm run bench -w @inkprint/api` (after detect.bench.mjs): one batch of BENCH_BATCH_FILES (50) files of
// BENCH_WORDS (500) words each, sent as multipart `files` to POST /ai/batches?mode= over HTTP against the built API,
// then GET /ai/batches/{id} every 25 ms until every file is settled (issue 29): time to the 202, time to the first
// result, time to the last, and files per second. Embedded (PGlite, in-process bus, worker threads) always;
// distributed (PostgreSQL + Kafka + 2 worker processes) when .services/env or DATABASE_URL + KAFKA_BROKERS are there.
// Every file is a different text (no cache hits). Settings: BENCH_BATCH_MODES (fast,moderate), BENCH_BATCH_FILES
// (50), BENCH_WORDS (500), BENCH_TARGETS (embedded,distributed). Loopback only; every loop is bounded in time.
/* global fetch, performance, setTimeout, FormData, Blob */
import { enterpriseTokens, json, list, onTargets, textOf } from './bench-support.mjs';

const MODES = list('BENCH_BATCH_MODES', 'fast,moderate');
const FILES = Number(process.env.BENCH_BATCH_FILES ?? 50);
const WORDS = Number(list('BENCH_WORDS', '500')[0]);
const TARGETS = list('BENCH_TARGETS', 'embedded,distributed');

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
  const token = (await enterpriseTokens(base, 'bench-batch')).accessToken;
  for (const mode of MODES) {
    const r = await batch(base, token, mode);
    console.log(
      `| ${label} | ${mode} | ${FILES} | ${WORDS} | ${r.acceptedMs.toFixed(0)} | ${r.firstMs.toFixed(0)} | ${(r.totalMs / 1000).toFixed(2)} | ${(FILES / (r.totalMs / 1000)).toFixed(1)} | ${r.failed} |`,
    );
  }
}

console.log('\n| target | mode | files | words | 202 after ms | first result ms | all done s | files/s | failed |');
console.log('|---|---|---:|---:|---:|---:|---:|---:|---:|');
await onTargets({
  targets: TARGETS,
  port: Number(process.env.BENCH_PORT ?? 3360 + Math.floor(Math.random() * 40)),
  name: 'batch-bench',
  embedded: (base) => run('embedded', base),
  distributed: (base) => run('distributed (2 workers)', base),
});
