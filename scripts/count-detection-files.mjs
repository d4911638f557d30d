#!/usr/bin/env node
/* global fetch, setTimeout */
// The repository's source files that one detection runs code in, by V8 coverage (issue 27, docs/architecture.md):
//   node scripts/count-detection-files.mjs [--mode fast] [--list]
// It starts the API from source (scripts/ts-register.js) on a scratch PGlite folder, embedded, with one worker
// thread, and every thread under scripts/lib/coverage-probe.cjs. It signs an account up, runs three detections to
// warm every cache and lazy load, then resets the counts and sends:
//   1. `GET /api/no-such-route`, a request that only crosses the HTTP shell (middleware, guards, error filter);
//   2. one signed-in `POST /ai/detect?mode=…` with a text the cache has not seen, then the projections' catch-up
//      (they are stopped after the warm-up, so that neither window holds a poll that was due anyway).
// A file counts when one of its functions ran for that request: start-up and module bodies are left out (the counts
// are reset after the warm-up, and a file's top-level code is not a function call). Barrels (`index.ts` files that only
// re-export) are counted apart. Printed: every file per room with its lines, the total, and the total less the files
// the shell request also ran (what a reader following the detection's calls opens).
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BroadcastChannel } from 'node:worker_threads';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const option = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
const mode = option('--mode', 'fast');

async function measure() {
  const require = createRequire(import.meta.url);
  const { createApp } = require('../apps/api/src/app.factory.ts');
  const { loadConfig } = require('../apps/api/src/config/index.ts');
  const { PROJECTION_RUNNER } = require('../apps/api/src/platform/tokens.ts');

  const tmp = mkdtempSync(join(tmpdir(), 'count-detection-files-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: join(tmp, 'pglite'),
    PUBLIC_WEB_DIR: join(tmp, 'web'),
    ADMIN_WEB_DIR: join(tmp, 'admin'),
    ABUSE_LIMITS: 'off',
    WORKER_CONCURRENCY: '1',
  });
  const app = await createApp(config);
  await app.listen(0, '127.0.0.1');
  const base = `http://127.0.0.1:${app.getHttpServer().address().port}`;
  const runner = app.get(PROJECTION_RUNNER);
  const call = async (method, path, { body, token } = {}) => {
    const res = await fetch(base + path, {
      method,
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    return { status: res.status, body: await res.json().catch(() => null) };
  };

  try {
    const email = `count-${Date.now().toString(36)}@example.com`;
    const password = 'Corr3ct-horse-battery';
    await call('POST', '/auth/register', { body: { name: 'Ada Counter', email, password } });
    const mail = await call('GET', `/dev/mailbox/latest?to=${encodeURIComponent(email)}&kind=verification_code`);
    const otp = /\b(\d{6})\b/.exec(mail.body.text)[1];
    const token = (await call('POST', '/auth/verify-otp', { body: { email, otp } })).body.tokens.accessToken;
    let n = 0;
    const detect = async () => {
      const text = `Reference ${++n}. ${'The committee met on Tuesday to review the budget and the plans for next year in detail. '.repeat(6)}`;
      const res = await call('POST', `/ai/detect?mode=${mode}`, { body: { text }, token });
      if (res.status !== 200 || res.body.result.cached) throw new Error(`detection ${n}: ${JSON.stringify(res)}`);
    };
    for (let i = 0; i < 3; i++) await detect();
    await call('GET', '/api/no-such-route');
    // From here the projections run only when asked, so neither window holds a poll that was due anyway.
    await runner.stop();
    await runner.catchUpAll();

    await probes('reset');
    const shellStatus = (await call('GET', '/api/no-such-route')).status;
    const shell = await probes('take');
    await detect();
    await runner.catchUpAll();
    const detection = await probes('take');
    report(detection, shell, shellStatus);
  } finally {
    await app.close();
    rmSync(tmp, { recursive: true, force: true });
  }
}

/** Asks every thread's probe and gathers the answers (each thread answers at once; 500 ms is ample). */
async function probes(cmd) {
  const channel = new BroadcastChannel('inkprint:count-detection-files');
  const id = `${cmd}-${Math.random()}`;
  const files = new Map();
  const threads = [];
  channel.onmessage = ({ data }) => {
    if (data?.reply !== id) return;
    threads.push(data.thread);
    for (const [file, names] of Object.entries(data.files ?? {}))
      files.set(file, [...(files.get(file) ?? []), ...names]);
  };
  channel.postMessage({ cmd, id });
  await new Promise((resolve) => setTimeout(resolve, 500));
  channel.close();
  if (!threads.includes('main') || !threads.some((t) => t.startsWith('worker'))) {
    throw new Error(
      `${cmd}: answers from ${threads.join(', ') || 'no thread'}; the main thread and a worker must answer`,
    );
  }
  return files;
}

/** Repository source files only: not node_modules, not this script or its probe and loader. */
function sourceFiles(files) {
  const own = new Set([
    'scripts/count-detection-files.mjs',
    'scripts/lib/coverage-probe.cjs',
    'scripts/ts-register.js',
  ]);
  return [...files.keys()]
    .map((file) => relative(root, file).split(sep).join('/'))
    .filter((file) => !file.startsWith('..') && !file.includes('node_modules/') && !own.has(file))
    .sort();
}

const isBarrel = (file) =>
  /(^|\/)index\.ts$/.test(file) &&
  readFileSync(join(root, file), 'utf8')
    .replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, '')
    .split('\n')
    .every((line) => !line.trim() || /^\s*export\s+(\*|(type\s+)?\{[^}]*\})\s+from\s/.test(line));
