// `npm run bench`: runs every workspace's `bench` script in turn (event store, detector, ...) and fails if one fails.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const only = process.argv.slice(2);
let failed = 0;
for (const group of ['libs', 'apps']) {
  for (const dir of readdirSync(join(root, group)).sort()) {
    const manifest = join(root, group, dir, 'package.json');
    if (!existsSync(manifest)) continue;
    const pkg = JSON.parse(readFileSync(manifest, 'utf8'));
    if (!pkg.scripts?.bench || (only.length && !only.includes(dir))) continue;
    process.stdout.write(`\n=== ${pkg.name}: ${pkg.scripts.bench}\n`);
    try {
      execFileSync('npm', ['run', '--silent', 'bench'], { cwd: join(root, group, dir), stdio: 'inherit' });
    } catch {
      failed++;
    }
  }
}
process.exit(failed ? 1 : 0);
