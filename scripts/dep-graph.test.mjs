// Proves scripts/dep-graph.mjs bites (issue 41): on made-up source folders it fails on a circle between folders, on
// one between files of one folder and on an import up a floor or sideways, and passes a graph that goes one way.
// `npm run lint` runs it with node --test.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { test } from 'node:test';

const script = join(dirname(fileURLToPath(import.meta.url)), 'dep-graph.mjs');

function graphOf(files) {
  const src = mkdtempSync(join(tmpdir(), 'dep-graph-'));
  try {
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(dirname(join(src, path)), { recursive: true });
      writeFileSync(join(src, path), text);
    }
    return spawnSync(process.execPath, [script, '--src', src], { encoding: 'utf8' });
  } finally {
    rmSync(src, { recursive: true, force: true });
  }
}

test('a graph that goes one way passes, and its arrows are printed', () => {
  const run = graphOf({
    'http/pipe.ts': 'export const pipe = 1;',
    'accounts/caller.ts': "import { pipe } from '../http/pipe';\nexport const caller = pipe;",
    'ai/detect.ts': "import type { caller } from '../accounts/caller';\nexport const detect = 1;",
    'ai/detect.spec.ts': "import { x } from '../accounts/spec-only';", // tests are left out
  });
  assert.equal(run.status, 0, run.stderr);
  assert.match(run.stdout, /accounts\s+-> http \(1\)/);
  assert.match(run.stdout, /ai\s+-> accounts \(1\)/);
});

test('a circle between folders fails, naming the imports that close it (type-only imports count)', () => {
  const run = graphOf({
    'accounts/profile.ts': "import { GuestId } from '../ai/caller';\nexport const profile = GuestId;",
    'accounts/index.ts': "export * from './profile';\nexport type Account = { id: string };",
    'ai/caller.ts': "import type { Account } from '../accounts';\nexport const GuestId = 1;",
  });
  assert.equal(run.status, 1);
  assert.match(run.stderr, /folders accounts <-> ai import each other/);
  assert.match(run.stderr, /accounts\/profile\.ts -> .*ai\/caller\.ts/);
});

test('a circle between the files of one folder fails too', () => {
  const run = graphOf({
    'ai/a.ts': "import { b } from './b';\nexport const a = b;",
    'ai/b.ts': "export { a as b } from './a';",
  });
  assert.equal(run.status, 1);
  assert.match(run.stderr, /files import each other in a circle/);
});

test('an import up a floor or sideways fails, with no circle needed, and so does a folder without a floor', () => {
  const up = graphOf({
    'usage/usage.service.ts': "import { guard } from '../accounts/guard';\nexport const usage = guard;",
    'accounts/guard.ts': 'export const guard = 1;',
  });
  assert.equal(up.status, 1);
  assert.match(up.stderr, /usage -> accounts goes up or sideways/);
  assert.match(up.stderr, /usage\/usage\.service\.ts -> .*accounts\/guard\.ts/);
  const sideways = graphOf({
    'admin/users.ts': "import { detect } from '../ai/detect';\nexport const users = detect;",
    'ai/detect.ts': 'export const detect = 1;',
  });
  assert.equal(sideways.status, 1);
  assert.match(sideways.stderr, /admin -> ai goes up or sideways/);
  const unknown = graphOf({ 'widgets/w.ts': 'export const w = 1;' });
  assert.equal(unknown.status, 1);
  assert.match(unknown.stderr, /folder widgets has no floor/);
});
