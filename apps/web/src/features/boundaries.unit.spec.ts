import * as fs from 'node:fs';
import * as path from 'node:path';

/**
 * Layer rule of conventions.md ("Frontends import features one way"): app -> features -> lib/components/config;
 * no feature imports another feature, and lib/components/config never import features or app.
 */
const SRC = path.join(__dirname, '..');

function files(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return files(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

function imports(file: string): string[] {
  const text = fs.readFileSync(file, 'utf8');
  return [...text.matchAll(/(?:from\s+|import\()\s*'(\.[^']+)'/g)].map((m) => path.resolve(path.dirname(file), m[1]));
}

const area = (file: string) => {
  const [top, name] = path.relative(SRC, file).split(path.sep);
  return top === 'features' ? `features/${name}` : top;
};

it('keeps features apart and shared layers below them', () => {
  const violations: string[] = [];
  for (const file of files(SRC)) {
    const from = area(file);
    for (const target of imports(file)) {
      const to = area(target);
      if (from === to) continue;
      const bad =
        (from.startsWith('features/') && (to.startsWith('features/') || to === 'app')) ||
        (['lib', 'components', 'config'].includes(from) && (to.startsWith('features/') || to === 'app'));
      if (bad) violations.push(`${path.relative(SRC, file)} -> ${path.relative(SRC, target)}`);
    }
  }
  expect(violations).toEqual([]);
});
