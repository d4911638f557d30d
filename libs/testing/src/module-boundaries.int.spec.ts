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

  // Each file imports `pg` and one of our infrastructure libs: both imports must be refused.
  it.each([
    {
      room: 'a domain lib',
      file: 'libs/plans-domain/src/violation.ts',
      lib: "import { PostgresEventStore } from '@inkprint/eventstore-postgresql';",
      allowed: '"type:domain", "type:contracts"',
    },
    {
      room: "the event store's core (no database or broker driver)",
      file: 'libs/eventstore/src/violation.ts',
      lib: "import { KafkaJobBus } from '@inkprint/job-bus';",
      allowed: '"type:domain", "type:contracts", "type:testing"',
    },
  ])('rejects infrastructure packages and infrastructure libs in $room', async ({ file, lib, allowed }) => {
    const messages = await lint(file, `import { Pool } from 'pg';\n${lib}\nexport const used = [Pool];\n`);
    expect(messages).toEqual([
      expect.stringContaining('not allowed to import "pg"'),
      expect.stringContaining(`can only depend on libs tagged with ${allowed}`),
    ]);
  });

  it('lets an infrastructure lib use the domain kernel and its own packages', async () => {
    const messages = await lint(
      'libs/eventstore-postgresql/src/allowed.ts',
      "import { DomainError } from '@inkprint/domain-kernel';\nimport { Pool } from 'pg';\nexport const used = [DomainError, Pool];\n",
    );
    expect(messages).toEqual([]);
  });
});
