// The repo's one TypeScript loader for plain `node` (scripts, benches, test child processes, and the worker threads
// of libs/thread-pool when their handler is a `.ts` file):
//   node -r ./scripts/ts-register.js path/to/file.ts
// It compiles `.ts` with @swc/core and resolves `@inkprint/*` through each package.json's `exports` with the
// `source` condition (libs/<lib>/src), the condition Jest and Vite are given. Without this loader (the built API,
// the worker processes) Node takes the `default` condition: dist/.
// Node 20 sets export conditions only from the command line (`--conditions`), so the lookup below reads the
// `source` entry itself; it reads nothing but package.json.
const fs = require('node:fs');
const path = require('node:path');
const Module = require('node:module');

const INSTALLED = Symbol.for('inkprint.ts-register');

if (!globalThis[INSTALLED]) {
  globalThis[INSTALLED] = true;
  const { transformSync } = require('@swc/core');
  const packages = new Map();

  /** `@inkprint/<name>[/subpath]` → the file its package's `exports` gives under `source`, or undefined. */
  const sourceOf = (request, parent) => {
    const match = /^(@inkprint\/[^/]+)(\/.+)?$/.exec(request);
    if (!match) return undefined;
    const from = parent && parent.filename ? path.dirname(parent.filename) : process.cwd();
    for (const dir of Module._nodeModulePaths(from)) {
      const root = path.join(dir, match[1]);
      if (!packages.has(root)) {
        const file = path.join(root, 'package.json');
        packages.set(root, fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')).exports : null);
      }
      const exports = packages.get(root);
      if (exports === null) continue;
      const target = sourceTarget(exports, `.${match[2] ?? ''}`);
      return target && path.join(root, target);
    }
    return undefined;
  };

  const resolve = Module._resolveFilename;
  Module._resolveFilename = function (request, parent, ...rest) {
    return resolve.call(this, sourceOf(request, parent) ?? request, parent, ...rest);
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
}

/** The `source` target of `subpath` in an `exports` map: an exact key, or one `*` pattern (`./ai/*`). */
function sourceTarget(exports, subpath) {
  if (!exports || typeof exports !== 'object') return undefined;
  if (exports[subpath]) return exports[subpath].source;
  for (const [key, entry] of Object.entries(exports)) {
    const star = key.indexOf('*');
    if (star < 0 || !entry.source) continue;
    const [before, after] = [key.slice(0, star), key.slice(star + 1)];
    if (subpath.startsWith(before) && subpath.endsWith(after) && subpath.length >= key.length - 1) {
      return entry.source.replace('*', subpath.slice(before.length, subpath.length - after.length));
    }
  }
  return undefined;
}
