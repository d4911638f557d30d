#!/usr/bin/env node
// The folder-level import graph of apps/api/src, from the code (issue 41): `node scripts/dep-graph.mjs [--files]`
// (`--src DIR` for another folder).
// Every non-test `.ts` file under apps/api/src is read with the TypeScript compiler's own import scanner
// (`ts.preProcessFile`: imports, `import type`, re-exports and `import()`), and each relative import is resolved to a
// file. A file's folder is its first folder under src/ (`accounts`, `ai`, ...; files at the top are `(root)`).
// Printed: each folder's arrows with the number of imports behind them. It exits 1 when the folders, or the files
// inside one folder, import each other in a circle, or a folder imports one on its own floor or above (FLOORS), naming
// the imports at fault (`--files` lists every one).
// `npm run lint` runs it, so a new circle or an import up a floor fails CI. docs/architecture.md shows its output.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const ts = require('typescript');

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
// `--src DIR`: another source folder (scripts/dep-graph.test.mjs proves the check bites on a made-up one).
const srcArg = process.argv.indexOf('--src');
const src = srcArg > 0 ? resolve(process.argv[srcArg + 1]) : join(root, 'apps/api/src');
const srcName = relative(root, src) || '.';
const isTest = (file) => /\.(spec|test)\.ts$/.test(file);

// The API's floors, lowest first (issue 41): a folder imports only folders on lower floors, so a request goes one way,
// http -> the caller (accounts) -> the use case -> usage (the quota) -> platform (store, job bus), read as imports
// upwards. Use cases on one floor do not import each other; a new folder needs a floor here.
const FLOORS = [
  ['config', 'http'],
  ['observability'],
  ['health'],
  ['mail', 'platform'],
  ['usage'],
  ['accounts'],
  ['admin', 'ai', 'blog', 'web-apps'],
  ['(root)', 'testing'],
];
const floorOf = new Map(FLOORS.flatMap((names, floor) => names.map((name) => [name, floor])));

function sourceFiles(folder) {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return name.endsWith('.ts') && !name.endsWith('.d.ts') && !isTest(name) ? [path] : [];
  });
}

function resolveImport(from, specifier) {
  if (!specifier.startsWith('.')) return null;
  const base = resolve(dirname(from), specifier);
  const candidates = [`${base}.ts`, join(base, 'index.ts'), base.replace(/\.js$/, '.ts')];
  return candidates.find((path) => path.startsWith(src + sep) && existsSync(path) && statSync(path).isFile()) ?? null;
}

const folderOf = (file) => {
  const parts = relative(src, file).split(sep);
  return parts.length > 1 ? parts[0] : '(root)';
};
const show = (file) => relative(root, file);

/** Strongly connected components (Tarjan): every group of nodes that reach each other. */
function circles(nodes, edgesOf) {
  let index = 0;
  const indexOf = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const found = [];
  const visit = (node) => {
    indexOf.set(node, index);
    low.set(node, index++);
    stack.push(node);
    onStack.add(node);
    for (const next of edgesOf(node)) {
      if (!indexOf.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node), low.get(next)));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node), indexOf.get(next)));
    }
    if (low.get(node) === indexOf.get(node)) {
      const group = [];
      let member;
      do {
        member = stack.pop();
        onStack.delete(member);
        group.push(member);
      } while (member !== node);
      if (group.length > 1) found.push(group.sort());
    }
  };
  for (const node of nodes) if (!indexOf.has(node)) visit(node);
  return found;
}

const files = sourceFiles(src).sort();
const imports = new Map(
  files.map((file) => {
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    const targets = importedFiles.map((i) => resolveImport(file, i.fileName)).filter((target) => target !== null);
    return [file, [...new Set(targets)]];
  }),
);

// Folder graph: folder -> folder -> the file imports behind the arrow.
const folders = [...new Set(files.map(folderOf))].sort();
const arrows = new Map(folders.map((folder) => [folder, new Map()]));
for (const [file, targets] of imports) {
  for (const target of targets) {
    const [from, to] = [folderOf(file), folderOf(target)];
    if (from === to) continue;
    const behind = arrows.get(from).get(to) ?? [];
    arrows.get(from).set(to, [...behind, `${show(file)} -> ${show(target)}`]);
  }
}

const listFiles = process.argv.includes('--files');
console.log(`${srcName}: ${files.length} files in ${folders.length} folders (tests left out)`);
for (const folder of folders) {
  const out = [...arrows.get(folder)].sort(([a], [b]) => a.localeCompare(b));
  console.log(
    `${folder.padEnd(13)} -> ${out.map(([to, behind]) => `${to} (${behind.length})`).join(', ') || '(none)'}`,
  );
  if (listFiles) for (const [, behind] of out) for (const line of behind) console.log(`    ${line}`);
}

const problems = [];
for (const group of circles(folders, (folder) => [...arrows.get(folder).keys()])) {
  const inside = group.flatMap((from) => group.flatMap((to) => arrows.get(from).get(to) ?? []));
  problems.push(`folders ${group.join(' <-> ')} import each other:\n    ${inside.join('\n    ')}`);
}
for (const group of circles(files, (file) => imports.get(file))) {
  problems.push(`files import each other in a circle:\n    ${group.map(show).join('\n    ')}`);
}
for (const folder of folders) {
  if (!floorOf.has(folder)) {
    problems.push(`folder ${folder} has no floor: add it to FLOORS in scripts/dep-graph.mjs`);
    continue;
  }
  for (const [to, behind] of arrows.get(folder)) {
    if (floorOf.has(to) && floorOf.get(to) < floorOf.get(folder)) continue;
    const where = floorOf.has(to)
      ? `floor ${floorOf.get(to)}, not below ${folder}'s ${floorOf.get(folder)}`
      : 'no floor';
    problems.push(`${folder} -> ${to} goes up or sideways (${to}: ${where}):\n    ${behind.join('\n    ')}`);
  }
}
if (problems.length > 0) {
  console.error(`\nImport rules broken in ${srcName}:\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
console.log(
  `\nFloors, lowest first (a folder imports only lower ones): ${FLOORS.map((f) => f.join(', ')).join(' < ')}.`,
);
console.log(`No import goes up or sideways between the folders of ${srcName}, and none runs in a circle.`);
