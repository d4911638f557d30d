import { spawn } from 'node:child_process';
import * as path from 'node:path';
import { Writable } from 'node:stream';

const ROOT = path.resolve(__dirname, '../../../..');

/** A writable that keeps what a command wrote (stdout or stderr of runDetect / runHumanise). */
export class Capture extends Writable {
  chunks: string[] = [];
  isTTY?: boolean;
  override _write(chunk: Buffer, _enc: string, cb: () => void): void {
    this.chunks.push(chunk.toString());
    cb();
  }
  get text(): string {
    return this.chunks.join('');
  }
  get lines(): Record<string, unknown>[] {
    return this.text
      .split('\n')
      .filter((l) => l)
      .map((l) => JSON.parse(l) as Record<string, unknown>);
  }
}

/**
 * Runs the real `inkprint` process from the TypeScript sources (scripts/ts-register.js) with `args`, writes
 * `firstLine` and waits (stdin still open) for the first answer, then ends stdin with `rest` and waits for the exit.
 */
export async function runCliStreaming(
  args: string[],
  firstLine: string,
  rest: string,
  env: NodeJS.ProcessEnv = process.env,
): Promise<{
  firstAnswer: Record<string, unknown>;
  lines: Record<string, unknown>[];
  stderr: string;
  code: number | null;
}> {
  const child = spawn(
    process.execPath,
    ['-r', path.join(ROOT, 'scripts/ts-register.js'), path.join(ROOT, 'apps/cli/src/main.ts'), ...args],
    {
      cwd: ROOT,
      stdio: ['pipe', 'pipe', 'pipe'],
      env,
    },
  );
  let out = '';
  let stderr = '';
  child.stdout.on('data', (b: Buffer) => (out += b.toString()));
  child.stderr.on('data', (b: Buffer) => (stderr += b.toString()));
  child.stdin.write(`${firstLine}\n`);
  const deadline = Date.now() + 30000;
  while (!out.includes('\n') && Date.now() < deadline && child.exitCode === null)
    await new Promise((r) => setTimeout(r, 20));
  // stdin is still open here: an answer now proves the command streams.
  const firstAnswer = JSON.parse(out.split('\n')[0]) as Record<string, unknown>;
  child.stdin.end(rest);
  const code = await new Promise<number | null>((r) => child.on('close', r));
  const lines = out
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as Record<string, unknown>);
  return { firstAnswer, lines, stderr, code };
}
