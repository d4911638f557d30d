// The real `inkprint humanise` process over pipes: an answer arrives while stdin is still open; bad lines become
// error lines. Runs the TypeScript sources through scripts/ts-register.js with the heuristic detector (fast start).
import { spawn } from 'node:child_process';
import * as path from 'node:path';

const root = path.resolve(__dirname, '../../../..');
const TEXT =
  'Moreover, it is important to note that the committee utilized numerous tools in 2024 to review the budget. ' +
  'Furthermore, the chair agreed to revisit the numbers in order to ensure a comprehensive review of all 12 items.';

describe('inkprint humanise (process)', () => {
  it('streams one JSON line per input line', async () => {
    const child = spawn(
      process.execPath,
      ['-r', path.join(root, 'scripts/ts-register.js'), path.join(root, 'apps/cli/src/main.ts'), 'humanise', '--tone', 'casual', '--engine', 'heuristic'],
      { cwd: root, stdio: ['pipe', 'pipe', 'pipe'], env: { ...process.env, HUMANISER_LLM_URL: '' } },
    );
    let out = '';
    let err = '';
    child.stdout.on('data', (b: Buffer) => (out += b.toString()));
    child.stderr.on('data', (b: Buffer) => (err += b.toString()));
    child.stdin.write(`${JSON.stringify({ id: 'one', text: TEXT })}\n`);
    const deadline = Date.now() + 30000;
    while (!out.includes('\n') && Date.now() < deadline && child.exitCode === null) await new Promise((r) => setTimeout(r, 20));
    const first = JSON.parse(out.split('\n')[0]) as Record<string, unknown>;
    expect(first).toMatchObject({ id: 'one', text: TEXT });
    expect(first.humanised).toContain('2024');
    child.stdin.end('oops\n');
    const code = await new Promise<number | null>((r) => child.on('close', r));
    expect(code).toBe(0);
    const lines = out.trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatchObject({ id: null, line: 2, error: { code: 'INVALID_JSON' } });
    expect(err).toMatch(/1 of 2 lines could not be humanised/);
  });
});
