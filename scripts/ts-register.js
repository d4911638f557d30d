// Lets plain `node` run the repo's TypeScript sources (bench scripts, test child processes):
//   node -r ./scripts/ts-register.js path/to/file.ts
// @inkprint/<lib> resolves to libs/<lib>/src, as in Jest.
const fs = require('node:fs');
const path = require('node:path');
const Module = require('node:module');
const { transformSync } = require('@swc/core');

const root = path.join(__dirname, '..');
const resolve = Module._resolveFilename;
Module._resolveFilename = function (request, parent, ...rest) {
  const lib = /^@inkprint\/([^/]+)$/.exec(request);
  if (lib && fs.existsSync(path.join(root, 'libs', lib[1], 'src'))) request = path.join(root, 'libs', lib[1], 'src');
  else if (lib?.[1] === 'detector-worker') request = path.join(root, 'apps', 'detector-worker', 'src');
  return resolve.call(this, request, parent, ...rest);
};

require.extensions['.ts'] = (module, filename) => {
  const { code } = transformSync(fs.readFileSync(filename, 'utf8'), {
    filename,
    sourceMaps: 'inline',
    jsc: {
      parser: { syntax: 'typescript', decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true },
      target: 'es2022',
    },
    module: { type: 'commonjs' },
  });
  module._compile(code, filename);
};
