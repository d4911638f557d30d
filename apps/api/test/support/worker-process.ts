import { spawn, type ChildProcess } from 'node:child_process';
import * as path from 'node:path';

const REPO = path.resolve(__dirname, '..', '..', '..', '..');

/** apps/detector-worker as its own process, exactly as in production, on a test's Kafka topics. */
export function startWorkerProcess(env: Record<string, string>): {
  process: ChildProcess;
  log: () => string;
  stop: () => Promise<void>;
} {
  let log = '';
  const child = spawn(process.execPath, ['-r', './scripts/ts-register.js', 'apps/detector-worker/src/main.ts'], {
    cwd: REPO,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d: Buffer) => (log += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (log += d.toString()));
  return {
    process: child,
    log: () => log,
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    },
  };
}
