// The real `inkprint` process over pipes: streaming (an answer arrives while stdin is still open), error lines,
// no progress output when stderr is not a terminal. Runs the TypeScript sources through scripts/ts-register.js.
import { spawn } from 'node:child_process';
import * as path from 'node:path';

const root = path.resolve(__dirname, '../../../..');
const TEXT =
  'The committee met on Tuesday to review the budget. Several members raised concerns about the timeline, and the chair ' +
  'agreed to revisit the numbers next month. Meanwhile, staff will prepare a short report on costs and benefits for everyone.';

describe('inkprint detect (process)', () => {
  it('answers each line as it arrives and turns bad lines into error lines', async () => {
    const child = spawn(process.execPath, ['-r', path.join(root, 'scripts/ts-register.js'), path.join(root, 'apps/cli/src/main.ts'), 'detect', '--mode', 'fast', '--compact'], {
      cwd: root,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (b: Buffer) => (out += b.toString()));
    child.stderr.on('data', (b: Buffer) => (err += b.toString()));
    child.stdin.write(`${JSON.stringify({ id: 'one', text: TEXT })}\n`);
    const deadline = Date.now() + 30000;
    while (!out.includes('\n') && Date.now() < deadline && child.exitCode === null) await new Promise((r) => setTimeout(r, 20));
    // stdin is still open: the first answer must already be there
    expect(JSON.parse(out.split('\n')[0])).toMatchObject({ id: 'one', mode: 'fast' });
    child.stdin.end('oops\n');
    const code = await new Promise<number | null>((r) => child.on('close', r));
    expect(code).toBe(0);
    const lines = out.trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatchObject({ id: null, line: 2, error: { code: 'INVALID_JSON' } });
    expect(err).not.toMatch(/docs\/s/);
    expect(err).toMatch(/1 of 2 lines could not be scored/);
  });
});