const linesOf = (file) => readFileSync(join(root, file), 'utf8').split('\n').length - 1;
/** `apps/api/src/ai/detect/x.ts` → `apps/api/src/ai`; `libs/detector/src/core/x.ts` → `libs/detector/src`. */
const roomOf = (file) => {
  const parts = file.split('/');
  return parts[0] === 'apps' && parts[1] === 'api' && parts.length > 4
    ? parts.slice(0, 4).join('/')
    : parts.slice(0, 3).join('/');
};

function report(detection, shell, shellStatus) {
  const files = sourceFiles(detection);
  const barrels = files.filter(isBarrel);
  const code = files.filter((f) => !barrels.includes(f));
  const shellFiles = new Set(sourceFiles(shell));
  const own = code.filter((f) => !shellFiles.has(f));
  const apps = code.filter((f) => f.startsWith('apps/'));
  const appsOwn = own.filter((f) => f.startsWith('apps/'));
  const sum = (list) => list.reduce((total, f) => total + linesOf(f), 0);
  const rooms = new Map();
  for (const file of code) rooms.set(roomOf(file), [...(rooms.get(roomOf(file)) ?? []), file]);
  for (const [room, list] of [...rooms].sort()) {
    console.log(`${room}: ${list.length} files, ${sum(list)} lines`);
    if (args.includes('--list')) {
      for (const f of list)
        console.log(`  ${shellFiles.has(f) ? '(shell) ' : ''}${f.slice(room.length + 1)} ${linesOf(f)}`);
    }
  }
  console.log(`barrels (index.ts that only re-export): ${barrels.length} (${barrels.join(', ')})`);
  console.log(`the HTTP shell (GET /api/no-such-route, ${shellStatus}): ${shellFiles.size} files`);
  console.log(
    `one POST /ai/detect?mode=${mode}: ${code.length} files, ${sum(code)} lines (+ ${barrels.length} barrels)`,
  );
  console.log(`  less the files the shell request also ran: ${own.length} files, ${sum(own)} lines`);
  console.log(
    `  in apps/: ${apps.length} files, ${sum(apps)} lines; less the shell's: ${appsOwn.length} files, ${sum(appsOwn)} lines`,
  );
}

if (!args.includes('--measure')) {
  // The probe must be in NODE_OPTIONS (not only on this command line) to load in the worker threads too.
  const preload = ['scripts/lib/coverage-probe.cjs', 'scripts/ts-register.js'].map((f) => `--require ${join(root, f)}`);
  const child = spawn(process.execPath, [fileURLToPath(import.meta.url), '--measure', ...args], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NODE_OPTIONS: [process.env.NODE_OPTIONS ?? '', ...preload].join(' ').trim() },
  });
  child.on('exit', (code) => process.exit(code ?? 1));
} else {
  await measure();
}
