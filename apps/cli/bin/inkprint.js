#!/usr/bin/env node
// Runs the compiled CLI (apps/cli/dist/main.js, built by `npm run build` at the repository root).
const path = require('node:path');

const main = path.join(__dirname, '..', 'dist', 'main.js');
let cli;
try {
  cli = require(main);
} catch (e) {
  if (e && e.code === 'MODULE_NOT_FOUND' && String(e.message).includes(main)) {
    process.stderr.write('inkprint: the CLI is not built yet; run `npm run build` at the repository root first.\n');
    process.exit(1);
  }
  throw e;
}
cli.run(process.argv).catch((e) => {
  process.stderr.write(`inkprint: ${e && e.message ? e.message : String(e)}\n`);
  process.exitCode = 1;
});
