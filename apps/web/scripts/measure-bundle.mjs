#!/usr/bin/env node
// Initial JavaScript of `/` in the production build, gzip level 9: the entry script of dist/index.html, its
// modulepreloads, the landing route chunk and every chunk those import statically (what the browser must fetch
// before the landing page renders). Usage: npx vite build && node scripts/measure-bundle.mjs [--max-kb 180]
import * as fs from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const dist = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
const start = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]);
const landing = fs.readdirSync(path.join(dist, 'assets')).find((f) => /^landing-.*\.js$/.test(f));
if (landing) start.push(`assets/${landing}`);

const seen = new Set();
const queue = [...start];
while (queue.length) {
  const file = queue.shift();
  if (seen.has(file)) continue;
  seen.add(file);
  const code = fs.readFileSync(path.join(dist, file), 'utf8');
  // Static imports only (`import{..}from"./x.js"` / `import"./x.js"`); `import("./x.js")` is lazy.
  for (const m of code.matchAll(/(?:^|[;\n])\s*import\s*(?:[^'"()]*?from\s*)?["'](\.\/[^"']+\.js)["']/g)) {
    queue.push(path.posix.join(path.posix.dirname(file), m[1]));
  }
}
let total = 0;
for (const file of seen) {
  const gz = gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length;
  total += gz;
  console.log(`${(gz / 1024).toFixed(1).padStart(7)} kB  ${file}`);
}
console.log(`${(total / 1024).toFixed(1).padStart(7)} kB  initial JS for / (gzip)`);
const max = process.argv.indexOf('--max-kb');
if (max > 0 && total / 1024 > Number(process.argv[max + 1])) {
  console.error(`over the ${process.argv[max + 1]} kB budget`);
  process.exit(1);
}
