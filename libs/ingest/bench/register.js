// Minimal TypeScript require hook on the already-installed @swc/core, for the bench:
//   node -r ./bench/register.js bench/ingest.bench.ts      (from libs/ingest)
// @inkprint/<lib> resolves to libs/<lib>/src, as in Jest.
const fs = require('node:fs');
const path = require('node:path');
const Module = require('node:module');
const { transformSync } = require('@swc/core');

const libs = path.join(__dirname, '..', '..');
const resolve = Module._resolveFilename;
Module._resolveFilename = function (request, parent, ...rest) {
  const lib = /^@inkprint\/([^/]+)$/.exec(request);
  if (lib && fs.existsSync(path.join(libs, lib[1], 'src'))) request = path.join(libs, lib[1], 'src');
  return resolve.call(this, request, parent, ...rest);
};

Module._extensions['.ts'] = function compileTs(module, filename) {
  const { code } = transformSync(fs.readFileSync(filename, 'utf8'), {
    filename,
    sourceMaps: 'inline',
    jsc: { parser: { syntax: 'typescript' }, target: 'es2022' },
    module: { type: 'commonjs' },
  });
  module._compile(code, filename);
};
