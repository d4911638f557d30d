import { execFileSync } from 'node:child_process';
import * as path from 'node:path';
import { ESLint } from 'eslint';

// Proves the lint rules constrain: a domain lib that imports infrastructure must fail `npm run lint`.
const root = path.resolve(__dirname, '../../..');

describe('module boundaries (ESLint + Nx tags)', () => {
  let eslint: ESLint;
  beforeAll(() => {
    // The Nx rule reads the project graph; without it the rule silently skips.
    execFileSync(path.join(root, 'node_modules/.bin/nx'), ['show', 'projects'], {
      cwd: root,
      env: { ...process.env, NX_DAEMON: 'false' },
    });
    eslint = new ESLint({ cwd: root });
  });

  const lint = async (file: string, code: string) => {
    const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
    return result.messages.filter((m) => m.ruleId === '@nx/enforce-module-boundaries').map((m) => m.message);
  };

  it('rejects infrastructure packages and infrastructure libs in a domain lib', async () => {
    const messages = await lint(
      'libs/plans-domain/src/violation.ts',
      "import { Pool } from 'pg';\nimport { PostgresEventStore } from '@inkprint/eventstore';\nexport const used = [Pool, PostgresEventStore];\n",
    );
    expect(messages).toEqual([
      expect.stringContaining('not allowed to import "pg"'),
      expect.stringContaining('can only depend on libs tagged with "type:domain", "type:contracts"'),
    ]);
  });

  it('lets an infrastructure lib use the domain kernel and its own packages', async () => {
    const messages = await lint(
      'libs/eventstore/src/allowed.ts',
      "import { DomainError } from '@inkprint/domain-kernel';\nimport { Pool } from 'pg';\nexport const used = [DomainError, Pool];\n",
    );
    expect(messages).toEqual([]);
  });
});
