// The built `inkprint` (apps/cli/bin/inkprint.js running apps/cli/dist) against a PGlite data folder, as an
// operator runs it: help text, projections rebuild --all, retention purge --dry-run, accounts erase and the refusals.
import { execFileSync, spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { registerAccount, signUpAccount, type SignedUp } from '../testing/ops-fixtures';
import { openInkprintData } from '../ops/runtime';

jest.setTimeout(300_000);

const ROOT = path.resolve(__dirname, '../../../..');
const BIN = path.join(ROOT, 'apps/cli/bin/inkprint.js');

function inkprint(
  args: string[],
  env: NodeJS.ProcessEnv,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (b: Buffer) => (stdout += b.toString()));
    child.stderr.on('data', (b: Buffer) => (stderr += b.toString()));
    child.once('error', reject);
    child.once('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('inkprint operations commands (built CLI, PGlite)', () => {
  let dir: string;
  let env: NodeJS.ProcessEnv;
  let erin: SignedUp;

  beforeAll(async () => {
    // Build the CLI and the libraries it runs (incremental: quick when nothing changed).
    execFileSync(
      process.execPath,
      [path.join(ROOT, 'node_modules/typescript/bin/tsc'), '-b', 'apps/cli/tsconfig.json'],
      {
        cwd: ROOT,
        stdio: 'pipe',
      },
    );
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'inkprint-cli-ops-e2e-'));
    env = { PATH: process.env.PATH, HOME: process.env.HOME, DATA_DIR: path.join(dir, 'pglite') };
    const data = await openInkprintData({ DATA_DIR: env.DATA_DIR });
    try {
      for (const name of ['Ada', 'Grace']) await registerAccount(data.store, name);
      erin = await signUpAccount(data.store, 'Erin');
    } finally {
      await data.close(); // PGlite is one process at a time: the CLI opens it next
    }
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('documents the commands in its help', async () => {
    const help = await inkprint(['--help'], env);
    expect(help.code).toBe(0);
    for (const command of ['projections', 'events', 'retention', 'accounts']) expect(help.stdout).toContain(command);
    const replay = await inkprint(['events', 'replay', '--help'], env);
    expect(replay.stdout).toContain('--to-topic');
    expect(replay.stdout).toContain('dedupe by event id');
  });

  it('rebuilds every projection and reports it in one summary line; plain progress lines when not a terminal', async () => {
    const run = await inkprint(['projections', 'rebuild', '--all'], env);
    expect(run.stderr).not.toContain('\r');
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^rebuilt \d+ projections from \d+ events in \d+\.\d s\n$/);
    expect(run.stderr).toMatch(/rebuilding projections: (\d+)\/\1 projections\n$/);
    const status = await inkprint(['projections', 'status', '--json'], env);
    const rows = JSON.parse(status.stdout) as Array<{ name: string; lag: number }>;
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((row) => row.lag === 0)).toBe(true);
  });

  it('purge --dry-run says what would go; refusals are clear', async () => {
    const dry = await inkprint(['retention', 'purge', '--dry-run'], env);
    expect(dry.code).toBe(0);
    expect(dry.stdout).toMatch(/^would purge nothing in \d+\.\d s\n$/);

    const both = await inkprint(['projections', 'rebuild', 'users', '--all'], env);
    expect(both.code).toBe(1);
    expect(both.stderr).toContain('name one projection, or pass --all');
    const unknown = await inkprint(['projections', 'rebuild', 'nope'], env);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toMatch(/Unknown projection "nope"/);
    const noKafka = await inkprint(['events', 'replay', '--to-topic'], env);
    expect(noKafka.code).toBe(1);
    expect(noKafka.stderr).toContain('KAFKA_BROKERS is not set');
  });

  it('erases an account in one summary line; a second run says it was already erased; an unknown id is refused', async () => {
    const run = await inkprint(['accounts', 'erase', erin.accountId], env);
    expect(run.stderr).not.toContain('\r');
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(
      new RegExp(
        `^erased account ${erin.accountId}: e-mail address released, personal-data key destroyed, 1 session ended in \\d+\\.\\d s\n$`,
      ),
    );
    expect(run.stderr).toMatch(/erasing account: 6\/6 steps\n$/);

    const again = await inkprint(['accounts', 'erase', erin.accountId, '--json'], env);
    expect(again.code).toBe(0);
    expect(JSON.parse(again.stdout)).toMatchObject({
      accountId: erin.accountId,
      alreadyErased: true,
      sessionsEnded: 0,
    });
    const said = await inkprint(['accounts', 'erase', erin.accountId], env);
    expect(said.stdout).toMatch(/was already erased on .*; nothing to do/);

    const unknown = await inkprint(['accounts', 'erase', '00000000-0000-4000-8000-000000000000'], env);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('no account has the id 00000000-0000-4000-8000-000000000000');
  });
});
