import * as path from 'node:path';
import { ESLint } from 'eslint';

// Proves the web and admin folder rules of eslint.config.js (import/no-restricted-paths) refuse what docs/web.md
// says no file may import, and let through what it allows.
const root = path.resolve(__dirname, '../../..');
const RULE = 'import/no-restricted-paths';

describe('web and admin folder boundaries (ESLint import/no-restricted-paths)', () => {
  const eslint = new ESLint({ cwd: root });
  const lint = async (file: string, from: string) => {
    const code = `import * as target from '${from}';\nexport const used = [target];\n`;
    const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
    return result.messages.filter((m) => m.ruleId === RULE).map((m) => m.message);
  };

  it.each([
    ['a feature imports another', 'apps/web/src/features/demo/violation.ts', '../reports/report-content'],
    ['a feature imports app/', 'apps/web/src/features/batches/violation.ts', '../../app/router'],
    ['lib/ imports a feature', 'apps/web/src/lib/violation.ts', '../features/demo/limits'],
    ['components/ import app/', 'apps/web/src/components/ui/violation.ts', '../../app/theme'],
    ['a console screen imports app/', 'apps/admin/src/users/violation.ts', '../app/config'],
    ['the console providers import a screen', 'apps/admin/src/providers/violation.ts', '../timeline/describe'],
  ])('refuses the import when %s', async (_case, file, from) => {
    expect(await lint(file, from)).toEqual([expect.stringContaining('may not import')]);
  });

  it.each([
    ['a feature imports its own files', 'apps/web/src/features/demo/allowed.ts', './limits'],
    ['a feature imports lib/', 'apps/web/src/features/demo/allowed.ts', '../../lib/ai-parts'],
    ['app/ imports a feature', 'apps/web/src/app/allowed.ts', '../features/demo/limits'],
    ['a console screen imports lib/', 'apps/admin/src/users/allowed.ts', '../lib/format'],
  ])('lets the import through when %s', async (_case, file, from) => {
    expect(await lint(file, from)).toEqual([]);
  });
});
